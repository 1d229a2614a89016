import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react.tsx';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { displayPrice } from '../../../lib/money.ts';
import { getMenu, placeStaffOrder } from '../api/service-api.ts';
import { StaffOptionsPicker, type ChosenLine } from './staff-options-picker.tsx';

/** A line of the waiter's order: a dish, its options and note, how many. */
interface Line extends ChosenLine {
  key: string;
  productId: string;
  quantity: number;
}

const lineKey = (productId: string, chosen: ChosenLine) =>
  `${productId}|${[...chosen.variationIds].sort().join(',')}|${chosen.notes ?? ''}`;
const hasOptions = (p: { variations: readonly unknown[] }) => p.variations.length > 0;

/**
 * A waiter's order for a table (architecture 4.12): the table, then the dishes and how many. The server
 * checks and prices it as a guest's order; the answer's total is what the card shows.
 */
export function StaffOrderDialog({
  venueId,
  onClose,
  onPlaced,
}: {
  venueId: string;
  onClose: () => void;
  onPlaced: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [spot, setSpot] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  // The dish whose options are being chosen (the picker replaces the list meanwhile).
  const [picking, setPicking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const menu = useQuery({ queryKey: ['board', 'menu', venueId], queryFn: ({ signal }) => getMenu(venueId, signal) });
  const venue = useQuery({
    queryKey: ['board', 'venue', venueId],
    queryFn: ({ signal }) =>
      apiRequest<{ spots: string[]; currency: string }>('/api/venue', { query: { venueId }, signal }),
  });

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open && typeof d.showModal === 'function') d.showModal();
  }, []);

  const dishes = (menu.data ?? []).filter((p) => p.status === 'available' && p.price !== null);
  const byId = new Map(dishes.map((p) => [p.id, p]));
  const countOf = (productId: string) =>
    lines.filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0);
  /** Adds `by` (±1) to a line, made when new; a line at 0 goes. */
  const changeLine = (productId: string, chosen: ChosenLine, by: number) => {
    const key = lineKey(productId, chosen);
    setLines((current) => {
      const found = current.find((l) => l.key === key);
      if (!found) return by > 0 ? [...current, { key, productId, ...chosen, quantity: by }] : current;
      return current
        .map((l) => (l.key === key ? { ...l, quantity: Math.max(0, Math.min(99, l.quantity + by)) } : l))
        .filter((l) => l.quantity > 0);
    });
  };
  /** The dish row's "-": its last line (with options: the one added last). */
  const lessOf = (productId: string) => {
    const last = [...lines].reverse().find((l) => l.productId === productId);
    if (last) changeLine(productId, last, -1);
  };
  const optionsText = (line: Line) =>
    line.variationIds.map((id) => byId.get(line.productId)?.variations.find((v) => v.id === id)?.name ?? id).join(', ');
  const picked = picking ? byId.get(picking) : undefined;

  const submit = async () => {
    if (!spot || !lines.length) {
      setError(t('admin.tables.needTableAndDish'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await placeStaffOrder({
        venueId,
        spot,
        items: lines.map((l) => ({
          productId: l.productId,
          variationIds: l.variationIds,
          quantity: l.quantity,
          ...(l.notes ? { notes: l.notes } : {}),
        })),
      });
      onPlaced();
    } catch (e) {
      setError(isApiError(e) ? e.message : t('admin.kitchen.error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-full max-w-[640px] rounded-2xl bg-surface p-0 text-fg backdrop:bg-black/40"
    >
      <form
        method="dialog"
        className="flex max-h-[90dvh] flex-col gap-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id={titleId} className="text-2xl font-bold">
          {t('admin.tables.enterOrder')}
        </h2>
        <label className="flex flex-col gap-1 text-lg font-semibold">
          {t('admin.tables.table')}
          <select
            value={spot}
            onChange={(e) => setSpot(e.target.value)}
            className="min-h-12 rounded-xl border-2 border-line bg-surface px-3 text-lg"
          >
            <option value="">{t('admin.tables.chooseTable')}</option>
            {(venue.data?.spots ?? []).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {picked ? (
          <StaffOptionsPicker
            product={picked}
            currency={venue.data?.currency ?? 'eur'}
            onCancel={() => setPicking(null)}
            onAdd={(chosen) => {
              changeLine(picked.id, chosen, 1);
              setPicking(null);
            }}
          />
        ) : (
          <ul aria-label={t('admin.tables.dishes')} className="flex min-h-0 flex-col gap-2 overflow-y-auto">
            {dishes.map((p) => (
              <li key={p.id} className="flex items-center gap-2 rounded-xl border border-line p-2">
                <span className="min-w-0 flex-1 text-lg font-semibold break-words">{p.name}</span>
                <span className="tabular-nums">
                  {displayPrice(p.price ?? 0, venue.data?.currency ?? 'eur', i18n.language)}
                </span>
                <button
                  type="button"
                  aria-label={t('admin.tables.less', { name: p.name })}
                  onClick={() => lessOf(p.id)}
                  className="inline-flex size-11 items-center justify-center rounded-xl border-2 border-line"
                >
                  <Minus aria-hidden="true" className="size-5" />
                </button>
                <output
                  aria-label={t('admin.tables.quantity', { name: p.name })}
                  className="w-8 text-center text-xl font-bold tabular-nums"
                >
                  {countOf(p.id)}
                </output>
                <button
                  type="button"
                  aria-label={t('admin.tables.more', { name: p.name })}
                  // A dish with options opens them first (a size, a doneness), as for guests.
                  onClick={() =>
                    hasOptions(p) ? setPicking(p.id) : changeLine(p.id, { variationIds: [], notes: null }, 1)
                  }
                  className="inline-flex size-11 items-center justify-center rounded-xl border-2 border-line"
                >
                  <Plus aria-hidden="true" className="size-5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {lines.some((l) => l.variationIds.length || l.notes) ? (
          <ul aria-label={t('admin.tables.thisOrder')} className="flex flex-col gap-1 text-base">
            {lines.map((l) => (
              <li key={l.key}>
                {l.quantity} ×{' '}
                {l.variationIds.length
                  ? t('admin.tables.options.line', { name: byId.get(l.productId)?.name ?? '', options: optionsText(l) })
                  : (byId.get(l.productId)?.name ?? '')}
                {l.notes ? <span className="text-muted"> · “{l.notes}”</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="inline-flex min-h-12 items-center rounded-2xl border-2 border-line px-4 text-lg font-semibold"
          >
            {t('admin.tables.cancel')}
          </button>
          <button
            type="submit"
            disabled={sending}
            className="inline-flex min-h-12 items-center rounded-2xl bg-brand px-4 text-lg font-bold text-brand-contrast disabled:opacity-60"
          >
            {t('admin.tables.send', { count: lines.reduce((n, l) => n + l.quantity, 0) })}
          </button>
        </div>
      </form>
    </dialog>
  );
}
