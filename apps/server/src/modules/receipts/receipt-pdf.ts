import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ReceiptView } from './receipt-view.ts';

/**
 * The receipt as a PDF (pdf-lib), A4, the same words and figures as the page (decision 022).
 * Text is set in Noto Sans Thai (OFL, @fontsource/noto-sans-thai), whose files cover Latin, Latin
 * extended and Thai in three subsets: each run of text takes the subset that has its letters, so a
 * Thai receipt, a French one and a Polish dish name all print; only the glyphs used are embedded.
 */

const require = createRequire(import.meta.url);
const SUBSETS = ['latin', 'latin-ext', 'thai'] as const;
type Subset = (typeof SUBSETS)[number];
type Weight = 400 | 700;

interface FontFile {
  bytes: Uint8Array;
  has(codePoint: number): boolean;
}

const files = new Map<string, FontFile>();
function fontFile(subset: Subset, weight: Weight): FontFile {
  const key = `${subset}-${weight}`;
  let file = files.get(key);
  if (!file) {
    const bytes = readFileSync(require.resolve(`@fontsource/noto-sans-thai/files/noto-sans-thai-${subset}-${weight}-normal.woff`));
    const font = fontkit.create(bytes);
    file = { bytes, has: (cp) => font.hasGlyphForCodePoint(cp) };
    files.set(key, file);
  }
  return file;
}

/** Which subset draws this character; spaces the fonts lack become plain spaces, other unknowns "?". */
function subsetOf(char: string, weight: Weight): { subset: Subset; char: string } {
  const cp = char.codePointAt(0)!;
  for (const subset of SUBSETS) if (fontFile(subset, weight).has(cp)) return { subset, char };
  return { subset: 'latin', char: /\s/.test(char) ? ' ' : '?' };
}

interface Run {
  font: PDFFont;
  text: string;
}

class Writer {
  private readonly fonts = new Map<string, PDFFont>();
  /** Laying text out is the slow part of drawing: each run's width once per size. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();
  page: PDFPage;
  y: number;
  static readonly WIDTH = 595.28;
  static readonly HEIGHT = 841.89;
  static readonly MARGIN = 56;

  constructor(private readonly doc: PDFDocument) {
    this.page = doc.addPage([Writer.WIDTH, Writer.HEIGHT]);
    this.y = Writer.HEIGHT - Writer.MARGIN;
  }

  async prepare(texts: string[]): Promise<void> {
    for (const weight of [400, 700] as const) {
      const needed = new Set<Subset>();
      for (const text of texts) for (const ch of text) needed.add(subsetOf(ch, weight).subset);
      for (const subset of needed) {
        this.fonts.set(`${subset}-${weight}`, await this.doc.embedFont(fontFile(subset, weight).bytes, { subset: true }));
      }
    }
  }

  runs(text: string, weight: Weight): Run[] {
    const runs: Run[] = [];
    for (const ch of text) {
      const { subset, char } = subsetOf(ch, weight);
      const font = this.fonts.get(`${subset}-${weight}`)!;
      const last = runs[runs.length - 1];
      if (last && last.font === font) last.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }

  runWidth(run: Run, size: number): number {
    let cache = this.widths.get(run.font);
    if (!cache) this.widths.set(run.font, (cache = new Map()));
    const key = `${size}|${run.text}`;
    let width = cache.get(key);
    if (width === undefined) cache.set(key, (width = run.font.widthOfTextAtSize(run.text, size)));
    return width;
  }

  width(text: string, size: number, weight: Weight = 400): number {
    return this.runs(text, weight).reduce((w, r) => w + this.runWidth(r, size), 0);
  }

  /** Words of `text` in lines no wider than `max`. */
  wrap(text: string, size: number, max: number, weight: Weight = 400): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/(\s+)/)) {
      const next = line + word;
      if (line.trim() && this.width(next.trimEnd(), size, weight) > max) {
        lines.push(line.trimEnd());
        line = word.trimStart();
      } else line = next;
    }
    if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
    return lines;
  }

  ensure(height: number): void {
    if (this.y - height < Writer.MARGIN) {
      this.page = this.doc.addPage([Writer.WIDTH, Writer.HEIGHT]);
      this.y = Writer.HEIGHT - Writer.MARGIN;
    }
  }

  text(text: string, x: number, size: number, opts: { weight?: Weight; align?: 'left' | 'right'; grey?: boolean } = {}): void {
    const weight = opts.weight ?? 400;
    let at = opts.align === 'right' ? x - this.width(text, size, weight) : x;
    const color = opts.grey ? rgb(0.33, 0.33, 0.33) : rgb(0.1, 0.1, 0.1);
    for (const run of this.runs(text, weight)) {
      this.page.drawText(run.text, { x: at, y: this.y, size, font: run.font, color });
      at += this.runWidth(run, size);
    }
  }

  rule(weight = 0.5): void {
    this.page.drawLine({
      start: { x: Writer.MARGIN, y: this.y },
      end: { x: Writer.WIDTH - Writer.MARGIN, y: this.y },
      thickness: weight,
      color: rgb(0.6, 0.6, 0.6),
    });
  }
}

export async function renderReceiptPdf(view: ReceiptView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${view.title} ${view.meta[0]![1]} · ${view.seller.name}`);
  doc.setLanguage(view.lang);
  doc.setProducer('Carte');
  doc.setCreator('Carte');
  const w = new Writer(doc);
  await w.prepare(everyText(view));

  const left = Writer.MARGIN;
  const right = Writer.WIDTH - Writer.MARGIN;
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
    ...(view.taxTable ? [view.taxTable.heading, view.taxTable.note, ...view.taxTable.columns, ...view.taxTable.rows.flat()] : []),
    view.payment,
    ...view.creditNotes,
    view.thanks,
    '?',
  ];
}
