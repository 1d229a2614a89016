import { minorToDecimal, type ZReport } from '@carte/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A Z report as an A4 PDF (decision 024): the venue, the number, the local day and its bounds, then
 * the stored figures. Drawn with the standard Helvetica font (no font file to ship): characters it
 * cannot encode (Thai, some symbols) print as "?"; amounts are written "47.50 EUR".
 */

const A4 = { width: 595.28, height: 841.89 };
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.45, 0.45, 0.45);
const MARGIN = 50;

/** Text Helvetica's WinAnsi encoding can draw. */
export function pdfSafe(text: string): string {
  return [...text.normalize('NFC')].map((c) => (/^[\x20-\x7e\xa0-\xff€–—‘’“”•…]$/u.test(c) ? c : '?')).join('');
}

export async function renderZReportPdf(z: ZReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`Z report ${z.number} - ${z.venue_name} - ${z.date}`));
  doc.setCreator('Carte');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const cur = z.currency.toUpperCase();
  const money = (minor: number) => `${minorToDecimal(minor)} ${cur}`;
  const f = z.figures;

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const ensure = (h: number) => {
    if (y - h < MARGIN) {
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
  };
  const text = (s: string, x: number, font: PDFFont, size: number, color = INK) =>
    page.drawText(pdfSafe(s), { x, y, size, font, color });
  const right = (s: string, xRight: number, font: PDFFont, size: number) => {
    const safe = pdfSafe(s);
    page.drawText(safe, { x: xRight - font.widthOfTextAtSize(safe, size), y, size, font, color: INK });
  };
  const fit = (s: string, font: PDFFont, size: number, width: number) => {
    let out = pdfSafe(s);
    while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -2)}…`;
    return out;
  };
  const row = (label: string, value: string, strong = false) => {
    ensure(16);
    text(fit(label, regular, 11, 330), MARGIN, strong ? bold : regular, 11);
    right(value, A4.width - MARGIN, strong ? bold : regular, 11);
    y -= 16;
  };
  const heading = (s: string) => {
    ensure(34);
    y -= 10;
    text(s, MARGIN, bold, 13);
    y -= 20;
  };

  text(z.venue_name, MARGIN, bold, 20);
  y -= 28;
  text(`Z report no. ${z.number}`, MARGIN, bold, 16);
  y -= 20;
  text(`Business day ${z.date} (${z.timezone})`, MARGIN, regular, 11);
  y -= 15;
  text(`From ${z.starts_at} to ${z.ends_at}`, MARGIN, regular, 10, GREY);
  y -= 14;
  text(`Closed ${z.closed_at}${z.closed_by ? ` by ${z.closed_by}` : ''}`, MARGIN, regular, 10, GREY);
  y -= 18;

  heading('Totals');
  row('Orders', String(f.orders));
  row('Lines (as priced)', money(f.subtotal));
  row('Service charge', money(f.service_charge));
  row('Delivery', money(f.delivery));
  row('Gross (tax included, tips excluded)', money(f.gross), true);
  row('Tax', money(f.tax_total));
  row('Net (without tax)', money(f.net), true);
  row('Tips', money(f.tips));
  row(`Refunds (${f.refunds.count})`, money(-f.refunds.amount));
  row('Takings (gross + tips - refunds)', money(f.takings), true);

  heading('Tax by rate');
  if (!f.tax.length) row('No tax', money(0));
  for (const t of f.tax) row(`${t.name} (${t.percent} %) on ${money(t.base)}`, money(t.amount));

  heading('By payment method');
  const methodNames: Record<string, string> = {
    card: 'Card (online)',
    cash: 'Cash',
    card_terminal: 'Card terminal',
    other: 'Other',
  };
  if (!f.by_method.length) row('No sale', money(0));
  for (const m of f.by_method) row(`${methodNames[m.method] ?? m.method} (${m.orders})`, money(m.amount + m.tips));

  heading('By category');
  for (const c of f.by_category) row(`${c.name ?? 'No category'} (${c.quantity})`, money(c.amount));

  heading('By dish');
  for (const p of f.by_product) row(`${p.quantity} x ${p.name}`, money(p.amount));

  heading('By table');
  for (const t of f.by_table) row(`${t.delivery ? 'Delivery ' : 'Table '}${t.spot} (${t.orders})`, money(t.amount));

  heading('By hour');
  for (const h of f.by_hour.filter((x) => x.orders))
    row(`${String(h.hour).padStart(2, '0')}:00-${String(h.hour).padStart(2, '0')}:59 (${h.orders})`, money(h.amount));

  return doc.save();
}
