import type { MailListAnswer, MailMessageAnswer, MailSummary } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMail } from '../../providers/mail/smtp-mail.ts';
import { createOutboxMail } from '../../providers/mail/outbox-mail.ts';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fake-smtp.ts';
import { createStaffFixture, type StaffFixture } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { createMailService } from './mail.service.ts';

const pdf = Buffer.from('%PDF-1.7\n% a receipt\n');

describe.each(dbKinds)('e-mail through SMTP on %s', (kind) => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    smtp = await startFakeSmtp({ user: 'carte', pass: 's3cret pass' });
    t = await createTestApp(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Trattoria <orders@trattoria.test>' },
    });
    f = await createStaffFixture(t.app, t.database.db, 'mail');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const service = () =>
    createMailService({
      db: t.database.db,
      mail: createSmtpMail({ url: smtp.url, timeoutMs: 2000 }),
      from: 'Trattoria <orders@trattoria.test>',
    });

  it('delivers a message with its attachment to the SMTP server and records it as sent', async () => {
    const before = smtp.received.length;
    const sent = await service().send({
      venueId: f.venueA.id,
      kind: 'receipt',
      to: 'guest@example.com',
      subject: 'Your receipt R-000001',
      text: 'Thank you. Total 12,50 €',
      attachments: [{ filename: 'receipt-R-000001.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, error: null, to: 'guest@example.com' });
    await smtp.waitFor(before + 1);
    const mail = smtp.received[before]!;
    expect(mail.subject).toBe('Your receipt R-000001');
    expect(mail.text?.trim()).toBe('Thank you. Total 12,50 €');
    expect(mail.from?.text).toBe('"Trattoria" <orders@trattoria.test>');
    expect(smtp.envelopes[before]).toEqual({ from: 'orders@trattoria.test', to: ['guest@example.com'] });
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(pdf)])).toEqual([
      ['receipt-R-000001.pdf', 'application/pdf', true],
    ]);
  });

  it('keeps a refused message as failed with the reason, and sends it again from the outbox', async () => {
    smtp.refuse({ code: 550, text: 'Mailbox unavailable' });
    const failed = await service().send({
      venueId: f.venueA.id,
      kind: 'receipt',
      to: 'nobody@example.com',
      subject: 'Refused once',
      text: 'x',
    });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/Mailbox unavailable/);
    smtp.refuse(null);
    const count = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/venue/mail/resend',
      headers: f.headers('owner'),
      payload: { venueId: f.venueA.id, id: failed.id },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: MailSummary }).data).toMatchObject({ status: 'sent', attempts: 2, error: null });
    await smtp.waitFor(count + 1);
    expect(smtp.received[count]!.subject).toBe('Refused once');
  });

  it('records a server that cannot be reached as failed, without throwing', async () => {
    const down = createMailService({
      db: t.database.db,
      mail: createSmtpMail({ url: 'smtp://127.0.0.1:9', timeoutMs: 1000 }),
      from: 'x@y.test',
    });
    const answer = await down.send({
      venueId: f.venueA.id,
      kind: 'invitation',
      to: 'a@b.test',
      subject: 's',
      text: 't',
    });
    expect(answer.status).toBe('failed');
    expect(answer.error).toMatch(/did not accept/);
  });

  it('lets the owner list and read the venue’s messages, newest first, and nobody else', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/venue/mail?venueId=${f.venueA.id}`,
      headers: f.headers('owner'),
    });
    expect(list.statusCode).toBe(200);
    const answer = (list.json() as { data: MailListAnswer }).data;
    expect(answer.delivery).toBe('smtp');
    expect(answer.messages.map((m) => m.subject)).toEqual(['s', 'Refused once', 'Your receipt R-000001']);
    expect(answer.messages[2]!.attachments).toEqual([
      { filename: 'receipt-R-000001.pdf', contentType: 'application/pdf', size: pdf.length },
    ]);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/venue/mail/message?venueId=${f.venueA.id}&id=${answer.messages[2]!.id}`,
      headers: f.headers('owner'),
    });
    expect((one.json() as { data: MailMessageAnswer }).data).toMatchObject({
      from: 'Trattoria <orders@trattoria.test>',
      text: 'Thank you. Total 12,50 €',
    });
    for (const persona of ['manager', 'otherManager'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/venue/mail?venueId=${f.venueA.id}`,
        headers: f.headers(persona),
      });
      expect(res.statusCode).toBe(403);
    }
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/venue/mail/message?venueId=${f.venueB.id}&id=${answer.messages[2]!.id}`,
      headers: f.headers('owner'),
    });
    expect(other.statusCode).not.toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/venue/mail?venueId=${f.venueA.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an unknown field and a bad id with a 400 naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/venue/mail/resend',
      headers: f.headers('owner'),
      payload: { venueId: f.venueA.id, id: 'nope', extra: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/id/);
  });
});

describe.each(dbKinds)('the outbox without SMTP on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await createStaffFixture(t.app, t.database.db, 'outbox');
  });
  afterAll(async () => t?.close());

  it('keeps every message for the owner to read', async () => {
    const mailer = createMailService({
      db: t.database.db,
      mail: createOutboxMail(),
      from: 'Carte <no-reply@localhost>',
    });
    const kept = await mailer.send({
      venueId: f.venueA.id,
      kind: 'invitation',
      to: 'chef@example.com',
      subject: 'Join',
      text: 'Link',
    });
    expect(kept).toMatchObject({ status: 'kept', attempts: 1, error: null, sent_at: null });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/venue/mail?venueId=${f.venueA.id}`,
      headers: f.headers('owner'),
    });
    const answer = (res.json() as { data: MailListAnswer }).data;
    expect(answer.delivery).toBe('outbox');
    expect(answer.messages).toEqual([expect.objectContaining({ id: kept.id, status: 'kept', to: 'chef@example.com' })]);
  });
});
