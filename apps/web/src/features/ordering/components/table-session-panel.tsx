import { useId, useMemo, useState, type ReactNode } from 'react';
import { Minus, Plus, Send, Users } from 'lucide-react';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { displayPrice } from '../../../lib/money.ts';
import { notify } from '../../../lib/toast.ts';
import type { TableLineInput } from '../api/table-session-api.ts';
import { useTableSession } from '../hooks/use-table-session.ts';
import { PayMyPart, type TablePayRequest } from './pay-my-part.tsx';
import { useTableSessionStrings } from '../i18n/strings.ts';
import { useCartStore } from '../store/cart-store.ts';

const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-line bg-surface px-3 font-semibold disabled:opacity-50';
const primary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand px-4 font-semibold text-brand-contrast disabled:opacity-50';

export interface TableSessionPanelProps {
  venueUrl: string;
  currency: string;
  /** `?spot=` and `?t=` of the page's address (the table's QR code). */
  spot: string | null;
  token: string | null;
  /** The venue takes cards: guests pay their part of the bill here. */
  cardPayment?: boolean;
  /** Opens the payment feature's sheet for a part of the bill (composed by app/). */
  renderPay?: (request: TablePayRequest) => ReactNode;
}

/**
 * The table's live session on the guest pages (issue 20, decision 034): an invitation to join the
 * table after scanning its code (a name, or "Guest N"), then the table's shared cart (who added
 * each dish, quantities anyone can change), sending it to the kitchen, and the table's bill.
 */
export default function TableSessionPanel(props: TableSessionPanelProps) {
  const ready = useTableSessionStrings();
  const table = useTableSession(props.venueUrl, props.spot, props.token);
  if (!ready || table.phase === 'none') return null;
  return <Panel {...props} table={table} />;
}

/** The guest's own cart (the cart store's lines), as the table's cart takes them. */
function useMyLines(): TableLineInput[] {
  const lines = useCartStore((s) => s.cart.lines);
  return useMemo(
    () =>
      lines.map((l) => ({
        productId: l.product.id,
        variationIds: l.variations.map((v) => v.id),
        quantity: l.quantity,
        notes: l.notes ?? null,
      })),
    [lines],
  );
}

function Panel({
  currency,
  cardPayment,
  renderPay,
  table,
}: TableSessionPanelProps & { table: ReturnType<typeof useTableSession> }) {
  const { t, i18n } = useTranslation();
  const myLines = useMyLines();
  const ids = useId();
  const [name, setName] = useState('');
  const [open, setOpen] = useState(true);
  const money = (amount: number) => displayPrice(amount, currency, i18n.language) ?? '';
  const spot = table.spot ?? '';
  const problem = table.problem
    ? isApiError(table.problem)
      ? table.problem.message
      : t('tableSession.refused')
    : null;
  const frame = (children: React.ReactNode) => (
    <section
      aria-label={t('tableSession.region', { spot })}
      className="my-3 rounded-xl border border-line bg-surface p-3 shadow-sm"
    >
      {children}
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </section>
  );

  if (table.phase === 'ended' || table.phase === 'refused') {
    return frame(<p role="status">{t(table.phase === 'ended' ? 'tableSession.ended' : 'tableSession.refused')}</p>);
  }
  if (table.phase === 'alone') {
    return frame(
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>{t('tableSession.leaveAlone', { spot })}</p>
        <button type="button" className={button} onClick={() => void table.join('')}>
          {t('tableSession.joinAfterAll')}
        </button>
      </div>,
    );
  }
  if (table.phase === 'invited' || table.phase === 'joining' || !table.session) {
    return frame(
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void table.join(name);
        }}
      >
        <h2 className="text-lg font-semibold">{t('tableSession.invite.title', { spot })}</h2>
        <p className="text-sm text-muted">{t('tableSession.invite.text')}</p>
        <label htmlFor={`${ids}-name`} className="text-sm font-semibold">
          {t('tableSession.invite.name')}
        </label>
        <input
          id={`${ids}-name`}
          value={name}
          maxLength={30}
          autoComplete="given-name"
          placeholder={t('tableSession.invite.namePlaceholder')}
          onChange={(e) => setName(e.target.value)}
          className="min-h-11 rounded-lg border border-line bg-surface px-3"
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primary} disabled={table.phase === 'joining'}>
            <Users aria-hidden="true" className="size-4" />
            {table.phase === 'joining' ? t('tableSession.invite.joining') : t('tableSession.invite.join')}
          </button>
          <button type="button" className={button} onClick={table.orderAlone}>
            {t('tableSession.invite.alone')}
          </button>
        </div>
      </form>,
    );
  }

  const session = table.session;
  const mine = myLines.reduce((n, l) => n + l.quantity, 0);
  const split = session.split;
  return frame(
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">{t('tableSession.region', { spot: session.spot })}</h2>
          <p className="text-sm text-muted">
            {t('tableSession.members', { count: session.members.length })}:{' '}
            {session.members
              .map((m) => (m.id === session.me.id ? `${m.name} (${t('tableSession.you')})` : m.name))
              .join(', ')}
          </p>
        </div>
        <button type="button" className={button} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('tableSession.hide') : t('tableSession.show')}
        </button>
      </div>
      {open ? (
        <div className="mt-3 flex flex-col gap-3">
          <h3 className="font-semibold">{t('tableSession.cart')}</h3>
          {session.cart.length ? (
            <ul className="flex flex-col gap-2" aria-label={t('tableSession.cart')}>
              {session.cart.map((line) => (
                <li key={line.id} className="flex items-center justify-between gap-2 border-b border-line pb-2">
                  <div className="min-w-0">
                    <p className="font-semibold">{line.name}</p>
                    {line.variations.length ? (
                      <p className="text-sm text-muted">{line.variations.map((v) => v.name).join(', ')}</p>
                    ) : null}
                    {line.notes ? <p className="text-sm text-muted">“{line.notes}”</p> : null}
                    <p className="text-sm text-muted">{t('tableSession.addedBy', { name: line.addedBy.name })}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-1">
                    <button
                      type="button"
                      className={button}
                      aria-label={t('tableSession.less', { name: line.name })}
                      disabled={table.busy}
                      onClick={() => void table.change(line.id, line.quantity - 1)}
                    >
                      <Minus aria-hidden="true" className="size-4" />
                    </button>
                    <span aria-label={t('tableSession.quantity')} className="min-w-6 text-center tabular-nums">
                      {line.quantity}
                    </span>
                    <button
                      type="button"
                      className={button}
                      aria-label={t('tableSession.more', { name: line.name })}
                      disabled={table.busy || line.quantity >= 99}
                      onClick={() => void table.change(line.id, line.quantity + 1)}
                    >
                      <Plus aria-hidden="true" className="size-4" />
                    </button>
                    <span className="w-20 text-right tabular-nums">{money(line.total)}</span>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">{t('tableSession.cartEmpty')}</p>
          )}
          {session.cart.length ? (
            <p className="flex justify-between font-semibold">
              <span>{t('tableSession.cartTotal')}</span>
              <span className="tabular-nums">{money(session.cart_total)}</span>
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {mine > 0 ? (
              <button
                type="button"
                className={button}
                disabled={table.busy}
                onClick={async () => {
                  // Once the guest's own lines are in the table's cart, their own cart empties.
                  if (await table.add(myLines)) useCartStore.getState().clear();
                }}
              >
                {t('tableSession.shareMine', { count: mine })}
              </button>
            ) : null}
            <button
              type="button"
              className={primary}
              disabled={table.busy || session.cart.length === 0}
              onClick={async () => {
                if (await table.send()) notify(t('tableSession.sent'), { kind: 'success' });
              }}
            >
              <Send aria-hidden="true" className="size-4" />
              {table.busy ? t('tableSession.sending') : t('tableSession.send')}
            </button>
          </div>
          {session.bill ? (
            <div className="flex flex-col gap-1 border-t border-line pt-3">
              <h3 className="font-semibold">{t('tableSession.bill')}</h3>
              <ul aria-label={t('tableSession.bill')} className="flex flex-col gap-1 text-sm">
                {session.bill.items.map((item, i) => (
                  <li key={`${item.name}-${i}`} className="flex justify-between gap-2">
                    <span>
                      {item.quantity} × {item.name}
                    </span>
                    <span className="tabular-nums">{money(item.total)}</span>
                  </li>
                ))}
              </ul>
              <p className="flex justify-between font-semibold">
                <span>{t('tableSession.billTotal')}</span>
                <span className="tabular-nums">{money(session.bill.total)}</span>
              </p>
              {split && split.paid > 0 ? (
                <p className="flex justify-between text-sm">
                  <span>{t('tableSession.paid')}</span>
                  <span className="tabular-nums">{money(split.paid)}</span>
                </p>
              ) : null}
              {split ? (
                <p className="flex justify-between text-sm">
                  <span>{t('tableSession.remaining')}</span>
                  <span className="tabular-nums">{money(split.remaining)}</span>
                </p>
              ) : null}
            </div>
          ) : null}
          {/* Kept while parts are being paid: a guest's pay sheet lives in it until their payment ends. */}
          {session.bill && split && (split.remaining > 0 || split.held > 0) && cardPayment && renderPay ? (
            <PayMyPart session={{ ...session, bill: session.bill, split }} table={table} renderPay={renderPay} />
          ) : null}
        </div>
      ) : null}
    </>,
  );
}
