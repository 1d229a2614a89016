import {
  emptySales,
  isDayOver,
  linesCsv,
  localDateOf,
  localDaySpan,
  localRangeSpan,
  mergeSales,
  openSpans,
  ordersCsv,
  toZonedIso,
  type ReportCsvKind,
  type SalesFigures,
  type SalesReportAnswer,
  type ZListAnswer,
  type ZReport,
} from '@carte/domain';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, venues, zReports } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { linesForCsv, ordersForCsv, salesFigures } from './reports.repository.ts';

/** The zone reports use: the venue's opening-hours zone, UTC for a venue that set none. */
export function venueTimezone(schedule: { timezone?: string } | null | undefined): string {
  return schedule?.timezone || 'UTC';
}

interface VenueInfo {
  id: string;
  name: string;
  currency: string;
  timezone: string;
}

export function createReportsService(deps: { db: Db; now: () => number }) {
  const { db, now } = deps;

  async function venueInfo(tx: Db, venueId: string, lock = false): Promise<VenueInfo> {
    const query = tx
      .select({ id: venues.id, name: venues.name, currency: venues.currency, schedule: venues.schedule })
      .from(venues)
      .where(eq(venues.id, venueId));
    const [v] = lock ? await query.for('update') : await query;
    if (!v) throw new AppError('VENUE_NOT_FOUND');
    return { id: v.id, name: v.name, currency: v.currency, timezone: venueTimezone(v.schedule) };
  }

  /** The figures of `from..to`: closed days as stored, open days from the orders. */
  async function sales(venueId: string, from: string, to: string): Promise<SalesReportAnswer> {
    const venue = await venueInfo(db, venueId);
    const closed = await db
      .select({ date: zReports.date, number: zReports.number, figures: zReports.figures })
      .from(zReports)
      .where(and(eq(zReports.venueId, venueId), gte(zReports.date, from), lte(zReports.date, to)))
      .orderBy(asc(zReports.date));
    const spans = openSpans(from, to, new Set(closed.map((z) => z.date)), venue.timezone);
    const live = spans.length
      ? await db.transaction((tx) => salesFigures(tx as unknown as Db, venueId, spans, venue.timezone))
      : emptySales();
    const figures = mergeSales([live, ...closed.map((z) => z.figures)]);
    const span = localRangeSpan(from, to, venue.timezone);
    return {
      venue_id: venueId,
      currency: venue.currency,
      timezone: venue.timezone,
      from,
      to,
      starts_at: toZonedIso(span.start, venue.timezone),
      ends_at: toZonedIso(span.end - 1000, venue.timezone),
      closed: closed.map((z) => ({ date: z.date, number: z.number })),
      ...figures,
    };
  }

  /** The CSV of the paid orders (or their lines) of `from..to`, as stored. */
  async function salesCsv(venueId: string, from: string, to: string, kind: ReportCsvKind): Promise<string> {
    const venue = await venueInfo(db, venueId);
    const span = localRangeSpan(from, to, venue.timezone);
    const body =
      kind === 'lines'
        ? linesCsv(await linesForCsv(db, venueId, span), venue.timezone)
        : ordersCsv(await ordersForCsv(db, venueId, span), venue.timezone);
    // A byte order mark: spreadsheets then read the file as UTF-8 (accents, Thai).
    return `\ufeff${body}`;
  }

  /**
   * Closes a local day: its figures computed and stored under the venue's next Z report number, in
   * one transaction holding the venue's row (decision 024; the receipt numbers' rule, decision 021).
   */
  async function closeDay(venueId: string, date: string, userId: string | null): Promise<ZReport> {
    const number = await db.transaction(async (tx) => {
      const venue = await venueInfo(tx as unknown as Db, venueId, true);
      if (!isDayOver(date, venue.timezone, now())) {
        const span = localDaySpan(date, venue.timezone);
        throw new AppError('DAY_NOT_OVER', {
          message: `${date} is not over yet in ${venue.timezone}: it can be closed from ${toZonedIso(span.end, venue.timezone)}.`,
          details: { closableFrom: toZonedIso(span.end, venue.timezone), timezone: venue.timezone },
        });
      }
      const [existing] = await tx
        .select({ number: zReports.number })
        .from(zReports)
        .where(and(eq(zReports.venueId, venueId), eq(zReports.date, date)));
      if (existing)
        throw new AppError('DAY_ALREADY_CLOSED', {
          message: `${date} is already closed: Z report ${existing.number}.`,
          details: { number: existing.number },
        });
      const span = localDaySpan(date, venue.timezone);
      const figures = await salesFigures(tx as unknown as Db, venueId, [span], venue.timezone);
      const [seq] = await tx
        .update(venues)
        .set({ zReportSeq: sql`${venues.zReportSeq} + 1` })
        .where(eq(venues.id, venueId))
        .returning({ n: venues.zReportSeq });
      await tx.insert(zReports).values({
        venueId,
        number: seq!.n,
        date,
        timezone: venue.timezone,
        currency: venue.currency,
        startsAt: new Date(span.start),
        endsAt: new Date(span.end),
        figures,
        closedBy: userId,
      });
      return seq!.n;
    });
    return zReport(venueId, number);
  }

  async function zReport(venueId: string, number: number): Promise<ZReport> {
    const [row] = await db
      .select({
        z: zReports,
        venueName: venues.name,
        legal: venues.legal,
        closedBy: sql<
          string | null
        >`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`,
      })
      .from(zReports)
      .innerJoin(venues, eq(venues.id, zReports.venueId))
      .leftJoin(users, eq(users.id, zReports.closedBy))
      .where(and(eq(zReports.venueId, venueId), eq(zReports.number, number)));
    if (!row) throw new AppError('Z_REPORT_NOT_FOUND');
    const z = row.z;
    return {
      venue_id: venueId,
      venue_name: row.venueName,
      legal: row.legal ? { name: row.legal.name, address: row.legal.address, taxId: row.legal.taxId ?? null } : null,
      number: z.number,
      date: z.date,
      timezone: z.timezone,
      currency: z.currency,
      starts_at: toZonedIso(z.startsAt.getTime(), z.timezone),
      ends_at: toZonedIso(z.endsAt.getTime() - 1000, z.timezone),
      closed_at: toZonedIso(z.createdAt.getTime(), z.timezone),
      closed_by: row.closedBy ?? null,
      figures: mergeSales([z.figures]),
    };
  }

  async function zList(venueId: string): Promise<ZListAnswer> {
    const venue = await venueInfo(db, venueId);
    const list = await db
      .select()
      .from(zReports)
      .where(eq(zReports.venueId, venueId))
      .orderBy(sql`${zReports.number} desc`)
      .limit(400);
    return {
      timezone: venue.timezone,
      today: localDateOf(now(), venue.timezone),
      reports: list.map((z) => ({
        number: z.number,
        date: z.date,
        orders: z.figures.orders,
        gross: z.figures.gross,
        takings: z.figures.takings,
        closed_at: toZonedIso(z.createdAt.getTime(), z.timezone),
      })),
    };
  }

  return { sales, salesCsv, closeDay, zReport, zList };
}

export type ReportsService = ReturnType<typeof createReportsService>;
export type { SalesFigures };
