import { Fragment, useMemo } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { parseTextMenu, type TextMenuDish } from '../lib/parse-text-menu.ts';

/**
 * A venue with useTextMenu shows its free-text menu laid out for reading: its headings as
 * headings, each dish on a row with the price in a right-hand column and the description under
 * it, notes as paragraphs. Nothing here can be ordered.
 */
export function TextMenu({ text }: { text: string | null }) {
  const { t } = useTranslation();
  const blocks = useMemo(() => parseTextMenu(text ?? ''), [text]);
  if (blocks.length === 0) return <p className="py-12 text-center text-muted">{t('menu.empty')}</p>;
  return (
    <section aria-labelledby="text-menu-title" className="rounded-2xl border border-line bg-surface p-4">
      <h2 id="text-menu-title" className="sr-only">
        {t('menu.title')}
      </h2>
      <div className="flex flex-col gap-3 text-[0.95rem] leading-relaxed text-fg">
        {blocks.map((block, i) => (
          <Fragment key={i}>
            {block.kind === 'heading' ? (
              <h3 className={`${i === 0 ? '' : 'mt-3 border-t border-line pt-4'} text-base font-bold tracking-wide`}>
                {block.text}
              </h3>
            ) : block.kind === 'group' ? (
              <h4 className="mt-1 text-sm font-semibold text-muted">{block.text}</h4>
            ) : block.kind === 'paragraph' ? (
              <p className="text-sm text-muted">{block.text}</p>
            ) : (
              <ul className="flex flex-col gap-2.5">
                {block.dishes.map((dish, j) => (
                  <DishRow key={j} dish={dish} />
                ))}
              </ul>
            )}
          </Fragment>
        ))}
      </div>
    </section>
  );
}

function DishRow({ dish }: { dish: TextMenuDish }) {
  const details = [dish.note, ...dish.description].filter(Boolean);
  return (
    <li className={dish.nested ? 'pl-3' : ''}>
      <div className="flex items-baseline gap-3">
        <span className="min-w-0 flex-1 font-semibold">{dish.name}</span>
        <span className="shrink-0 text-right font-semibold whitespace-nowrap tabular-nums">{dish.price}</span>
      </div>
      {details.length > 0 ? <p className="text-sm text-muted">{details.join(' ')}</p> : null}
    </li>
  );
}
