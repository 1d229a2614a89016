import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { MailSummary } from '@carte/domain/contracts/mail';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { server } from '../../../testing/server.ts';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

const message = (n: number, over: Partial<MailSummary> = {}): MailSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'receipt',
  to: `guest${n}@example.com`,
  subject: `Your receipt no. ${n} from Trattoria da Luca`,
  status: 'kept',
  attempts: 1,
  error: null,
  attachments: [{ filename: `receipt-${n}.pdf`, contentType: 'application/pdf', size: 10_400 }],
  created_at: new Date(Date.UTC(2026, 10, 26, 12, n)).toISOString(),
  sent_at: null,
  ...over,
});

function fakeMail() {
  const calls: { method: string; url: URL; body?: unknown }[] = [];
  const first = [message(3, { status: 'failed', error: 'Mailbox unavailable' }), message(2, { status: 'sent' })];
  const older = [message(1)];
  server.use(
    http.get('*/api/venue/mail', ({ request }) => {
      const url = new URL(request.url);
      calls.push({ method: 'GET', url });
      const before = url.searchParams.get('before');
      return HttpResponse.json({
        success: true,
        data: before
          ? { delivery: 'smtp', messages: older, next_before: null }
          : { delivery: 'smtp', messages: first, next_before: first[1]!.created_at },
      });
    }),
    http.get('*/api/venue/mail/message', ({ request }) => {
      const url = new URL(request.url);
      calls.push({ method: 'GET', url });
      const found = [...first, ...older].find((m) => m.id === url.searchParams.get('id'))!;
      return HttpResponse.json({
        success: true,
        data: { ...found, from: 'Carte <orders@example.com>', text: 'Hello,\n\nPlease find attached your receipt.' },
      });
    }),
    http.post('*/api/venue/mail/resend', async ({ request }) => {
      const body = (await request.json()) as { id: string };
      calls.push({ method: 'POST', url: new URL(request.url), body });
      const found = first.find((m) => m.id === body.id)!;
      return HttpResponse.json({ success: true, data: { ...found, status: 'sent', attempts: 2, error: null } });
    }),
  );
  return calls;
}

describe('/admin/:id/outbox', { timeout: 20_000 }, () => {
  it('reached from the settings: lists the e-mails, opens one, sends a failed one again, pages to older ones', async () => {
    const calls = fakeMail();
    const user = userEvent.setup();
    await openBackOffice('/settings');
    await screen.findByRole('button', { name: 'Save settings' }, { timeout: 10_000 });
    await user.click(screen.getByRole('link', { name: 'Outbox: the e-mails sent to guests and staff' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Outbox' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'E-mails, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Your receipt no. 3 from Trattoria da Luca');
    expect(items[0]).toHaveTextContent('guest3@example.com');
    expect(items[0]).toHaveTextContent('Failed');
    expect(items[0]).toHaveTextContent('Not delivered: Mailbox unavailable');
    expect(items[1]).toHaveTextContent('Sent');
    // A sent one offers no resend.
    expect(within(items[1]!).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();

    await user.click(within(items[1]!).getByRole('button', { name: 'Open' }));
    const region = await screen.findByRole('region', { name: 'Your receipt no. 2 from Trattoria da Luca' });
    expect(region).toHaveTextContent('Please find attached your receipt.');
    expect(region).toHaveTextContent('Carte <orders@example.com>');
    expect(region).toHaveTextContent('receipt-2.pdf (11 KB)');

    await user.click(within(items[0]!).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Sent again to guest3@example.com.')).toBeInTheDocument();
    const resend = calls.filter((c) => c.method === 'POST');
    expect(resend.map((c) => c.body)).toEqual([{ venueId: 'venue-luca', id: message(3).id }]);

    await user.click(screen.getByRole('button', { name: 'Older e-mails' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'E-mails, newest first' })).toHaveTextContent('Your receipt no. 1'),
    );
    const paged = calls.filter(
      (c) => c.method === 'GET' && c.url.pathname === '/api/venue/mail' && c.url.searchParams.get('before'),
    );
    expect(paged[0]!.url.searchParams.get('before')).toBe(message(2).created_at);
    expect(screen.queryByRole('button', { name: 'Older e-mails' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Newest e-mails' }));
    expect(await screen.findByText('Your receipt no. 3 from Trattoria da Luca')).toBeInTheDocument();
  });

  it('tells a manager that only owners read the e-mails, and asks for none', async () => {
    const calls = fakeMail();
    await openBackOffice('/outbox', { role: 'manager' });
    expect(await screen.findByText("Only the venue's owners can read its e-mails.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
