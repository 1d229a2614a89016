/**
 * Sales reports (architecture.md 4.13, decision 024): the venue's local days, the figures of a set of
 * paid orders, and the CSV they are exported as. Pure: the server aggregates in SQL and its tests
 * check the SQL against `aggregateSales`.
 */
import { addDays, daysBetween, isCalendarDate, localTime, toZonedIso, zonedInstant } from './hours.ts';
import type { TaxBreakdownEntry } from './tax.ts';

/** A range covers at most this many local days. */
export const MAX_REPORT_DAYS = 366;

/** How a sale was paid: online by card, or at the venue (cash, card terminal, other). */
export const SALE_METHODS = ['card', 'cash', 'card_terminal', 'other'] as const;
export type SaleMethod = (typeof SALE_METHODS)[number];

// ------------------------------------------------------------------------------------------------
// Local days

/** `[start, end)` in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

/** The local day `date` in `timezone`: from its midnight to the next (23 h or 25 h on a DST change). */
export function localDaySpan(date: string, timezone: string): Span {
  return { start: zonedInstant(date, 0, timezone), end: zonedInstant(addDays(date, 1), 0, timezone) };
}

/** Local days `from` to `to`, both included. */
export function localRangeSpan(from: string, to: string, timezone: string): Span {
  return { start: localDaySpan(from, timezone).start, end: localDaySpan(to, timezone).end };
}

/** The local date of an instant. */
export function localDateOf(instant: number, timezone: string): string {
  return localTime(instant, timezone).date;
}

/** True once the local day has ended at `now` (a day can be closed only then). */
export function isDayOver(date: string, timezone: string, now: number): boolean {
  return now >= localDaySpan(date, timezone).end;
}

/** Every date from `from` to `to`, both included. */
export function datesOf(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

/** Why a range is refused, naming the field: `to` before `from`, or longer than MAX_REPORT_DAYS. */
export function reportRangeProblem(
  from: string,
  to: string,
): { path: 'to'; code: 'ends_before_start' | 'too_long'; message: string; params?: Record<string, number> } | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return null;
  const days = daysBetween(from, to) + 1;
  if (days < 1) return { path: 'to', code: 'ends_before_start', message: 'must not be before from' };
  if (days > MAX_REPORT_DAYS)
    return {
      path: 'to',
      code: 'too_long',
      message: `must be at most ${MAX_REPORT_DAYS} days after from`,
      params: { max: MAX_REPORT_DAYS },
    };
  return null;
}

/**
 * The open stretches of a range once its closed days are taken out: consecutive open days are one
 * span, so a month with two closed days is at most three spans.
 */
export function openSpans(from: string, to: string, closed: ReadonlySet<string>, timezone: string): Span[] {
  const spans: Span[] = [];
  let runStart: string | null = null;
  let prev: string | null = null;
  for (const date of datesOf(from, to)) {
    if (closed.has(date)) {
      if (runStart && prev) spans.push(localRangeSpan(runStart, prev, timezone));
      runStart = null;
    } else if (!runStart) runStart = date;
    prev = date;
  }
  if (runStart && prev) spans.push(localRangeSpan(runStart, prev, timezone));
  return spans;
}

// ------------------------------------------------------------------------------------------------
// Figures

export interface SalesTaxRow {
  rate: string;
  name: string;
  percent: number;
  base: number;
  amount: number;
}

export interface SalesFigures {
  /** Paid orders (sales) counted. */
  orders: number;
  /** The lines as priced. */
  subtotal: number;
  service_charge: number;
  delivery: number;
  tax_total: number;
  /** What guests paid for the sales, tax included, tips excluded. */
  gross: number;
  /** gross - tax_total. */
  net: number;
  tips: number;
  tax: SalesTaxRow[];
  refunds: { count: number; amount: number; tax: number };
  /** gross + tips - refunds.amount: the money that moved. */
  takings: number;
  by_method: { method: string; orders: number; amount: number; tips: number }[];
  by_product: { product_id: string | null; name: string; quantity: number; amount: number }[];
  by_category: { category_id: string | null; name: string | null; quantity: number; amount: number }[];
  /** 24 rows, local hours 0 to 23. */
  by_hour: { hour: number; orders: number; amount: number }[];
  by_table: { spot: string; delivery: boolean; orders: number; amount: number }[];
}

export interface ReportLine {
  product_id: string | null;
  name: string;
  quantity: number;
  amount: number;
  category_id: string | null;
  category_name: string | null;
}

/** A paid order as the report reads it. */
export interface ReportOrder {
  paid_at: number;
  spot: string;
  delivery: boolean;
  method: string;
  subtotal: number;
  service_charge: number;
  delivery_cost: number;
  tax_total: number;
  total: number;
  tip: number;
  tax: readonly TaxBreakdownEntry[];
  lines: readonly ReportLine[];
}

export interface ReportRefund {
  amount: number;
  tax: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const naturalSpot = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Puts every list in its one order, so two computations of the same figures are deep-equal. */
export function normaliseSales(f: SalesFigures): SalesFigures {
  return {
    ...f,
    tax: [...f.tax].sort((a, b) => byText(a.rate, b.rate) || a.percent - b.percent),
    by_method: [...f.by_method].sort(
      (a, b) =>
        SALE_METHODS.indexOf(a.method as SaleMethod) - SALE_METHODS.indexOf(b.method as SaleMethod) ||
        byText(a.method, b.method),
    ),
    by_product: [...f.by_product].sort(
      (a, b) => b.amount - a.amount || byText(a.name, b.name) || byText(a.product_id ?? '', b.product_id ?? ''),
    ),
    by_category: [...f.by_category].sort(
      (a, b) =>
        b.amount - a.amount ||
        byText(a.name ?? '\uffff', b.name ?? '\uffff') ||
        byText(a.category_id ?? '', b.category_id ?? ''),
    ),
    by_hour: Array.from({ length: 24 }, (_, hour) => {
      const rows = f.by_hour.filter((h) => h.hour === hour);
      return {
        hour,
        orders: rows.reduce((s, r) => s + r.orders, 0),
        amount: rows.reduce((s, r) => s + r.amount, 0),
      };
    }),
    by_table: [...f.by_table].sort(
      (a, b) =>
        Number(a.delivery) - Number(b.delivery) || naturalSpot.compare(a.spot, b.spot) || byText(a.spot, b.spot),
    ),
  };
}

function addInto<T, K extends keyof T>(
  map: Map<string, T>,
  key: string,
  make: () => T,
  add: Partial<Record<K, number>>,
) {
  let row = map.get(key);
  if (!row) {
    row = make();
    map.set(key, row);
  }
  for (const [k, v] of Object.entries(add) as [K, number][]) (row[k] as unknown as number) += v;
}

/** The figures of a set of paid orders and credit notes, `by_hour` in `timezone`. */
export function aggregateSales(
  orders: readonly ReportOrder[],
  refunds: readonly ReportRefund[],
  timezone: string,
): SalesFigures {
  const tax = new Map<string, SalesTaxRow>();
  const methods = new Map<string, SalesFigures['by_method'][number]>();
  const products = new Map<string, SalesFigures['by_product'][number]>();
  const categories = new Map<string, SalesFigures['by_category'][number]>();
  const hours = new Map<string, SalesFigures['by_hour'][number]>();
  const tables = new Map<string, SalesFigures['by_table'][number]>();
  const sum = (pick: (o: ReportOrder) => number) => orders.reduce((s, o) => s + pick(o), 0);
  for (const o of orders) {
    for (const t of o.tax)
      addInto(
        tax,
        `${t.rate}|${t.percent}`,
        () => ({ rate: t.rate, name: t.name, percent: t.percent, base: 0, amount: 0 }),
        {
          base: t.base,
          amount: t.amount,
        },
      );
    addInto(methods, o.method, () => ({ method: o.method, orders: 0, amount: 0, tips: 0 }), {
      orders: 1,
      amount: o.total,
      tips: o.tip,
    });
    const hour = Math.floor(localTime(o.paid_at, timezone).minutes / 60);
    addInto(hours, String(hour), () => ({ hour, orders: 0, amount: 0 }), { orders: 1, amount: o.total });
    addInto(tables, `${o.delivery}|${o.spot}`, () => ({ spot: o.spot, delivery: o.delivery, orders: 0, amount: 0 }), {
      orders: 1,
      amount: o.total,
    });
    for (const l of o.lines) {
      addInto(
        products,
        `${l.product_id ?? ''}|${l.name}`,
        () => ({ product_id: l.product_id, name: l.name, quantity: 0, amount: 0 }),
        { quantity: l.quantity, amount: l.amount },
      );
      addInto(
        categories,
        l.category_id ?? '',
        () => ({ category_id: l.category_id, name: l.category_name, quantity: 0, amount: 0 }),
        { quantity: l.quantity, amount: l.amount },
      );
    }
  }
  const gross = sum((o) => o.total);
  const taxTotal = sum((o) => o.tax_total);
  const tips = sum((o) => o.tip);
  const refundAmount = refunds.reduce((s, r) => s + r.amount, 0);
  return normaliseSales({
    orders: orders.length,
    subtotal: sum((o) => o.subtotal),
    service_charge: sum((o) => o.service_charge),
    delivery: sum((o) => o.delivery_cost),
    tax_total: taxTotal,
    gross,
    net: gross - taxTotal,
    tips,
    tax: [...tax.values()],
    refunds: { count: refunds.length, amount: refundAmount, tax: refunds.reduce((s, r) => s + r.tax, 0) },
    takings: gross + tips - refundAmount,
    by_method: [...methods.values()],
    by_product: [...products.values()],
    by_category: [...categories.values()],
    by_hour: [...hours.values()],
    by_table: [...tables.values()],
  });
}

/** The empty figures (no sale, no refund). */
export function emptySales(): SalesFigures {
  return aggregateSales([], [], 'UTC');
}

/** Adds several reports' figures (closed days' stored figures and the open days' live ones). */
export function mergeSales(parts: readonly SalesFigures[]): SalesFigures {
  if (parts.length === 1) return normaliseSales(parts[0]!);
  const tax = new Map<string, SalesTaxRow>();
  const methods = new Map<string, SalesFigures['by_method'][number]>();
  const products = new Map<string, SalesFigures['by_product'][number]>();
  const categories = new Map<string, SalesFigures['by_category'][number]>();
  const tables = new Map<string, SalesFigures['by_table'][number]>();
  const total = (pick: (f: SalesFigures) => number) => parts.reduce((s, f) => s + pick(f), 0);
  for (const f of parts) {
    for (const t of f.tax)
      addInto(tax, `${t.rate}|${t.percent}`, () => ({ ...t, base: 0, amount: 0 }), { base: t.base, amount: t.amount });
    for (const m of f.by_method)
      addInto(methods, m.method, () => ({ ...m, orders: 0, amount: 0, tips: 0 }), {
        orders: m.orders,
        amount: m.amount,
        tips: m.tips,
      });
    for (const p of f.by_product)
      addInto(products, `${p.product_id ?? ''}|${p.name}`, () => ({ ...p, quantity: 0, amount: 0 }), {
        quantity: p.quantity,
        amount: p.amount,
      });
    for (const c of f.by_category)
      addInto(categories, c.category_id ?? '', () => ({ ...c, quantity: 0, amount: 0 }), {
        quantity: c.quantity,
        amount: c.amount,
      });
    for (const t of f.by_table)
      addInto(tables, `${t.delivery}|${t.spot}`, () => ({ ...t, orders: 0, amount: 0 }), {
        orders: t.orders,
        amount: t.amount,
      });
  }
  return normaliseSales({
    orders: total((f) => f.orders),
    subtotal: total((f) => f.subtotal),
    service_charge: total((f) => f.service_charge),
    delivery: total((f) => f.delivery),
    tax_total: total((f) => f.tax_total),
    gross: total((f) => f.gross),
    net: total((f) => f.net),
    tips: total((f) => f.tips),
    tax: [...tax.values()],
    refunds: {
      count: total((f) => f.refunds.count),
      amount: total((f) => f.refunds.amount),
      tax: total((f) => f.refunds.tax),
    },
    takings: total((f) => f.takings),
    by_method: [...methods.values()],
    by_product: [...products.values()],
    by_category: [...categories.values()],
    by_hour: parts.flatMap((f) => f.by_hour),
    by_table: [...tables.values()],
  });
}

// ------------------------------------------------------------------------------------------------
// CSV (RFC 4180)

/** A cell: text (quoted as needed, formula-looking text defused), a number, or empty. */
export type CsvCell = string | number | boolean | null | undefined | { amount: number };

function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object') return minorToDecimal(cell.amount);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  // A spreadsheet would run "=HYPERLINK(...)" in a dish's name: a leading quote keeps it text.
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** 1250 -> "12.50", -5 -> "-0.05". */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** RFC 4180 text: a header row, CRLF after every record. */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const out = [columns.map(csvField).join(',')];
  for (const row of rows) {
    if (row.length !== columns.length)
      throw new Error(`a CSV row has ${row.length} cells for ${columns.length} columns`);
    out.push(row.map(csvField).join(','));
  }
  return `${out.join('\r\n')}\r\n`;
}

/** Reads RFC 4180 text back into rows (tests, and anyone checking an export). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The columns of the orders export, in this order (architecture 4.13). */
export const ORDER_CSV_COLUMNS = [
  'date',
  'paid_at',
  'receipt_number',
  'order_number',
  'order_id',
  'table',
  'delivery',
  'method',
  'currency',
  'subtotal',
  'service_charge',
  'delivery_cost',
  'tax',
  'total',
  'tip',
  'payment_status',
] as const;

/** The columns of the lines export, in this order. */
export const LINE_CSV_COLUMNS = [
  'date',
  'paid_at',
  'receipt_number',
  'order_number',
  'order_id',
  'product_id',
  'name',
  'options',
  'category',
  'quantity',
  'unit_price',
  'line_total',
  'currency',
] as const;

export interface CsvOrderRow {
  id: string;
  number: number;
  receipt_number: number | null;
  paid_at: number;
  spot: string;
  delivery: boolean;
  method: string;
  currency: string;
  subtotal: number;
  service_charge: number;
  delivery_cost: number;
  tax_total: number;
  total: number;
  tip: number;
  payment_status: string;
}

export interface CsvLineRow {
  order_id: string;
  order_number: number;
  receipt_number: number | null;
  paid_at: number;
  product_id: string | null;
  name: string;
  options: readonly string[];
  category: string | null;
  quantity: number;
  unit_price: number;
  line_total: number;
  currency: string;
}

export function ordersCsv(rows: readonly CsvOrderRow[], timezone: string): string {
  return toCsv(
    ORDER_CSV_COLUMNS,
    rows.map((o) => [
      localDateOf(o.paid_at, timezone),
      toZonedIso(o.paid_at, timezone),
      o.receipt_number,
      o.number,
      o.id,
      o.spot,
      o.delivery,
      o.method,
      o.currency.toUpperCase(),
      { amount: o.subtotal },
      { amount: o.service_charge },
      { amount: o.delivery_cost },
      { amount: o.tax_total },
      { amount: o.total },
      { amount: o.tip },
      o.payment_status,
    ]),
  );
}

export function linesCsv(rows: readonly CsvLineRow[], timezone: string): string {
  return toCsv(
    LINE_CSV_COLUMNS,
    rows.map((l) => [
      localDateOf(l.paid_at, timezone),
      toZonedIso(l.paid_at, timezone),
      l.receipt_number,
      l.order_number,
      l.order_id,
      l.product_id,
      l.name,
      l.options.join('; '),
      l.category,
      l.quantity,
      { amount: l.unit_price },
      { amount: l.line_total },
      l.currency.toUpperCase(),
    ]),
  );
}
