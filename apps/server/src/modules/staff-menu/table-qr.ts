import { tableUrl, type QrLayout } from '@carte/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import qrcode from 'qrcode-generator';

/**
 * Printable table QR codes (issue 8 part 7): one A4 page per table, or a sheet of 2 x 4 cards per A4
 * page to cut out. Each shows the venue's name, the table's name and a code that opens
 * `${PUBLIC_URL}/<venueUrl>?spot=<table>&t=<token>` (decision 034), with that address in small print for anyone who cannot
 * scan. The codes are drawn as vector squares, so they stay sharp at any print size.
 */

export { QR_LAYOUTS, type QrLayout } from '@carte/domain';

export interface TableQrInput {
  venueName: string;
  venueUrl: string;
  spots: readonly string[];
  /** Each table's token (decision 034): its code then joins the table's live session. */
  tokens?: ReadonlyMap<string, string>;
  publicUrl: string;
  layout: QrLayout;
}

/** The address a table's code opens: PUBLIC_URL normalised to ASCII (punycode, percent-encoding). */
export function tableQrUrl(publicUrl: string, venueUrl: string, spot: string, token?: string | null): string {
  return tableUrl(new URL(publicUrl).href, venueUrl, spot, token);
}

/** The QR code's modules (true = dark), error correction M, without the quiet zone. */
export function qrMatrix(text: string): boolean[][] {
  // Byte mode takes one byte per UTF-16 unit: only ASCII is encoded faithfully (our URLs are).
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error('QR text must be printable ASCII');
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

const A4 = { width: 595.28, height: 841.89 };
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.45, 0.45, 0.45);
const CUT = rgb(0.78, 0.78, 0.78);
/** Modules of white around a code, as the QR standard asks. */
const QUIET_ZONE = 4;

/** Draws the code with its top-left corner at (x, top), `size` points wide quiet zone included. */
function drawQr(page: PDFPage, matrix: boolean[][], x: number, top: number, size: number): void {
  const n = matrix.length;
  const cell = size / (n + 2 * QUIET_ZONE);
  for (let r = 0; r < n; r++) {
    const row = matrix[r]!;
    for (let c = 0; c < n; ) {
      if (!row[c]) {
        c++;
        continue;
      }
      let end = c;
      while (end < n && row[end]) end++;
      page.drawRectangle({
        x: x + (QUIET_ZONE + c) * cell,
        y: top - (QUIET_ZONE + r + 1) * cell,
        width: (end - c) * cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
      c = end;
    }
  }
}

/**
 * Text the standard PDF font can show: accented Latin letters stay, other characters fall back to
 * their base letter or to "?" (the codes themselves are unaffected).
 */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (supported.has(cp)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((b) => supported.has(b.codePointAt(0)!)) && base ? base : '?';
    }
  }
  return out;
}

/** Centres a line on `cx`, shrinking the font until it fits in `maxWidth`. */
function centred(
  page: PDFPage,
  font: PDFFont,
  raw: string,
  opts: { cx: number; y: number; size: number; maxWidth: number; color?: ReturnType<typeof rgb> },
): void {
  const text = printable(font, raw);
  let size = opts.size;
  while (size > 4 && font.widthOfTextAtSize(text, size) > opts.maxWidth) size -= 0.5;
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: opts.cx - width / 2, y: opts.y, size, font, color: opts.color ?? INK });
}

/** The PDF's bytes. Throws when there is no table to print. */
export async function renderTableQrPdf(input: TableQrInput): Promise<Uint8Array> {
  if (input.spots.length === 0) throw new Error('the venue has no tables');
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.venueName} - table QR codes`);
  doc.setCreator('Carte');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  const tables = input.spots.map((spot) => {
    const url = tableQrUrl(input.publicUrl, input.venueUrl, spot, input.tokens?.get(spot));
    return { spot, url, matrix: qrMatrix(url) };
  });

  if (input.layout === 'pages') {
    for (const t of tables) {
      const page = doc.addPage([A4.width, A4.height]);
      const cx = A4.width / 2;
      const qrSize = 400;
      centred(page, bold, input.venueName, { cx, y: A4.height - 120, size: 30, maxWidth: A4.width - 100 });
      drawQr(page, t.matrix, cx - qrSize / 2, A4.height - 160, qrSize);
      centred(page, bold, t.spot, { cx, y: A4.height - 640, size: 64, maxWidth: A4.width - 100 });
      centred(page, regular, t.url, { cx, y: 70, size: 10, maxWidth: A4.width - 80, color: GREY });
    }
  } else {
    const cols = 2;
    const rows = 4;
    const cardW = A4.width / cols;
    const cardH = A4.height / rows;
    for (let i = 0; i < tables.length; i += cols * rows) {
      const page = doc.addPage([A4.width, A4.height]);
      // Cut lines between the cards.
      for (let c = 1; c < cols; c++) {
        page.drawLine({ start: { x: c * cardW, y: 0 }, end: { x: c * cardW, y: A4.height }, color: CUT, thickness: 0.5, dashArray: [4, 4] });
      }
      for (let r = 1; r < rows; r++) {
        page.drawLine({ start: { x: 0, y: r * cardH }, end: { x: A4.width, y: r * cardH }, color: CUT, thickness: 0.5, dashArray: [4, 4] });
      }
      tables.slice(i, i + cols * rows).forEach((t, k) => {
        const left = (k % cols) * cardW;
        const top = A4.height - Math.floor(k / cols) * cardH;
        const qrSize = 150;
        const textCx = left + 14 + qrSize + (cardW - qrSize - 28) / 2;
        const textWidth = cardW - qrSize - 36;
        drawQr(page, t.matrix, left + 10, top - (cardH - qrSize) / 2, qrSize);
        centred(page, regular, input.venueName, { cx: textCx, y: top - 70, size: 13, maxWidth: textWidth });
        centred(page, bold, t.spot, { cx: textCx, y: top - 120, size: 36, maxWidth: textWidth });
        centred(page, regular, t.url, { cx: left + cardW / 2, y: top - cardH + 12, size: 6.5, maxWidth: cardW - 20, color: GREY });
      });
    }
  }
  return doc.save();
}
