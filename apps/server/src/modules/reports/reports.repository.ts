import { normaliseSales, type CsvLineRow, type CsvOrderRow, type SalesFigures, type Span } from '@carte/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Sales figures in PostgreSQL (decision 024): one statement, one JSON row, whatever the number of
 * orders. Orders count by `paid_at`, credit notes by `created_at`, both inside `spans` (the open
 * days of a range, each `[start, end)`); the partial index orders (venue_id, paid_at) reads only the
 * paid orders of the range.
 */

type Rows<T> = { rows: T[] };

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const n = (v: unknown) => Number(v ?? 0);

function spansParams(spans: readonly Span[]) {
  const json = JSON.stringify(spans.map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString()]));
  const min = new Date(Math.min(...spans.map((s) => s.start))).toISOString();
  const max = new Date(Math.max(...spans.map((s) => s.end))).toISOString();
  return { json, min, max };
}

/** The first category of a product (by position), the one its sales count in. */
const firstCategory = (productId: SQL) => sql`
  left join lateral (
    select c.id, c.name from product_categories pc join categories c on c.id = pc.category_id
    where pc.product_id = ${productId} order by c.position, c.name, c.id limit 1
  ) cat on true`;

export async function salesFigures(
  db: Db,
  venueId: string,
  spans: readonly Span[],
  timezone: string,
): Promise<SalesFigures> {
  if (!spans.length) throw new Error('salesFigures needs at least one span');
  const { json, min, max } = spansParams(spans);
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`
    with spans as materialized (
      select (x->>0)::timestamptz as a, (x->>1)::timestamptz as b from jsonb_array_elements(${json}::jsonb) x
    ), o as materialized (
      select o.id, o.paid_at, o.spot, o.delivery, coalesce(o.paid_method, 'card') as method,
        o.subtotal_minor, o.service_charge_minor, o.delivery_cost_minor, o.tax_total_minor, o.total_minor,
        o.tip_minor, o.tax
      from orders o
      where o.venue_id = ${venueId}::uuid and o.paid_at is not null
        and o.paid_at >= ${min}::timestamptz and o.paid_at < ${max}::timestamptz
        and exists (select 1 from spans s where o.paid_at >= s.a and o.paid_at < s.b)
    ), p as materialized (
      select i.product_id, i.name, sum(i.quantity) as quantity, sum(i.line_total_minor) as amount
      from o join order_items i on i.order_id = o.id
      group by i.product_id, i.name
    ), r as (
      select cn.amount_minor, ord.tax_total_minor
      from credit_notes cn join orders ord on ord.id = cn.order_id
      where cn.venue_id = ${venueId}::uuid
        and cn.created_at >= ${min}::timestamptz and cn.created_at < ${max}::timestamptz
        and exists (select 1 from spans s where cn.created_at >= s.a and cn.created_at < s.b)
    )
    select
      (select json_build_object(
        'orders', count(*), 'subtotal', coalesce(sum(subtotal_minor), 0),
        'service_charge', coalesce(sum(service_charge_minor), 0), 'delivery', coalesce(sum(delivery_cost_minor), 0),
        'tax_total', coalesce(sum(tax_total_minor), 0), 'gross', coalesce(sum(total_minor), 0),
        'tips', coalesce(sum(tip_minor), 0)) from o) as totals,
      (select json_build_object('count', count(*), 'amount', coalesce(sum(amount_minor), 0),
        'tax', coalesce(sum(tax_total_minor), 0)) from r) as refunds,
      (select coalesce(json_agg(t), '[]') from (
        select e->>'rate' as rate, max(e->>'name') as name, (e->>'percent')::float8 as percent,
          sum((e->>'base')::bigint) as base, sum((e->>'amount')::bigint) as amount
        from o, jsonb_array_elements(o.tax) e group by e->>'rate', (e->>'percent')::float8) t) as tax,
      (select coalesce(json_agg(t), '[]') from (
        select method, count(*) as orders, sum(total_minor) as amount, sum(tip_minor) as tips
        from o group by method) t) as by_method,
      (select coalesce(json_agg(t), '[]') from (
        select extract(hour from paid_at at time zone ${timezone})::int as hour, count(*) as orders,
          sum(total_minor) as amount
        from o group by 1) t) as by_hour,
      (select coalesce(json_agg(t), '[]') from (
        select spot, delivery, count(*) as orders, sum(total_minor) as amount from o group by spot, delivery) t) as by_table,
      (select coalesce(json_agg(t), '[]') from (
        select product_id, name, quantity, amount from p) t) as by_product,
      (select coalesce(json_agg(t), '[]') from (
        select cat.id as category_id, cat.name as name, sum(p.quantity) as quantity, sum(p.amount) as amount
        from p ${firstCategory(sql`p.product_id`)}
        group by cat.id, cat.name) t) as by_category
    `,
  );
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const totals = parse<Record<string, unknown>>(row!.totals);
  const refunds = parse<Record<string, unknown>>(row!.refunds);
  const gross = n(totals.gross);
  const taxTotal = n(totals.tax_total);
  const tips = n(totals.tips);
  const refundAmount = n(refunds.amount);
  type R = Record<string, unknown>;
  return normaliseSales({
    orders: n(totals.orders),
    subtotal: n(totals.subtotal),
    service_charge: n(totals.service_charge),
    delivery: n(totals.delivery),
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
    by_method: parse<R[]>(row!.by_method).map((m) => ({
      method: String(m.method),
      orders: n(m.orders),
      amount: n(m.amount),
      tips: n(m.tips),
    })),
    by_product: parse<R[]>(row!.by_product).map((p) => ({
      product_id: p.product_id === null ? null : String(p.product_id),
      name: String(p.name),
      quantity: n(p.quantity),
      amount: n(p.amount),
    })),
    by_category: parse<R[]>(row!.by_category).map((c) => ({
      category_id: c.category_id === null ? null : String(c.category_id),
      name: c.name === null ? null : String(c.name),
      quantity: n(c.quantity),
      amount: n(c.amount),
    })),
    by_hour: parse<R[]>(row!.by_hour).map((h) => ({ hour: n(h.hour), orders: n(h.orders), amount: n(h.amount) })),
    by_table: parse<R[]>(row!.by_table).map((t) => ({
      spot: String(t.spot),
      delivery: Boolean(t.delivery),
      orders: n(t.orders),
      amount: n(t.amount),
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
