import { formatPrice, PICKUP_SPOT, type Language } from '@carte/domain';
import type { ReceiptData } from './receipt-data.ts';
import { fill, RECEIPT_STRINGS } from './receipt-strings.ts';

/**
 * The receipt as words and figures, once, for the page and the PDF alike (decision 022): what one
 * shows the other shows.
 */
export interface ReceiptView {
  lang: Language;
  title: string;
  /** The trading name, then the seller's legal name, address lines and tax number. */
  seller: { name: string; legalName: string | null; address: string[]; taxId: string | null };
  /** [label, value]: receipt number, date and time, order, table. */
  meta: [string, string][];
  lines: { quantity: string; name: string; details: string[]; amount: string }[];
  /** [label, amount, emphasised]: subtotal, service charge, taxes (added), delivery, tip, total. */
  totals: [string, string, boolean][];
  taxTable: { heading: string; note: string; columns: [string, string, string]; rows: [string, string, string][] } | null;
  payment: string;
  creditNotes: string[];
  thanks: string;
  /** The file's name: receipt-<n>.pdf */
  filename: string;
}

/** Locales for dates: the language's own (Thai dates in the Buddhist era, as Thai receipts print them). */
const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', it: 'it-IT', de: 'de-DE', th: 'th-TH' };

export function formatReceiptDate(at: Date, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
}

export function receiptView(data: ReceiptData, lang: Language): ReceiptView {
  const s = RECEIPT_STRINGS[lang];
  const money = (minor: number) => formatPrice(minor, data.currency, lang);
  const date = (at: Date) => `${formatReceiptDate(at, lang, data.timeZone)} (${data.timeZone})`;
  const totals: [string, string, boolean][] = [[s.subtotal, money(data.subtotal), false]];
  if (data.serviceCharge) totals.push([s.serviceCharge, money(data.serviceCharge), false]);
  if (data.taxMode === 'exclusive') for (const t of data.tax) totals.push([t.name, money(t.amount), false]);
  if (data.deliveryCost) totals.push([s.deliveryFee, money(data.deliveryCost), false]);
  if (data.tip) totals.push([s.tip, money(data.tip), false]);
  totals.push([s.total, money(data.paid), true]);
  return {
    lang,
    title: s.title,
    seller: {
      name: data.venueName,
      legalName: data.legal && data.legal.name !== data.venueName ? data.legal.name : null,
      address: data.legal ? data.legal.address.split(/\r?\n/).filter((l) => l.trim()) : [],
      taxId: data.legal?.taxId ? `${s.taxId}: ${data.legal.taxId}` : null,
    },
    meta: [
      [s.receiptNumber, String(data.receiptNumber)],
      [s.date, date(data.paidAt)],
      [s.order, data.delivery ? `#${data.orderNumber} (${s.delivery})` : `#${data.orderNumber}`],
      // A pickup order (decision 032) has no table to name.
      ...(data.delivery || data.spot === PICKUP_SPOT ? [] : [[s.table, data.spot] as [string, string]]),
    ],
    lines: data.lines.map((l) => ({
      quantity: `${l.quantity} ×`,
      name: l.name,
      details: [...l.options, ...(l.notes ? [`“${l.notes}”`] : [])],
      amount: money(l.total),
    })),
    totals,
    taxTable: data.tax.length
      ? {
          heading: s.taxes,
          note: data.taxMode === 'exclusive' ? s.taxAdded : s.taxIncluded,
          columns: [s.rate, s.net, s.tax],
          rows: data.tax.map((t) => [t.name, money(t.base), money(t.amount)]),
        }
      : null,
    payment: `${s.paidBy}: ${s.methods[data.method]}`,
    creditNotes: data.creditNotes.map(
      (n) => `${fill(s.creditNote, { n: n.number })}: ${fill(s.refunded, { amount: money(n.amount), date: date(n.at) })}`,
    ),
    thanks: s.thanks,
    filename: `receipt-${data.receiptNumber}.pdf`,
  };
}
