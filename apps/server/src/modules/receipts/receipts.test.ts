import type { MailSummary, PublicOrder, PublicVenueResponse, ReceiptEmailAnswer } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fake-smtp.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createStaffFixture, insertStaffUser, signIn, type StaffFixture } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { importVenue } from '../venues/venue-import.service.ts';
import { issueCreditNote } from './receipts.service.ts';

/** Decision 016's French example, with the seller's details and its time zone. */
const bistro = {
  venue: {
    venueUrl: 'bistro-receipt',
    name: 'Bistro',
    currency: 'eur',
    spots: ['1', '2'],
    timezone: 'Europe/Paris',
    tax: {
      mode: 'inclusive',
      rates: [
        { id: 'food', name: 'TVA 10 %', percent: 10 },
        { id: 'alcohol', name: 'TVA 20 %', percent: 20 },
      ],
      defaultRate: 'food',
    },
    legal: { name: 'Bistro SARL', address: '1 rue de Rivoli\n75001 Paris', taxId: 'FR12345678901' },
  },
  categories: [
    { id: 'mains', name: 'Mains' },
    { id: 'wine', name: 'Wine', taxRate: 'alcohol' },
  ],
  products: [
    {
      id: 'entrecote',
      name: 'Entrecôte',
      price: 24.5,
      categories: ['mains'],
      variations: [
        { id: 'frites', name: 'Frites maison', price_variation: 0 },
        { id: 'poivre', name: 'Sauce au poivre', price_variation: 0 },
      ],
    },
    { id: 'coffee', name: 'Coffee', price: 2.5, categories: [] },
    { id: 'carafe', name: 'Carafe of red', price: 18, categories: ['wine'] },
  ],
};

describe.each(dbKinds)('receipts on %s', (kind) => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let f: StaffFixture;
  let venueId: string;
  let products: Map<string, { id: string; variations: { id: string; name: string }[] }>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Bistro <bonjour@bistro.test>' } });
    await importVenue({ db: t.database.db, storage: t.storage }, bistro, { baseDir: t.dataDir });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/venue?venue=${bistro.venue.venueUrl}` });
    const body = (res.json() as { data: PublicVenueResponse }).data;
    venueId = body.venue.id;
    products = new Map(
      body.menu.map((p) => [p.name, { id: p.id, variations: (p.variations ?? []).map((v) => ({ id: v.id, name: v.name })) }]),
    );
    f = await createStaffFixture(t.app, t.database.db, 'receipts');
    const waiter = await insertStaffUser(t.database.db, {
      email: 'waiter@bistro.test',
      password: 'a long staff password',
      roles: [{ venueId, role: 'manager' }],
    });
    const token = await signIn(t.app, waiter.email, waiter.password);
    staff = { authorization: `Bearer ${token.access_token}` };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const place = async (spot = '1') => {
    const entrecote = products.get('Entrecôte')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        venueUrl: bistro.venue.venueUrl,
        venueId,
        items: [
          { productId: entrecote.id, variationIds: [entrecote.variations.find((v) => v.name === 'Sauce au poivre')!.id], quantity: 1 },
          { productId: products.get('Coffee')!.id, variationIds: [], quantity: 2 },
          { productId: products.get('Carafe of red')!.id, variationIds: [], quantity: 1 },
        ],
        spot,
        delivery: false,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: PublicOrder }).data;
  };
  const pay = async (orderId: string, method = 'cash') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/order/paid', headers: staff, payload: { orderId, method } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ n: orders.receiptNumber, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    return { number: row!.n!, paidAt: row!.paidAt! };
  };
  const receipt = (orderId: string, format: 'pdf' | 'html', lang?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/order/receipt?orderId=${orderId}&format=${format}${lang ? `&lang=${lang}` : ''}`,
    });
  const parisTime = (at: Date, locale: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(at);

  it('refuses the receipt of an unpaid order with a 409 saying so, and of no order with a 404', async () => {
    const order = await place();
    for (const format of ['html', 'pdf'] as const) {
      const res = await receipt(order.id, format);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'RECEIPT_NOT_READY' });
      expect(res.json().error).toMatch(/not paid/);
    }
    const mail = await t.app.inject({
      method: 'POST',
      url: '/api/order/receipt/email',
      payload: { orderId: order.id, email: 'guest@example.com' },
    });
    expect(mail.statusCode).toBe(409);
    expect(mail.json().code).toBe('RECEIPT_NOT_READY');
    const none = await receipt('00000000-0000-4000-8000-000000000000', 'html');
    expect(none.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: `/api/order/receipt?orderId=${order.id}&format=docx` });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/format/);
  });

  it('prints the page: seller, number, local time, lines with options, tax by rate, payment', async () => {
    const order = await place('2');
    const { number, paidAt } = await pay(order.id);
    const res = await receipt(order.id, 'html', 'fr');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    const html = res.body;
    expect(html).toContain('<html lang="fr">');
    for (const text of [
      'Bistro SARL',
      '1 rue de Rivoli',
      '75001 Paris',
      'N° de TVA: FR12345678901',
      `<th scope="row">Reçu n°</th><td>${number}</td>`,
      parisTime(paidAt, 'fr-FR'),
      'Europe/Paris',
      'Entrecôte<div class="details">Sauce au poivre</div>',
      '<td>TVA 10 %</td><td>26,82\u00a0€</td><td>2,68\u00a0€</td>',
      '<td>TVA 20 %</td><td>15,00\u00a0€</td><td>3,00\u00a0€</td>',
      'Prix toutes taxes comprises',
      'Payé par: Espèces',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/Total<\/th><td>47,50\s€/);
  });

  it('prints the PDF with the VAT breakdown and the receipt number, in French and in Thai', async () => {
    const order = await place();
    const { number, paidAt } = await pay(order.id, 'card_terminal');
    const res = await receipt(order.id, 'pdf', 'fr');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    const [text] = await pdfText(res.rawPayload);
    const lines = text!.split('\n');
    expect(lines).toContain(`Reçu n° ${number}`);
    expect(lines).toContain('Bistro SARL');
    expect(lines).toContain('N° de TVA: FR12345678901');
    expect(lines).toContain(`Date ${parisTime(paidAt, 'fr-FR')} (Europe/Paris)`.replace(/[\u00a0\u202f]/g, ' '));
    expect(lines).toContain('1 × Entrecôte 24,50 €');
    expect(lines).toContain('Sauce au poivre');
    expect(lines).toContain('2 × Coffee 5,00 €');
    expect(lines).toContain('Taux HT Taxe');
    expect(lines).toContain('TVA 10 % 26,82 € 2,68 €');
    expect(lines).toContain('TVA 20 % 15,00 € 3,00 €');
    expect(lines).toContain('Total 47,50 €');
    expect(lines).toContain('Payé par: Carte (terminal)');

    const thai = await receipt(order.id, 'pdf', 'th');
    const [thaiText] = await pdfText(thai.rawPayload);
    expect(thaiText).toContain('ใบเสร็จรับเงิน');
    expect(thaiText).toContain(`เลขที่ใบเสร็จ ${number}`);
    expect(thaiText!.split('\n')).toContain('TVA 10 % €26.82 €2.68');
    expect(thaiText!.split('\n')).toContain('อัตรา มูลค่าก่อนภาษี ภาษี');
    expect(thaiText).toContain('ราคารวมภาษีแล้ว');
    // Runs of Latin and Thai letters come back as separate runs (one font file each).
    expect(thaiText).toContain('เครื่องรูดบัตร');
  });

  it('lists a refund’s credit note on the receipt', async () => {
    const order = await place();
    await pay(order.id);
    const note = await t.database.db.transaction((tx) => issueCreditNote(tx, order.id, 4750));
    const html = (await receipt(order.id, 'html', 'en')).body;
    expect(html).toContain(`Credit note no. ${note}: Refunded €47.50 on`);
  });

  it('e-mails the receipt with the PDF attached, in the guest’s language', async () => {
    const order = await place();
    const { number } = await pay(order.id);
    const before = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/receipt/email',
      payload: { orderId: order.id, email: ' guest@example.com ', lang: 'de' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: ReceiptEmailAnswer }).data).toEqual({ to: 'guest@example.com', status: 'sent' });
    await smtp.waitFor(before + 1);
    const mail = smtp.received[before]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('guest@example.com');
    expect(mail.subject).toBe(`Ihre Quittung Nr. ${number} von Bistro`);
    expect(mail.text).toContain('47,50');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`receipt-${number}.pdf`, 'application/pdf']]);
    const [text] = await pdfText(mail.attachments[0]!.content);
    expect(text!.split('\n')).toContain(`Beleg-Nr. ${number}`);
    expect(text!.split('\n')).toContain('TVA 10 % 26,82 € 2,68 €');
  });

  it('refuses an address that is not one, naming the field, and sends nothing', async () => {
    const order = await place();
    await pay(order.id);
    const before = smtp.received.length;
    for (const email of ['not an address', '', 'a@b']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/order/receipt/email', payload: { orderId: order.id, email } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(['email']);
    }
    expect(smtp.received.length).toBe(before);
  });

  it('lets the venue’s staff send it, to the address typed; another venue’s staff may not', async () => {
    const order = await place();
    const { number } = await pay(order.id);
    const before = smtp.received.length;
    const send = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/venue/orders/receipt', headers, payload });
    const ok = await send(staff, { venueId, orderId: order.id, email: 'table2@example.com', lang: 'it' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { data: MailSummary }).data).toMatchObject({ to: 'table2@example.com', status: 'sent', kind: 'receipt' });
    await smtp.waitFor(before + 1);
    expect(smtp.received[before]!.subject).toBe(`La tua ricevuta n. ${number} di Bistro`);

    // A table order has no e-mail of its own: the address is required.
    const noAddress = await send(staff, { venueId, orderId: order.id });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().issues[0]).toMatchObject({ path: 'email', code: 'required' });

    const otherVenue = await send(f.headers('otherManager'), { venueId, orderId: order.id, email: 'x@example.com' });
    expect(otherVenue.statusCode).toBe(403);
    const ownVenue = await send(f.headers('otherManager'), { venueId: f.venueB.id, orderId: order.id, email: 'x@example.com' });
    expect(ownVenue.statusCode).toBe(404);
    const anonymous = await send({}, { venueId, orderId: order.id, email: 'x@example.com' });
    expect(anonymous.statusCode).toBe(401);
    expect(smtp.received.length).toBe(before + 1);
  });
});
