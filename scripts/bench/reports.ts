/**
 * Sales report benchmark (issue 19's figure): a venue with 50,000 paid orders (three lines each)
 * over a month on PostgreSQL, then the month's report timed as an owner's request would build it
 * (the service, one SQL statement), cold and warm, plus one day's report and closing a day.
 * Creates a throw-away database next to BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL and
 * drops it.
 *
 *   npm run bench -- reports
 *   BENCH_REPORT_ORDERS=50000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/reports.ts
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../apps/server/src/db/client.ts';
import { createReportsService } from '../../apps/server/src/modules/reports/reports.service.ts';

export interface ReportsBenchResult {
  orders: number;
  lines: number;
  seedMs: number;
  monthColdMs: number;
  monthWarmMs: number[];
  dayMs: number;
  closeDayMs: number;
  checked: { orders: number; gross: number };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A venue in Paris with 40 dishes in 5 categories and `orders` paid orders over March 2026. */
export async function seedReportsVenue(db: Db, orders: number): Promise<void> {
  // A venue in Paris with 40 dishes in 5 categories, VAT 10 % and 20 %.
  await db.execute(sql`
    insert into venues (venue_url, name, currency, schedule, tax)
    values ('bench-reports', 'Bench Bistro', 'eur', '{"timezone":"Europe/Paris"}'::jsonb,
      '{"mode":"inclusive","rates":[{"id":"food","name":"TVA 10 %","percent":10},{"id":"alcohol","name":"TVA 20 %","percent":20}],"defaultRate":"food"}'::jsonb)`);
  await db.execute(sql`
    insert into categories (venue_id, key, name, position)
    select v.id, 'c' || g, 'Category ' || g, g from venues v, generate_series(1, 5) g`);
  await db.execute(sql`
    insert into products (venue_id, key, name, price_minor, position)
    select v.id, 'p' || g, 'Dish ' || g, 500 + g * 50, g from venues v, generate_series(1, 40) g`);
  await db.execute(sql`
    insert into product_categories (product_id, category_id)
    select p.id, c.id from products p join categories c on c.key = 'c' || (1 + (p.position % 5))`);
  // 50,000 paid orders spread over March 2026 in Paris (31 days less the hour skipped in spring), every tenth one paid in cash, with a tip.
  await db.execute(sql`
    insert into orders (number, venue_id, status, payment_status, tip_minor, spot, currency, subtotal_minor,
      tax, tax_total_minor, tax_mode, receipt_number, paid_at, total_minor, paid_method)
    select g, v.id, 'served', 'paid', case when g % 4 = 0 then 200 else 0 end, (1 + g % 30)::text, 'eur', 3600,
      '[{"rate":"food","name":"TVA 10 %","percent":10,"base":2182,"amount":218},{"rate":"alcohol","name":"TVA 20 %","percent":20,"base":1000,"amount":200}]'::jsonb,
      418, 'inclusive', g, timestamptz '2026-02-28 23:00:00+00' + ((g - 1) * ((interval '31 days' - interval '1 hour') / ${orders})), 3600,
      case when g % 10 = 0 then 'cash' else null end
    from venues v, generate_series(1, ${orders}) g`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, name, unit_price_minor, quantity, line_total_minor, position)
    select o.id, p.id, p.name, 1200, 1, 1200, k
    from orders o cross join generate_series(0, 2) k
    join products p on p.key = 'p' || (1 + (o.number + k * 7) % 40)`);
  await db.execute(sql`update venues set receipt_seq = ${orders}, order_seq = ${orders}`);
  await db.execute(sql`analyze`);
}

export async function benchReports(opts: { databaseUrl: string; orders?: number }): Promise<ReportsBenchResult> {
  const orders = opts.orders ?? 50_000;
  const name = `carte_bench_reports_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(opts.databaseUrl, name), poolSize: 4 });
  try {
    const db = database.db;
    const seedStart = performance.now();
    await seedReportsVenue(db, orders);
    const seedMs = performance.now() - seedStart;
    const [venue] = (
      (await db.execute(sql`select id from venues where venue_url = 'bench-reports'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    const lines = Number(
      ((await db.execute(sql`select count(*) as n from order_items`)) as unknown as { rows: { n: string }[] }).rows[0]!
        .n,
    );

    const service = createReportsService({ db, now: () => Date.parse('2026-04-15T12:00:00Z') });
    const time = async <T>(fn: () => Promise<T>): Promise<[number, T]> => {
      const t0 = performance.now();
      const r = await fn();
      return [performance.now() - t0, r];
    };
    const [monthColdMs, month] = await time(() => service.sales(venue!.id, '2026-03-01', '2026-03-31'));
    const monthWarmMs: number[] = [];
    for (let i = 0; i < 5; i++)
      monthWarmMs.push((await time(() => service.sales(venue!.id, '2026-03-01', '2026-03-31')))[0]);
    const [dayMs] = await time(() => service.sales(venue!.id, '2026-03-15', '2026-03-15'));
    const [closeDayMs] = await time(() => service.closeDay(venue!.id, '2026-03-15', null));
    if (month.orders !== orders || month.gross !== orders * 3600)
      throw new Error(`the month's report counts ${month.orders} orders, ${month.gross} gross: expected ${orders}`);
    return {
      orders,
      lines,
      seedMs,
      monthColdMs,
      monthWarmMs,
      dayMs,
      closeDayMs,
      checked: { orders: month.orders, gross: month.gross },
    };
  } finally {
    await database.close();
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

export function formatReportsBench(r: ReportsBenchResult): string {
  const sorted = [...r.monthWarmMs].sort((a, b) => a - b);
  return (
    `${r.orders} paid orders (${r.lines} lines) over March 2026 in Europe/Paris, seeded in ${(r.seedMs / 1000).toFixed(1)} s\n` +
    `month's sales report: first ${r.monthColdMs.toFixed(0)} ms, then median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms ` +
    `(min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}, ${sorted.length} runs)\n` +
    `one day's report: ${r.dayMs.toFixed(0)} ms; closing a day (figures computed and stored): ${r.closeDayMs.toFixed(0)} ms\n` +
    `checked: ${r.checked.orders} orders, gross ${(r.checked.gross / 100).toFixed(2)} EUR`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('set BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL');
  console.log(
    formatReportsBench(
      await benchReports({ databaseUrl: url, orders: Number(process.env.BENCH_REPORT_ORDERS) || undefined }),
    ),
  );
}
