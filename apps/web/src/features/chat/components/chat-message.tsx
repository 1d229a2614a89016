import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PublicProduct } from '@carte/domain/public-types';
import { useTranslation } from '../../../i18n/react.tsx';
import { ChevronDown, RotateCcw } from '../../../components/ui/icons.tsx';
import { loadSanitizer, useSanitizer } from '../lib/sanitizer.ts';

const bubble = 'rounded-2xl px-4 py-2.5 break-words';

/** The guest's own words: always text, never markup. */
export function UserMessage({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end">
      <p dir="auto" className={`${bubble} max-w-[85%] rounded-br-md bg-brand whitespace-pre-wrap text-brand-contrast`}>
        <span className="sr-only">{t('chat.you')}: </span>
        {text}
      </p>
    </div>
  );
}

/**
 * The reply's text, a paragraph per block (a list item per line), for the moments the sanitiser is
 * not here: its chunk is still on its way (a reply that came first) or failed to download. Only
 * text reaches the page: the html is parsed in an inert document (DOMParser: no script runs, no
 * image loads, as in DOMPurify's own first step) and read back with textContent, which React
 * escapes.
 */
function replyText(html: string): string[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const lines: string[] = [];
  for (const node of body.childNodes) {
    const items = node.nodeName === 'UL' || node.nodeName === 'OL' ? [...(node as Element).children] : [node];
    for (const item of items) {
      const text = item.textContent?.trim();
      if (text) lines.push(text);
    }
  }
  return lines;
}

function ReplyText({ html }: { html: string }) {
  const lines = useMemo(() => replyText(html), [html]);
  return (
    <div>
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}

/**
 * The assistant's reply: its HTML goes through the client's strict allow-list before it reaches
 * the page, then the dishes it names as cards inside the message. The allow-list (DOMPurify) is a
 * chunk of its own: until it is here the reply shows as text (ReplyText), never as markup, and a
 * reply that needs it asks for it (again, after a failed download).
 */
export function AssistantMessage({
  html,
  products = [],
  renderProductCard,
}: {
  html: string;
  products?: PublicProduct[];
  renderProductCard?: (product: PublicProduct) => ReactNode;
}) {
  const { t } = useTranslation();
  const { sanitize } = useSanitizer();
  useEffect(() => {
    void loadSanitizer();
  }, []);
  return (
    <div className="flex flex-col items-start gap-2">
      <div
        dir="auto"
        className={`${bubble} max-w-[92%] rounded-bl-md border border-line bg-surface text-fg sm:max-w-[85%] [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1 [&_p.note]:text-sm [&_p.note]:text-muted [&_ul]:list-disc [&_ul]:pl-5 [&_del]:text-muted [&_ins]:font-semibold [&_ins]:no-underline [&_p.change]:mt-1 [&_p.confirm]:my-1 [&_p.confirm]:rounded-xl [&_p.confirm]:border-2 [&_p.confirm]:border-brand [&_p.confirm]:px-3 [&_p.confirm]:py-2 [&_p.confirm]:font-semibold [&_ul.change]:my-1 [&_ul.change]:list-none [&_ul.change]:rounded-xl [&_ul.change]:border [&_ul.change]:border-line [&_ul.change]:bg-surface-2 [&_ul.change]:px-3 [&_ul.change]:py-2 [&_ul.change]:text-sm`}
      >
        <span className="sr-only">{t('chat.assistant')}: </span>
        {sanitize ? <div dangerouslySetInnerHTML={{ __html: sanitize(html) }} /> : <ReplyText html={html} />}
      </div>
      {renderProductCard && products.length > 0 ? (
        <ProductCards products={products} renderProductCard={renderProductCard} />
      ) : null}
    </div>
  );
}

/** A long answer ("anything vegan?") shows its first dishes; the rest are one tap away. */
const CARDS_SHOWN = 3;

function ProductCards({
  products,
  renderProductCard,
}: {
  products: PublicProduct[];
  renderProductCard: (product: PublicProduct) => ReactNode;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(products.length <= CARDS_SHOWN + 1);
  const list = useRef<HTMLUListElement>(null);
  const shown = all ? products : products.slice(0, CARDS_SHOWN);
  return (
    <>
      <ul ref={list} tabIndex={-1} aria-label={t('chat.dishes')} className="flex w-full flex-col gap-2 outline-none sm:max-w-[85%]">
        {shown.map((product) => (
          <li key={product.id}>{renderProductCard(product)}</li>
        ))}
      </ul>
      {all ? null : (
        <button
          type="button"
          onClick={() => {
            setAll(true);
            // The button goes: keep the keyboard in the list it opened.
            requestAnimationFrame(() => list.current?.focus());
          }}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold hover:bg-surface-2"
        >
          <ChevronDown aria-hidden="true" className="size-4" />
          {t('chat.showAllDishes', { count: products.length })}
        </button>
      )}
    </>
  );
}

/** A message that could not be loaded (spec section 8), with a retry. Never stored. */
export function ErrorMessage({ onRetry, disabled }: { onRetry: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-2">
      <p className={`${bubble} max-w-[92%] rounded-bl-md border border-red-300 bg-surface text-fg dark:border-red-800`}>
        {t('chat.loadError')}
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={disabled}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold hover:bg-surface-2 disabled:opacity-50"
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('chat.retry')}
      </button>
    </div>
  );
}
