import { createContext, useContext, type ReactElement, type ReactNode, type SVGProps } from 'react';

/**
 * The guest pages' icons as plain inline SVG: the shapes of lucide (ISC licence, lucide.dev, the set
 * ui.md names) with its default attributes, without its runtime, so the first load carries only the
 * few paths it draws. Same props as the lucide components the code used: className, strokeWidth,
 * size, aria-* and role; like lucide, an icon with no accessible prop is hidden from assistive tech.
 * The staff area keeps lucide-react in its own chunks. The dietary icons live with the product card;
 * the icons of what loads after the first screen (checkout dialogs, order page, pay sheet) in
 * icons-later.tsx, so the first load carries only what the first screen draws.
 *
 * A page that draws the same icons many times (the menu: hundreds of cards) wraps them in an
 * <IconSprite>: the shapes are written once as <symbol>s and every icon inside draws
 * `<svg><use href="#…"/></svg>` (same box, same stroke, same look), not its own paths.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };
export interface SpriteSymbol {
  /** The element id of the symbol in the page. */
  id: string;
  viewBox: string;
  shape: ReactElement;
}
export type IconComponent = ((props: IconProps) => ReactElement) & { symbol?: SpriteSymbol };

const SpriteContext = createContext<ReadonlySet<string> | null>(null);

/** Whether the sprite around this component holds the symbol `id` (then draw `<use href="#id">`). */
export function useSpriteSymbol(id: string | undefined): boolean {
  const ids = useContext(SpriteContext);
  return Boolean(id && ids?.has(id));
}

/**
 * Writes the given symbols once (a hidden <svg>, server-rendered with the page) and lets the icons
 * inside draw references to them. Symbols are listed by the page, so the server and the client
 * render the same markup.
 */
export function IconSprite({ symbols, children }: { symbols: readonly SpriteSymbol[]; children: ReactNode }) {
  const unique = symbols.filter((s, i) => symbols.findIndex((o) => o.id === s.id) === i);
  const ids = new Set(unique.map((s) => s.id));
  return (
    <SpriteContext.Provider value={ids}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        aria-hidden="true"
        focusable="false"
        width="0"
        height="0"
        style={{ position: 'absolute', overflow: 'hidden' }}
      >
        {unique.map((s) => (
          <symbol key={s.id} id={s.id} viewBox={s.viewBox}>
            {s.shape}
          </symbol>
        ))}
      </svg>
      {children}
    </SpriteContext.Provider>
  );
}

export function icon(shape: ReactElement, name?: string): IconComponent {
  const symbol = name ? { id: `icon-${name}`, viewBox: '0 0 24 24', shape } : undefined;
  const Icon: IconComponent = function Icon({ size = 24, strokeWidth = 2, ...props }: IconProps) {
    const sprited = useSpriteSymbol(symbol?.id);
    const labelled = Object.keys(props).some((k) => k.startsWith('aria-') || k === 'role' || k === 'title');
    return (
      <svg
        // Inline in HTML an <svg> needs no namespace attribute: the sprite's references (hundreds on a
        // menu) go without it.
        xmlns={sprited ? undefined : 'http://www.w3.org/2000/svg'}
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={labelled ? undefined : 'true'}
        {...props}
      >
        {sprited && symbol ? <use href={`#${symbol.id}`} /> : shape}
      </svg>
    );
  };
  Icon.symbol = symbol;
  return Icon;
}

/** lucide arrow-up */
export const ArrowUp = icon(
  <>
    <path d="m5 12 7-7 7 7" />
    <path d="M12 19V5" />
  </>,
);
/** lucide book-open */
export const BookOpen = icon(
  <>
    <path d="M12 5v16" />
    <path d="M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z" />
  </>,
);
/** lucide chevron-down */
export const ChevronDown = icon(
  <>
    <path d="m6 9 6 6 6-6" />
  </>,
);
/** lucide circle-exclamation-point */
export const CircleAlert = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <line x1="12" x2="12" y1="8" y2="12" />
    <line x1="12" x2="12.01" y1="16" y2="16" />
  </>,
);
/** lucide languages */
export const Languages = icon(
  <>
    <path d="m5 8 6 6" />
    <path d="m4 14 6-6 2-3" />
    <path d="M2 5h12" />
    <path d="M7 2h1" />
    <path d="m22 22-5-10-5 10" />
    <path d="M14 18h6" />
  </>,
);
/** lucide message-circle */
export const MessageCircle = icon(
  <>
    <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />
  </>,
);
/** lucide minus */
export const Minus = icon(
  <>
    <path d="M5 12h14" />
  </>,
);
/** lucide plus */
export const Plus = icon(
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
  'plus',
);
/** lucide receipt */
export const Receipt = icon(
  <>
    <path d="M12 17V7" />
    <path d="M16 8h-6a2 2 0 0 0 0 4h4a2 2 0 0 1 0 4H8" />
    <path d="M4 3a1 1 0 0 1 1-1 1.3 1.3 0 0 1 .7.2l.933.6a1.3 1.3 0 0 0 1.4 0l.934-.6a1.3 1.3 0 0 1 1.4 0l.933.6a1.3 1.3 0 0 0 1.4 0l.933-.6a1.3 1.3 0 0 1 1.4 0l.934.6a1.3 1.3 0 0 0 1.4 0l.933-.6A1.3 1.3 0 0 1 19 2a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1 1.3 1.3 0 0 1-.7-.2l-.933-.6a1.3 1.3 0 0 0-1.4 0l-.934.6a1.3 1.3 0 0 1-1.4 0l-.933-.6a1.3 1.3 0 0 0-1.4 0l-.933.6a1.3 1.3 0 0 1-1.4 0l-.934-.6a1.3 1.3 0 0 0-1.4 0l-.933.6a1.3 1.3 0 0 1-.7.2 1 1 0 0 1-1-1z" />
  </>,
);
/** lucide rotate-ccw */
export const RotateCcw = icon(
  <>
    <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
    <path d="M3 3v5h5" />
  </>,
);
/** lucide search */
export const Search = icon(
  <>
    <path d="m21 21-4.34-4.34" />
    <circle cx="11" cy="11" r="8" />
  </>,
);
/** lucide search-x */
export const SearchX = icon(
  <>
    <path d="m13.5 8.5-5 5" />
    <path d="m8.5 8.5 5 5" />
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
/** lucide shopping-bag */
export const ShoppingBag = icon(
  <>
    <path d="M16 10a4 4 0 0 1-8 0" />
    <path d="M3.103 6.034h17.794" />
    <path d="M3.4 5.467a2 2 0 0 0-.4 1.2V20a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.667a2 2 0 0 0-.4-1.2l-2-2.667A2 2 0 0 0 17 2H7a2 2 0 0 0-1.6.8z" />
  </>,
  'shopping-bag',
);
/** lucide sparkles */
export const Sparkles = icon(
  <>
    <path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z" />
    <path d="M20 2v4" />
    <path d="M22 4h-4" />
    <circle cx="4" cy="20" r="2" />
  </>,
);
/** lucide star */
export const Star = icon(
  <>
    <path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z" />
  </>,
  'star',
);
/** lucide x */
export const X = icon(
  <>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </>,
);
