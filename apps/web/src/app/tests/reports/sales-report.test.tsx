import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aggregateSales, type ReportOrder } from '@carte/domain/reports';
import type { SalesReportAnswer, ZListAnswer, ZReportSummary } from '@carte/domain/contracts/reports';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { server } from '../../../testing/server.ts';
import { openBackOffice } from '../open-back-office.ts';

const order = (paidAt: string, total: number, method: string, spot = '4'): ReportOrder => ({
  paid_at: Date.parse(paidAt),
  spot,
  delivery: false,
  method,
  subtotal: total,
  service_charge: 0,
  delivery_cost: 0,
  tax_total: Math.round(total / 11),
  total,
  tip: 0,
  tax: [
    {
      rate: 'food',
      name: 'TVA 10 %',
      percent: 10,
      base: total - Math.round(total / 11),
      amount: Math.round(total / 11),
    },
  ],
  lines: [
    { product_id: 'p1', name: 'Burrata', quantity: 1, amount: total, category_id: 'c1', category_name: 'Starters' },
  ],
});

/** The reports API as the server answers it: two days, the 24th's figures computed by the domain. */
function fakeReports(today: string) {
  const z: ZReportSummary[] = [];
  const calls: { from: string; to: string }[] = [];
  const closed: string[] = [];
  server.use(
    http.get('*/api/venue/reports/z-list', () =>
      HttpResponse.json({
        success: true,
        data: { timezone: 'Europe/Rome', today, reports: [...z].reverse() } satisfies ZListAnswer,
      }),
    ),
    http.get('*/api/venue/reports/sales', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const from = q.get('from')!;
      const to = q.get('to')!;
      calls.push({ from, to });
      const orders =
        from <= '2026-03-24' && to >= '2026-03-24'
          ? [order('2026-03-24T12:10:00Z', 2400, 'cash'), order('2026-03-24T19:30:00Z', 3550, 'card', 'pickup')]
          : [];
      const data: SalesReportAnswer = {
        venue_id: 'venue-luca',
        currency: 'eur',
        timezone: 'Europe/Rome',
        from,
        to,
        starts_at: `${from}T00:00:00+01:00`,
        ends_at: `${to}T23:59:59+01:00`,
        closed: z.filter((r) => r.date >= from && r.date <= to).map((r) => ({ date: r.date, number: r.number })),
        ...aggregateSales(orders, [], 'Europe/Rome'),
      };
      return HttpResponse.json({ success: true, data });
    }),
    http.post('*/api/venue/reports/close-day', async ({ request }) => {
      const body = (await request.json()) as { venueId: string; date: string };
      closed.push(body.date);
      z.push({
        number: z.length + 1,
        date: body.date,
        orders: 2,
        gross: 5950,
        takings: 5950,
        closed_at: `${today}T00:05:00+01:00`,
      });
      return HttpResponse.json({ success: true, data: { number: z.length, date: body.date } }, { status: 201 });
    }),
  );
  return { calls, closed };
}

beforeAll(() => import('../../routes/admin/sales-page.tsx'), 120_000);
beforeEach(() => resetSessionStore());

describe('/admin/:id/sales', { timeout: 30_000 }, () => {
  it("shows a day's figures, a chart with its words, and closes a past day after confirmation", async () => {
    const api = fakeReports('2026-03-25');
    await openBackOffice('/sales');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
    // Today by the server's clock, in the venue's zone: not over, so not closable.
    expect(await screen.findByText(/^This day can be closed once it is over/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close the day' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    const totals = await screen.findByRole('region', { name: 'Totals for 2026-03-24' });
    expect(within(totals).getByText('Orders').nextSibling).toHaveTextContent('2');
    expect(within(totals).getByText('Gross (tax incl.)').nextSibling).toHaveTextContent('€59.50');
    expect(screen.getByRole('img', { name: 'Busiest hour: 20:00, €35.50 from 1 orders.' })).toBeInTheDocument();
    const methods = screen.getByRole('region', { name: 'By payment method' });
    expect(within(methods).getByRole('rowheader', { name: 'Cash' })).toBeInTheDocument();
    // A pickup order is "Pickup", not a table of that name.
    const tables = screen.getByRole('region', { name: 'By table' });
    expect(within(tables).getByRole('rowheader', { name: '4' })).toBeInTheDocument();
    expect(within(tables).getByRole('rowheader', { name: 'Pickup' })).toBeInTheDocument();
    expect(within(totals).getByRole('link', { name: 'Download orders (CSV)' })).toHaveAttribute(
      'href',
      expect.stringContaining('from=2026-03-24&to=2026-03-24&format=csv&kind=orders'),
    );

    await user.click(within(totals).getByRole('button', { name: 'Close the day' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close 2026-03-24?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close the day' }));
    expect(api.closed).toEqual(['2026-03-24']);
    const pdf = await within(totals).findByRole('link', { name: 'Z report no. 1 (PDF)' });
    expect(pdf).toHaveAttribute('href', expect.stringContaining('number=1&format=pdf&lang=en'));
    expect(
      within(screen.getByRole('region', { name: 'Z reports' })).getByText('No. 1 · 2026-03-24'),
    ).toBeInTheDocument();
  });

  it('refuses a range that ends before it starts, by the field, without asking the server', async () => {
    const api = fakeReports('2026-03-25');
    await openBackOffice('/sales');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Several days' }));
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    expect(await screen.findByText('The end must not be before the start.')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.to === '2026-03-01')).toBe(false);
  });

  it('is for owners: a manager is told so', async () => {
    fakeReports('2026-03-25');
    await openBackOffice('/sales', { role: 'manager' });
    expect(await screen.findByText("Only the venue's owners can see its sales.")).toBeInTheDocument();
  });
});
