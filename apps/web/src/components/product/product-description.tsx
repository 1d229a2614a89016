import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';

/**
 * Characters that fill one clamped line on a phone card (text-sm, the text column beside a 96 px
 * image on a 360 px screen). Only the first guess, the same on the server and in the first client
 * render; the observer below corrects it after layout.
 */
const CHARS_PER_LINE = 30;

/** Whether `text` probably needs more than `lines` lines: the server-safe first guess. */
export function probablyOverflows(text: string, lines: number): boolean {
  return text.length > CHARS_PER_LINE * lines || text.split('\n').length > lines;
}

type Measure = (el: Element) => void;
const measures = new WeakMap<Element, Measure>();
let shared: { ctor: typeof ResizeObserver; observer: ResizeObserver } | undefined;

/**
 * One ResizeObserver for every description of the page: its callback runs after layout, once per
 * frame for all the cards that changed size, so reading their heights there forces no extra layout
 * (a layout effect per card forced one each: about a second on a 500-dish menu).
 */
function observer(): ResizeObserver | null {
  if (typeof ResizeObserver === 'undefined') return null;
  if (shared?.ctor !== ResizeObserver) {
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) measures.get(entry.target)?.(entry.target);
    });
    shared = { ctor: ResizeObserver, observer };
  }
  return shared.observer;
}

/**
 * A product description clamped to `lines` lines, with a "More" / "Less" toggle when the text does
 * not fit (a short text or a wide screen shows no toggle) and `expandable` is on.
 */
export function ProductDescription({
  text,
  lines,
  expandable = true,
}: {
  text: string;
  lines: 1 | 2;
  expandable?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(() => probablyOverflows(text, lines));
  // A new text (another language) starts from a new guess; the observer measures it again.
  const [guessed, setGuessed] = useState({ text, lines });
  if (guessed.text !== text || guessed.lines !== lines) {
    setGuessed({ text, lines });
    setOverflows(probablyOverflows(text, lines));
  }

  useEffect(() => {
    const el = ref.current;
    const sizes = observer();
    if (!el || expanded || !expandable || !sizes) return;
    measures.set(el, (target) => setOverflows(target.scrollHeight > target.clientHeight + 1));
    sizes.observe(el);
    return () => {
      sizes.unobserve(el);
      measures.delete(el);
    };
  }, [text, lines, expanded, expandable]);

  return (
    <div className="flex flex-col items-start">
      <p
        id={id}
        ref={ref}
        className={`${expanded ? '' : lines === 1 ? 'line-clamp-1' : 'line-clamp-2'} text-sm text-muted`}
      >
        {text}
      </p>
      {expandable && (overflows || expanded) ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
          className="-my-1 inline-flex min-h-8 items-center text-sm font-semibold text-fg underline decoration-line underline-offset-2 hover:decoration-current"
        >
          {expanded ? t('product.less') : t('product.more')}
        </button>
      ) : null}
    </div>
  );
}
