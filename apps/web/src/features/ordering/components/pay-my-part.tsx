import { useId, useState, type ReactNode } from 'react';
import { CreditCard } from 'lucide-react';
import { splitEqually } from '@carte/domain/bill-split';
import type { PaymentIntentAnswer } from '@carte/domain/contracts/payments';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { formatPrice, toMinor } from '@carte/domain/money';
import { useTranslation } from '../../../i18n/react.tsx';
import type { TableSession, TakeBillPartBody } from '../api/table-session-api.ts';
import type { TableSessionState } from '../hooks/use-table-session.ts';

/** What app/ needs to open the pay sheet for a part of the bill (the payment feature's sheet). */
export interface TablePayRequest {
  order: PublicOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The part before the tip, as estimated here (the server's exact part comes with the intent). */
  amountMinor: number;
  title: string;
  label: string;
  createIntent: (tipMinor: number) => Promise<PaymentIntentAnswer>;
  onAbandon: (intent: PaymentIntentAnswer) => void;
  onPaid: () => void;
}

type Mode = 'items' | 'shares' | 'amount';
const MAX_PORTIONS = 6;
const field = 'min-h-11 rounded-lg border border-line bg-surface px-3';
const primary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand px-4 font-semibold text-brand-contrast disabled:opacity-50';

/** A typed amount ("12,50") in minor units, or null. */
function parseAmount(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalised)) return null;
  const [units, cents = ''] = normalised.split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

/**
 * "Pay my part" of the table's bill (issue 20 item 3): by my dishes (a dish shared with others is one
 * of N portions), an equal share, or an amount; then the card, with the guest's own tip, in the
 * payment feature's sheet (through `renderPay`). What others hold or paid is shown and cannot be taken.
 */
export function PayMyPart({
  session,
  table,
  renderPay,
}: {
  session: TableSession & { bill: PublicOrder; split: NonNullable<TableSession['split']> };
  table: TableSessionState;
  renderPay: (request: TablePayRequest) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [mode, setMode] = useState<Mode>('items');
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [count, setCount] = useState(Math.max(2, Math.min(20, session.members.length)));
  const [amountText, setAmountText] = useState('');
  const [open, setOpen] = useState(false);
  // What the open sheet pays, fixed when it opened (the bill moves on while the guest pays).
  const [paying, setPaying] = useState<{ body: TakeBillPartBody; amountMinor: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The part taken for the open sheet (given back if the guest closes it without paying).
  const [heldPart, setHeldPart] = useState<string | null>(null);
  const split = session.split;
  const money = (minor: number) => formatPrice(minor, session.currency, i18n.language);
  const remainingMinor = toMinor(split.remaining);

  // A line's state for this guest: free, or taken (by whom) when its portions are all held or paid.
  const lineTaken = (line: NonNullable<TableSession['split']>['lines'][number]) => {
    if (!line.claims.length) return null;
    const of = line.claims[0]!.of;
    return line.claims.length >= of ? line.claims.map((c) => c.name).join(', ') : null;
  };

  let estimateMinor: number | null = null;
  let body: TakeBillPartBody | null = null;
  if (mode === 'items') {
    const lines = split.lines.filter((l) => chosen[l.id]);
    if (lines.length) {
      estimateMinor = lines.reduce((s, l) => s + splitEqually(toMinor(l.share), chosen[l.id]!)[0]!, 0);
      body = {
        mode: 'items',
        lines: lines.map((l) => (chosen[l.id]! > 1 ? { lineId: l.id, of: chosen[l.id]! } : { lineId: l.id })),
      };
    }
  } else if (mode === 'shares') {
    estimateMinor = splitEqually(toMinor(split.total), count)[0]!;
    body = { mode: 'shares', count };
  } else {
    const minor = parseAmount(amountText);
    if (minor !== null && minor > 0 && minor <= remainingMinor) {
      estimateMinor = minor;
      body = { mode: 'amount', amount: minor / 100 };
    }
  }
  if (estimateMinor !== null) estimateMinor = remainingMinor > 0 ? Math.min(estimateMinor, remainingMinor) : null;

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-3">
      <h3 className="font-semibold">{t('tableSession.pay.title')}</h3>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="sr-only">{t('tableSession.pay.how')}</legend>
        {(['items', 'shares', 'amount'] as const).map((m) => (
          <label key={m} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${ids}-mode`}
              className="size-5"
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            {t(`tableSession.pay.mode.${m}`)}
          </label>
        ))}
      </fieldset>

      {mode === 'items' ? (
        <ul className="flex flex-col gap-2" aria-label={t('tableSession.pay.mode.items')}>
          {split.lines.map((line) => {
            const takenBy = lineTaken(line);
            const portions = chosen[line.id];
            return (
              <li key={line.id} className="flex flex-wrap items-center justify-between gap-2">
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5"
                    disabled={Boolean(takenBy)}
                    checked={Boolean(portions)}
                    onChange={(e) =>
                      setChosen((c) => {
                        const next = { ...c };
                        if (e.target.checked) next[line.id] = line.claims[0]?.of ?? 1;
                        else delete next[line.id];
                        return next;
                      })
                    }
                  />
                  <span>
                    {line.quantity} × {line.name} · {money(toMinor(line.share))}
                    {takenBy ? (
                      <span className="block text-sm text-muted">
                        {t('tableSession.pay.takenBy', { name: takenBy })}
                      </span>
                    ) : line.claims.length ? (
                      <span className="block text-sm text-muted">
                        {t('tableSession.pay.sharedWith', { name: line.claims.map((c) => c.name).join(', ') })}
                      </span>
                    ) : null}
                  </span>
                </label>
                {portions ? (
                  <label className="flex items-center gap-2 text-sm">
                    {t('tableSession.pay.sharedBy')}
                    <select
                      className={field}
                      value={portions}
                      // Portions already taken fix their size.
                      disabled={line.claims.length > 0}
                      onChange={(e) => setChosen((c) => ({ ...c, [line.id]: Number(e.target.value) }))}
                    >
                      {Array.from({ length: MAX_PORTIONS }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n === 1 ? t('tableSession.pay.onlyMe') : t('tableSession.pay.people', { count: n })}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : mode === 'shares' ? (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('tableSession.pay.shares')}
          <select className={field} value={count} onChange={(e) => setCount(Number(e.target.value))}>
            {Array.from({ length: 19 }, (_, i) => i + 2).map((n) => (
              <option key={n} value={n}>
                {t('tableSession.pay.people', { count: n })}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('tableSession.pay.amount', { max: money(remainingMinor) })}
          <input
            className={field}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
          />
        </label>
      )}

      {remainingMinor === 0 ? <p role="status">{t('tableSession.pay.allTaken')}</p> : null}
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        className={primary}
        disabled={estimateMinor === null}
        onClick={() => {
          if (!body || estimateMinor === null) return;
          setProblem(null);
          setPaying({ body, amountMinor: estimateMinor });
          setOpen(true);
        }}
      >
        <CreditCard aria-hidden="true" className="size-4" />
        {estimateMinor === null
          ? t('tableSession.pay.choose')
          : t('tableSession.pay.button', { amount: money(estimateMinor) })}
      </button>
      {paying
        ? renderPay({
            order: session.bill,
            open,
            onOpenChange: setOpen,
            amountMinor: paying.amountMinor,
            title: t('tableSession.pay.sheetTitle', { spot: session.spot }),
            label: t('tableSession.pay.label'),
            createIntent: async (tipMinor) => {
              try {
                const answer = await table.takePart({ ...paying.body, tip: tipMinor / 100 });
                setHeldPart(answer.part.id);
                return answer.payment;
              } catch (error) {
                setProblem(error instanceof Error ? error.message : String(error));
                setOpen(false);
                throw error;
              }
            },
            onAbandon: () => {
              if (heldPart) void table.releasePart(heldPart);
              setHeldPart(null);
            },
            onPaid: () => {
              setChosen({});
              setAmountText('');
            },
          })
        : null}
    </div>
  );
}
