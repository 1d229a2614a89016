import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A product description clamped to `lines` lines, with a "More" / "Less" toggle when the text does
 * not fit (measured, so a short text or a wide screen shows no toggle) and `expandable` is on.
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
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded || !expandable) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, expanded, expandable]);

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
