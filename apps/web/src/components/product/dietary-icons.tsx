import { useTranslation } from '../../i18n/react.tsx';
import { capitalise, type DietaryIcon } from '@carte/domain/dietary';
import { Hint } from '../ui/hint.tsx';
import { icon, type IconComponent, type SpriteSymbol } from '../ui/icons.tsx';

// lucide bean
const Bean = icon(
  <>
    <path d="M10.165 6.598C9.954 7.478 9.64 8.36 9 9c-.64.64-1.521.954-2.402 1.165A6 6 0 0 0 8 22c7.732 0 14-6.268 14-14a6 6 0 0 0-11.835-1.402Z" />
    <path d="M5.341 10.62a4 4 0 1 0 5.279-5.28" />
  </>,
  'dietary-bean',
);
// lucide bean-off
const BeanOff = icon(
  <>
    <path d="M9 9c-.64.64-1.521.954-2.402 1.165A6 6 0 0 0 8 22a13.96 13.96 0 0 0 9.9-4.1" />
    <path d="M10.75 5.093A6 6 0 0 1 22 8c0 2.411-.61 4.68-1.683 6.66" />
    <path d="M5.341 10.62a4 4 0 0 0 6.487 1.208M10.62 5.341a4.015 4.015 0 0 1 2.039 2.04" />
    <line x1="2" x2="22" y1="2" y2="22" />
  </>,
  'dietary-bean-off',
);
// lucide egg
const Egg = icon(
  <>
    <path d="M12 2C8 2 4 8 4 14a8 8 0 0 0 16 0c0-6-4-12-8-12" />
  </>,
  'dietary-egg',
);
// lucide egg-off
const EggOff = icon(
  <>
    <path d="m2 2 20 20" />
    <path d="M20 14.347V14c0-6-4-12-8-12-1.078 0-2.157.436-3.157 1.19" />
    <path d="M6.206 6.21C4.871 8.4 4 11.2 4 14a8 8 0 0 0 14.568 4.568" />
  </>,
  'dietary-egg-off',
);
// lucide fish
const Fish = icon(
  <>
    <path d="M6.5 12c.94-3.46 4.94-6 8.5-6 3.56 0 6.06 2.54 7 6-.94 3.47-3.44 6-7 6s-7.56-2.53-8.5-6Z" />
    <path d="M18 12v.5" />
    <path d="M16 17.93a9.77 9.77 0 0 1 0-11.86" />
    <path d="M7 10.67C7 8 5.58 5.97 2.73 5.5c-1 1.5-1 5 .23 6.5-1.24 1.5-1.24 5-.23 6.5C5.58 18.03 7 16 7 13.33" />
    <path d="M10.46 7.26C10.2 5.88 9.17 4.24 8 3h5.8a2 2 0 0 1 1.98 1.67l.23 1.4" />
    <path d="m16.01 17.93-.23 1.4A2 2 0 0 1 13.8 21H9.5a5.96 5.96 0 0 0 1.49-3.98" />
  </>,
  'dietary-fish',
);
// lucide flame
const Flame = icon(
  <>
    <path d="M12 3q1 4 4 6.5t3 5.5a1 1 0 0 1-14 0 5 5 0 0 1 1-3 1 1 0 0 0 5 0c0-2-1.5-3-1.5-5q0-2 2.5-4" />
  </>,
  'dietary-flame',
);
// lucide leaf
const Leaf = icon(
  <>
    <path d="M11 20a10 10 0 0010-10 25.9 25.9 0 00-1.04-7.281 1 1 0 00-1.755-.325C15.833 5.5 13 5.5 9.8 6.1A7 7 0 0011 20" />
    <path d="M2 21a5 5 0 012.911-4.544C7.613 15.212 8.351 15.24 11 13" />
  </>,
  'dietary-leaf',
);
// lucide milk
const Milk = icon(
  <>
    <path d="M8 2h8" />
    <path d="M9 2v2.789a4 4 0 0 1-.672 2.219l-.656.984A4 4 0 0 0 7 10.212V20a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2v-9.789a4 4 0 0 0-.672-2.219l-.656-.984A4 4 0 0 1 15 4.788V2" />
    <path d="M7 15a6.472 6.472 0 0 1 5 0 6.47 6.47 0 0 0 5 0" />
  </>,
  'dietary-milk',
);
// lucide milk-off
const MilkOff = icon(
  <>
    <path d="M8 2h8" />
    <path d="M9 2v1.343M15 2v2.789a4 4 0 0 0 .672 2.219l.656.984a4 4 0 0 1 .672 2.22v1.131M7.8 7.8l-.128.192A4 4 0 0 0 7 10.212V20a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2v-3" />
    <path d="M7 15a6.47 6.47 0 0 1 5 0 6.472 6.472 0 0 0 3.435.435" />
    <line x1="2" x2="22" y1="2" y2="22" />
  </>,
  'dietary-milk-off',
);
// lucide nut
const Nut = icon(
  <>
    <path d="M16.847 5.847 20 9a7.23 7.23 0 011.551 7.516C21.241 17.352 21 17.932 21 19v1a1 1 0 01-1 1h-1c-1.069 0-1.648.242-2.485.552A7.2 7.2 0 019.002 20l-3.155-3.153" />
    <path d="M18.21 5.43c-1.71.69-5.07 1.07-6.71 1.07.46 1.38.91 2.74.61 4.88a.88.88 0 01-.73.74c-1.78.28-3.54-.17-4.88-.62 0 1.64-.38 5-1.07 6.71-.21.52-.82.55-1.17.12A10 10 0 0118.33 4.26c.43.35.4.97-.12 1.17" />
    <path d="M4.93 4.93 3 3a.7.7 0 010-1" />
  </>,
  'dietary-nut',
);
// lucide shrimp
const Shrimp = icon(
  <>
    <path d="M10 2a3.28 3.28 0 003.227 1.798l6.17-.561A1 1 0 1119.614 8H8.5a6.44 6.44 0 00-5.63 9.75A6.5 6.5 0 008.5 21c1.38 0 2-.5 2.5-1" />
    <path d="M10 8a8.5 8.5 0 000 8" />
    <path d="M11 22c-.5-.5-1.12-1-2.5-1a1 1 0 010-5H12a7 7 0 007-7V8" />
    <path d="M13 12h.01" />
    <path d="M8 16c-2 0-4.5-4-4-6" />
  </>,
  'dietary-shrimp',
);
// lucide tree-deciduous
const TreeDeciduous = icon(
  <>
    <path d="M8 19a4 4 0 0 1-2.24-7.32A3.5 3.5 0 0 1 9 6.03V6a3 3 0 1 1 6 0v.04a3.5 3.5 0 0 1 3.24 5.65A4 4 0 0 1 16 19Z" />
    <path d="M12 19v3" />
  </>,
  'dietary-tree-deciduous',
);
// lucide vegan
const Vegan = icon(
  <>
    <path d="M16 8q6 0 6-6-6 0-6 6" />
    <path d="M17.41 3.59a10 10 0 1 0 3 3" />
    <path d="M2 2a26.6 26.6 0 0 1 10 20c.9-6.82 1.5-9.5 4-14" />
  </>,
  'dietary-vegan',
);
// lucide wheat
const Wheat = icon(
  <>
    <path d="M2 22 16 8" />
    <path d="M3.47 12.53 5 11l1.53 1.53a3.5 3.5 0 0 1 0 4.94L5 19l-1.53-1.53a3.5 3.5 0 0 1 0-4.94Z" />
    <path d="M7.47 8.53 9 7l1.53 1.53a3.5 3.5 0 0 1 0 4.94L9 15l-1.53-1.53a3.5 3.5 0 0 1 0-4.94Z" />
    <path d="M11.47 4.53 13 3l1.53 1.53a3.5 3.5 0 0 1 0 4.94L13 11l-1.53-1.53a3.5 3.5 0 0 1 0-4.94Z" />
    <path d="M20 2h2v2a4 4 0 0 1-4 4h-2V6a4 4 0 0 1 4-4Z" />
    <path d="M11.47 17.47 13 19l-1.53 1.53a3.5 3.5 0 0 1-4.94 0L5 19l1.53-1.53a3.5 3.5 0 0 1 4.94 0Z" />
    <path d="M15.47 13.47 17 15l-1.53 1.53a3.5 3.5 0 0 1-4.94 0L9 15l1.53-1.53a3.5 3.5 0 0 1 4.94 0Z" />
    <path d="M19.47 9.47 21 11l-1.53 1.53a3.5 3.5 0 0 1-4.94 0L13 11l1.53-1.53a3.5 3.5 0 0 1 4.94 0Z" />
  </>,
  'dietary-wheat',
);
// lucide wheat-off
const WheatOff = icon(
  <>
    <path d="m2 22 10-10" />
    <path d="m16 8-1.17 1.17" />
    <path d="M3.47 12.53 5 11l1.53 1.53a3.5 3.5 0 0 1 0 4.94L5 19l-1.53-1.53a3.5 3.5 0 0 1 0-4.94Z" />
    <path d="m8 8-.53.53a3.5 3.5 0 0 0 0 4.94L9 15l1.53-1.53c.55-.55.88-1.25.98-1.97" />
    <path d="M10.91 5.26c.15-.26.34-.51.56-.73L13 3l1.53 1.53a3.5 3.5 0 0 1 .28 4.62" />
    <path d="M20 2h2v2a4 4 0 0 1-4 4h-2V6a4 4 0 0 1 4-4Z" />
    <path d="M11.47 17.47 13 19l-1.53 1.53a3.5 3.5 0 0 1-4.94 0L5 19l1.53-1.53a3.5 3.5 0 0 1 4.94 0Z" />
    <path d="m16 16-.53.53a3.5 3.5 0 0 1-4.94 0L9 15l1.53-1.53a3.49 3.49 0 0 1 1.97-.98" />
    <path d="M18.74 13.09c.26-.15.51-.34.73-.56L21 11l-1.53-1.53a3.5 3.5 0 0 0-4.62-.28" />
    <line x1="2" x2="22" y1="2" y2="22" />
  </>,
  'dietary-wheat-off',
);

// lucide leafy-green
const LeafyGreen = icon(
  <>
    <path d="M2 22c1.25-.987 2.27-1.975 3.9-2.2a5.56 5.56 0 0 1 3.8 1.5 4 4 0 0 0 6.187-2.353 3.5 3.5 0 0 0 3.69-5.116A3.5 3.5 0 0 0 20.95 8 3.5 3.5 0 1 0 16 3.05a3.5 3.5 0 0 0-5.831 1.373 3.5 3.5 0 0 0-5.116 3.69 4 4 0 0 0-2.348 6.155C3.499 15.42 4.409 16.712 4.2 18.1 3.926 19.743 3.014 20.732 2 22" />
    <path d="M2 22 17 7" />
  </>,
  'dietary-leafy-green',
);
// lucide droplet (mustard: a drop of sauce)
const Droplet = icon(
  <>
    <path d="M12 22a7 7 0 0 0 7-7c0-2-1-3.9-3-5.5s-3.5-4-4-6.5c-.5 2.5-2 4.9-4 6.5C6 11.1 5 13 5 15a7 7 0 0 0 7 7z" />
  </>,
  'dietary-droplet',
);
// three seeds (sesame), drawn in lucide's style: lucide has no seed icon
const Seeds = icon(
  <>
    <path d="M7 4c2 1.5 2 5.5 0 7-2-1.5-2-5.5 0-7Z" />
    <path d="M17 4c2 1.5 2 5.5 0 7-2-1.5-2-5.5 0-7Z" />
    <path d="M12 13c2 1.5 2 5.5 0 7-2-1.5-2-5.5 0-7Z" />
  </>,
  'dietary-seeds',
);
// lucide wine (sulphites)
const Wine = icon(
  <>
    <path d="M8 22h8" />
    <path d="M7 10h10" />
    <path d="M12 15v7" />
    <path d="M12 15a5 5 0 0 0 5-5c0-2-.5-4-2-8H9c-1.5 4-2 6-2 8a5 5 0 0 0 5 5Z" />
  </>,
  'dietary-wine',
);
// lucide flower-2 (lupin)
const Flower = icon(
  <>
    <path d="M12 5a3 3 0 1 1 3 3m-3-3a3 3 0 1 0-3 3m3-3v1M9 8a3 3 0 1 0 3 3M9 8h1m5 0a3 3 0 1 1-3 3m3-3h-1m-2 3v-1" />
    <circle cx="12" cy="8" r="2" />
    <path d="M12 10v12" />
    <path d="M12 22c4.2 0 7-1.667 7-5-4.2 0-7 1.667-7 5Z" />
    <path d="M12 22c-4.2 0-7-1.667-7-5 4.2 0 7 1.667 7 5Z" />
  </>,
  'dietary-flower',
);
// lucide shell (molluscs)
const Shell = icon(
  <>
    <path d="M14 11a2 2 0 1 1-4 0 4 4 0 0 1 8 0 6 6 0 0 1-12 0 8 8 0 0 1 16 0 10 10 0 1 1-20 0 11.93 11.93 0 0 1 2.42-7.22 2 2 0 1 1 3.16 2.44" />
  </>,
  'dietary-shell',
);

/** The one inline SVG set for the dietary identifiers: the 14 allergens (decision 017) and the labels (lucide's shapes, see ui/icons.tsx). */
const ICONS: Record<DietaryIcon, IconComponent> = {
  gluten: Wheat,
  crustaceans: Shrimp,
  eggs: Egg,
  fish: Fish,
  peanuts: Nut,
  soya: Bean,
  milk: Milk,
  'tree-nuts': TreeDeciduous,
  celery: LeafyGreen,
  mustard: Droplet,
  sesame: Seeds,
  sulphites: Wine,
  lupin: Flower,
  molluscs: Shell,
  'dairy-free': MilkOff,
  'gluten-free': WheatOff,
  'egg-free': EggOff,
  'bean-free': BeanOff,
  vegetarian: Leaf,
  vegan: Vegan,
  spicy: Flame,
};

/** The sprite symbols of the dietary icons among `ids` (for the page's <IconSprite>). */
export function dietarySymbols(ids: Iterable<string>): SpriteSymbol[] {
  const out: SpriteSymbol[] = [];
  for (const id of ids) {
    const symbol = iconFor(id.trim().toLowerCase())?.symbol;
    if (symbol && !out.includes(symbol)) out.push(symbol);
  }
  return out;
}

export function iconFor(id: string): IconComponent | undefined {
  return Object.prototype.hasOwnProperty.call(ICONS, id) ? ICONS[id as DietaryIcon] : undefined;
}

/**
 * Preferences and allergens in one row: an icon for the known identifiers, the capitalised
 * identifier as text for any other. The tooltip is the translation of the identifier, shown only
 * when one exists (spec section 2); without one, the accessible name is the capitalised identifier.
 */
export function DietaryIcons({ ids }: { ids: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const unique = [...new Set(ids.map((id) => id.trim().toLowerCase()).filter(Boolean))];
  if (unique.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={t('product.dietary')}>
      {unique.map((id) => {
        const key = `dietary.${id}`;
        const tooltip = !id.includes('.') && i18n.exists(key) ? t(key) : undefined;
        const Icon = iconFor(id);
        const chip = 'inline-flex h-7 items-center justify-center rounded-full bg-surface-2 text-muted';
        const content = Icon ? (
          <Icon aria-hidden="true" className="size-4" strokeWidth={1.75} />
        ) : (
          <span className="px-2 text-xs font-medium">{capitalise(id)}</span>
        );
        return (
          <li key={id} className="flex">
            {tooltip ? (
              <Hint label={tooltip} className={`${chip} ${Icon ? 'w-7' : ''}`}>
                {content}
              </Hint>
            ) : Icon ? (
              <span role="img" aria-label={capitalise(id)} className={`${chip} w-7`}>
                {content}
              </span>
            ) : (
              <span className={chip}>{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
