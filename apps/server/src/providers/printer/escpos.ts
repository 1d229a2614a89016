import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { ticketColumns, type TicketRow, type TicketWidth } from '@carte/domain';

/**
 * A kitchen ticket's rows (the domain's layoutTicket) as ESC/POS bytes for a network thermal printer:
 * the code page chosen per character from the Epson set most printers follow (Latin accents through
 * Windows-1252 or CP858, Thai through the Thai code pages), large rows double width and height, the
 * allergy banner printed white on black, then a partial cut.
 */
export function encodeTicket(rows: readonly TicketRow[], width: TicketWidth): Uint8Array {
  const columns = ticketColumns(width);
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    codepageMapping: 'epson',
    feedBeforeCut: 4,
  }).initialize();
  encoder.codepage('auto');
  for (const row of rows) {
    if (row.rule) {
      encoder.line('-'.repeat(columns));
      continue;
    }
    encoder.align(row.align === 'center' ? 'center' : 'left');
    if (row.bold) encoder.bold(true);
    if (row.inverted) encoder.invert(true);
    if (row.large) encoder.size(2, 2);
    encoder.line(row.text);
    if (row.large) encoder.size(1, 1);
    if (row.inverted) encoder.invert(false);
    if (row.bold) encoder.bold(false);
  }
  return encoder.cut('partial').encode();
}
