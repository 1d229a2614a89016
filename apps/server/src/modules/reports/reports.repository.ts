import { normaliseSales, type CsvLineRow, type CsvOrderRow, type SalesFigures, type Span } from '@carte/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Sales figures in PostgreSQL (decision 024): one statement, one JSON row, whatever the number of
 * orders. Orders count by `paid_at`, credit notes by `created_at`, both inside `spans` (the open
 * days of a range, each `[start, end)`); the partial index orders (venue_id, paid_at) reads only the
 * paid orders of the range. `salesFigures` runs in a transaction (it turns JIT off for itself).
 */

type Rows<T> = { rows: T[] };

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const n = (v: unknown) => Number(v ?? 0);

/** `column` inside one of the spans: `(c >= a1 and c < b1) or ...`, read through the (venue, time) index. */
function inSpans(column: SQL, spans: readonly Span[]): SQL {
  const parts = spans.map(
    (s) =>
      sql`(${column} >= ${new Date(s.start).toISOString()}::timestamptz and ${column} < ${new Date(s.end).toISOString()}::timestamptz)`,
  );
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The first category of a product (by position), the one its sales count in. */
const firstCategory = (productId: SQL) => sql`
  left join lateral (
    select c.id, c.name from product_categories pc join categories c on c.id = pc.category_id
    where pc.product_id = ${productId} order by c.position, c.name, c.id limit 1
  ) cat on true`;

/**
 * The one statement of a report (exported for EXPLAIN in the bench): three reads of the paid orders
 * through the index, each aggregated in one pass (the totals and the splits by method, hour and
 * table as grouping sets; the tax breakdowns; the lines), and the credit notes.
 */
export function salesQuery(venueId: string, spans: readonly Span[], timezone: string): SQL {
  if (!spans.length) throw new Error('a sales report needs at least one span');
  const paid = sql`o.venue_id = ${venueId}::uuid and o.paid_at is not null and ${inSpans(sql`o.paid_at`, spans)}`;
  return sql`
    select
      (select coalesce(json_agg(g), '[]') from (
        select grouping(method) as g_method, grouping(hour) as g_hour, grouping(spot, delivery) as g_table,
          method, hour, spot, delivery, count(*) as orders, sum(subtotal_minor) as subtotal,
          sum(service_charge_minor) as service_charge, sum(delivery_cost_minor) as delivery,
          sum(tax_total_minor) as tax_total, sum(total_minor) as gross, sum(tip_minor) as tips
        from (
          select coalesce(o.paid_method, 'card') as method,
            extract(hour from o.paid_at at time zone ${timezone})::int as hour, o.spot, o.delivery,
            o.subtotal_minor, o.service_charge_minor, o.delivery_cost_minor, o.tax_total_minor, o.total_minor, o.tip_minor
          from orders o where ${paid}
        ) o
        group by grouping sets ((), (method), (hour), (spot, delivery))
      ) g) as groups,
      (select coalesce(json_agg(t), '[]') from (
        select e.rate, max(e.name) as name, e.percent, sum(e.base) as base, sum(e.amount) as amount
        from orders o, jsonb_to_recordset(o.tax) as e(rate text, name text, percent float8, base bigint, amount bigint)
        where ${paid}
        group by e.rate, e.percent
      ) t) as tax,
      (with p as (
        select i.product_id, i.name, sum(i.quantity) as quantity, sum(i.line_total_minor) as amount
        from orders o join order_items i on i.order_id = o.id
        where ${paid}
        group by i.product_id, i.name
      )
      select json_build_object(
        'products', (select coalesce(json_agg(p), '[]') from p),
        'categories', (select coalesce(json_agg(c), '[]') from (
          select cat.id as category_id, cat.name as name, sum(p.quantity) as quantity, sum(p.amount) as amount
          from p ${firstCategory(sql`p.product_id`)}
          group by cat.id, cat.name) c))) as lines,
      (select json_build_object('count', count(*), 'amount', coalesce(sum(cn.amount_minor), 0),
          'tax', coalesce(sum(ord.tax_total_minor), 0))
        from credit_notes cn join orders ord on ord.id = cn.order_id
        where cn.venue_id = ${venueId}::uuid and ${inSpans(sql`cn.created_at`, spans)}) as refunds
    `;
}

export async function salesFigures(
  db: Db,
  venueId: string,
  spans: readonly Span[],
  timezone: string,
): Promise<SalesFigures> {
  // A report is a short statement: JIT compilation costs more than it saves (a quarter of a second).
  await db.execute(sql`set local jit = off`);
  const [row] = await rows<Record<string, unknown>>(db, salesQuery(venueId, spans, timezone));
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  type R = Record<string, unknown>;
  const groups = parse<R[]>(row!.groups);
  const lines = parse<{ products: R[]; categories: R[] }>(row!.lines);
  const refunds = parse<R>(row!.refunds);
  // Grouping sets: `g_*` is 0 in the rows of that split; the grand total has all three at 1.
  const total = groups.find((g) => n(g.g_method) && n(g.g_hour) && n(g.g_table)) ?? {};
  const gross = n(total.gross);
  const taxTotal = n(total.tax_total);
  const tips = n(total.tips);
  const refundAmount = n(refunds.amount);
  return normaliseSales({
    orders: n(total.orders),
    subtotal: n(total.subtotal),
    service_charge: n(total.service_charge),
    delivery: n(total.delivery),
    tax_total: taxTotal,
    gross,
    net: gross - taxTotal,
    tips,
    tax: parse<R[]>(row!.tax).map((t) => ({
      rate: String(t.rate),
      name: String(t.name ?? ''),
      percent: n(t.percent),
      base: n(t.base),
      amount: n(t.amount),
    })),
    refunds: { count: n(refunds.count), amount: refundAmount, tax: n(refunds.tax) },
    takings: gross + tips - refundAmount,
    by_method: groups
      .filter((g) => !n(g.g_method))
      .map((m) => ({ method: String(m.method), orders: n(m.orders), amount: n(m.gross), tips: n(m.tips) })),
    by_product: lines.products.map((p) => ({
      product_id: p.product_id === null ? null : String(p.product_id),
      name: String(p.name),
      quantity: n(p.quantity),
      amount: n(p.amount),
    })),
    by_category: lines.categories.map((c) => ({
      category_id: c.category_id === null ? null : String(c.category_id),
      name: c.name === null ? null : String(c.name),
      quantity: n(c.quantity),
      amount: n(c.amount),
    })),
    by_hour: groups
      .filter((g) => !n(g.g_hour))
      .map((h) => ({ hour: n(h.hour), orders: n(h.orders), amount: n(h.gross) })),
    by_table: groups
      .filter((g) => !n(g.g_table))
      .map((t) => ({
        spot: String(t.spot),
        delivery: Boolean(t.delivery),
        orders: n(t.orders),
        amount: n(t.gross),
      })),
  });
}

/** The paid orders of `[start, end)`, by payment time, for the CSV. */
export async function ordersForCsv(db: Db, venueId: string, span: Span): Promise<CsvOrderRow[]> {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`select id, number, receipt_number, paid_at, spot, delivery, coalesce(paid_method, 'card') as method, currency,
        subtotal_minor, service_charge_minor, delivery_cost_minor, tax_total_minor, total_minor, tip_minor, payment_status
      from orders
      where venue_id = ${venueId}::uuid and paid_at is not null
        and paid_at >= ${new Date(span.start).toISOString()}::timestamptz and paid_at < ${new Date(span.end).toISOString()}::timestamptz
      order by paid_at, receipt_number`,
  );
  return list.map((o) => ({
    id: String(o.id),
    number: n(o.number),
    receipt_number: o.receipt_number === null ? null : n(o.receipt_number),
    paid_at: new Date(o.paid_at as string | Date).getTime(),
    spot: String(o.spot),
    delivery: Boolean(o.delivery),
    method: String(o.method),
    currency: String(o.currency),
    subtotal: n(o.subtotal_minor),
    service_charge: n(o.service_charge_minor),
    delivery_cost: n(o.delivery_cost_minor),
    tax_total: n(o.tax_total_minor),
    total: n(o.total_minor),
    tip: n(o.tip_minor),
    payment_status: String(o.payment_status),
  }));
}

/** The lines of the paid orders of `[start, end)`, with their options and their dish's first category. */
export async function linesForCsv(db: Db, venueId: string, span: Span): Promise<CsvLineRow[]> {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`select o.id as order_id, o.number, o.receipt_number, o.paid_at, o.currency, i.product_id, i.name, i.variations,
        i.quantity, i.unit_price_minor, i.line_total_minor, cat.name as category
      from orders o join order_items i on i.order_id = o.id
      ${firstCategory(sql`i.product_id`)}
      where o.venue_id = ${venueId}::uuid and o.paid_at is not null
        and o.paid_at >= ${new Date(span.start).toISOString()}::timestamptz and o.paid_at < ${new Date(span.end).toISOString()}::timestamptz
      order by o.paid_at, o.receipt_number, i.position, i.id`,
  );
  return list.map((l) => {
    const variations = (typeof l.variations === 'string' ? JSON.parse(l.variations) : l.variations) as {
      name: string;
    }[];
    return {
      order_id: String(l.order_id),
      order_number: n(l.number),
      receipt_number: l.receipt_number === null ? null : n(l.receipt_number),
      paid_at: new Date(l.paid_at as string | Date).getTime(),
      product_id: l.product_id === null ? null : String(l.product_id),
      name: String(l.name),
      options: (variations ?? []).map((v) => v.name),
      category: l.category === null ? null : String(l.category),
      quantity: n(l.quantity),
      unit_price: n(l.unit_price_minor),
      line_total: n(l.line_total_minor),
      currency: String(l.currency),
    };
  });
}
