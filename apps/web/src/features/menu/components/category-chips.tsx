import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { MenuSection } from '../lib/group-by-category.ts';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A sticky row of chips that scrolls sideways; each jumps to its section and follows the scroll. */
export function CategoryChips({ sections, labelOf }: { sections: MenuSection[]; labelOf: (s: MenuSection) => string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(sections[0]?.anchor);
  const rowRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries
          .filter((e) => e.isIntersecting)
          .sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top);
        if (visible[0]) setCurrent(visible[0].target.id);
      },
      { rootMargin: '-120px 0px -60% 0px' },
    );
    for (const section of sections) {
      const element = document.getElementById(section.anchor);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [sections]);

  useEffect(() => {
    const chip = rowRef.current?.querySelector<HTMLElement>(`[data-anchor="${current}"]`);
    chip?.scrollIntoView?.({
      block: 'nearest',
      inline: 'center',
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, [current]);

  const jump = (event: MouseEvent<HTMLAnchorElement>, anchor: string) => {
    const target = document.getElementById(anchor);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    setCurrent(anchor);
  };

  if (sections.length < 2) return null;
  return (
    <nav
      aria-label={t('menu.categories')}
      className="sticky top-14 z-20 -mx-3 border-b border-line bg-bg"
    >
      <ul ref={rowRef} className="no-scrollbar flex gap-2 overflow-x-auto px-3 py-2">
        {sections.map((section) => {
          const active = section.anchor === current;
          return (
            <li key={section.anchor} className="shrink-0">
              <a
                href={`#${section.anchor}`}
                data-anchor={section.anchor}
                aria-current={active ? 'location' : undefined}
                onClick={(event) => jump(event, section.anchor)}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors ${
                  active
                    ? 'border-brand bg-brand text-brand-contrast'
                    : 'border-line bg-surface text-fg hover:bg-surface-2'
                }`}
              >
                {labelOf(section)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
