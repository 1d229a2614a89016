import { createPdfDocument, PdfWriter } from '../../pdf/pdf-writer.ts';
import type { ReceiptView } from './receipt-view.ts';

/**
 * The receipt as a PDF (pdf-lib), A4, the same words and figures as the page (decision 022), in
 * Noto Sans Thai through the shared writer (../../pdf/pdf-writer.ts): Thai, French and Polish alike.
 */

export async function renderReceiptPdf(view: ReceiptView): Promise<Uint8Array> {
  const doc = await createPdfDocument({
    title: `${view.title} ${view.meta[0]![1]} · ${view.seller.name}`,
    lang: view.lang,
  });
  const w = new PdfWriter(doc);
  await w.prepare(everyText(view));

  const { left, right } = w;
  const body = 10.5;
  const line = 15;

  // The seller.
  w.text(view.seller.name, left, 16, { weight: 700 });
  w.y -= 20;
  for (const l of [view.seller.legalName, ...view.seller.address, view.seller.taxId]) {
    if (!l) continue;
    for (const part of w.wrap(l, body, right - left)) {
      w.text(part, left, body);
      w.y -= line;
    }
  }
  w.y -= 12;
  w.text(view.title, left, 13, { weight: 700 });
  w.y -= 20;
  for (const [label, value] of view.meta) {
    w.text(label, left, body, { grey: true });
    w.text(value, right, body, { align: 'right' });
    w.y -= line;
  }

  // The lines.
  w.y += 4;
  w.rule();
  w.y -= line;
  const qtyWidth = 34;
  for (const l of view.lines) {
    const amountWidth = w.width(l.amount, body) + 16;
    const nameLines = w.wrap(l.name, body, right - left - qtyWidth - amountWidth);
    const detailLines = l.details.flatMap((d) => w.wrap(d, body - 1.5, right - left - qtyWidth - amountWidth));
    w.ensure((nameLines.length + detailLines.length) * line);
    w.text(l.quantity, left, body);
    w.text(l.amount, right, body, { align: 'right' });
    for (const part of nameLines) {
      w.text(part, left + qtyWidth, body);
      w.y -= line;
    }
    for (const part of detailLines) {
      w.text(part, left + qtyWidth, body - 1.5, { grey: true });
      w.y -= line - 2;
    }
  }
  w.y += 4;
  w.rule();
  w.y -= line;

  // The totals.
  w.ensure(view.totals.length * line + 10);
  for (const [label, amount, strong] of view.totals) {
    if (strong) {
      w.y += 4;
      w.rule(1);
      w.y -= line + 1;
    }
    const size = strong ? 12.5 : body;
    w.text(label, left, size, strong ? { weight: 700 } : {});
    w.text(amount, right, size, strong ? { weight: 700, align: 'right' } : { align: 'right' });
    w.y -= line + (strong ? 4 : 0);
  }

  // The tax breakdown by rate.
  if (view.taxTable) {
    const t = view.taxTable;
    w.ensure((t.rows.length + 3) * line + 10);
    w.y -= 8;
    w.text(t.heading, left, 11.5, { weight: 700 });
    w.y -= line;
    w.text(t.note, left, body - 1, { grey: true });
    w.y -= line + 2;
    const taxCol = right;
    const netCol = right - 120;
    w.text(t.columns[0], left, body - 1, { grey: true });
    w.text(t.columns[1], netCol, body - 1, { grey: true, align: 'right' });
    w.text(t.columns[2], taxCol, body - 1, { grey: true, align: 'right' });
    w.y -= line;
    for (const [rate, net, tax] of t.rows) {
      w.text(rate, left, body);
      w.text(net, netCol, body, { align: 'right' });
      w.text(tax, taxCol, body, { align: 'right' });
      w.y -= line;
    }
  }

  // Payment, credit notes, thanks.
  w.ensure((view.creditNotes.length + 3) * line + 10);
  w.y -= 10;
  w.text(view.payment, left, body);
  w.y -= line;
  for (const note of view.creditNotes) {
    for (const part of w.wrap(note, body, right - left)) {
      w.text(part, left, body, { weight: 700 });
      w.y -= line;
    }
  }
  w.y -= 6;
  w.text(view.thanks, left, body, { grey: true });
  return doc.save();
}

function everyText(view: ReceiptView): string[] {
  return [
    view.title,
    view.seller.name,
    view.seller.legalName ?? '',
    ...view.seller.address,
    view.seller.taxId ?? '',
    ...view.meta.flat(),
    ...view.lines.flatMap((l) => [l.quantity, l.name, ...l.details, l.amount]),
    ...view.totals.flatMap(([a, b]) => [a, b]),
    ...(view.taxTable
      ? [view.taxTable.heading, view.taxTable.note, ...view.taxTable.columns, ...view.taxTable.rows.flat()]
      : []),
    view.payment,
    ...view.creditNotes,
    view.thanks,
  ];
}
