import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A4 documents written in Noto Sans Thai (OFL, @fontsource/noto-sans-thai), for the receipts
 * (decision 022) and the Z reports (decision 024). Its files cover Latin, Latin extended and Thai in
 * three subsets: each run of text takes the subset that has its letters, so a Thai venue's legal
 * name, a French label and a Polish dish name all print; only the glyphs used are embedded.
 */

const require = createRequire(import.meta.url);
const SUBSETS = ['latin', 'latin-ext', 'thai'] as const;
type Subset = (typeof SUBSETS)[number];
export type Weight = 400 | 700;

interface FontFile {
  bytes: Uint8Array;
  has(codePoint: number): boolean;
}

const files = new Map<string, FontFile>();
function fontFile(subset: Subset, weight: Weight): FontFile {
  const key = `${subset}-${weight}`;
  let file = files.get(key);
  if (!file) {
    const bytes = readFileSync(
      require.resolve(`@fontsource/noto-sans-thai/files/noto-sans-thai-${subset}-${weight}-normal.woff`),
    );
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

/**
 * SARA AM (U+0E33) as the two marks its glyphs are, NIKHAHIT + SARA AA (its compatibility
 * decomposition): the font draws it the same either way, but pdf-lib's text layer maps the glyphs
 * the font substitutes for U+0E33 back wrongly (copying "จำกัด" gave "จำ" and a stray character).
 */
function drawable(text: string): string {
  return text.replace(/\u0E33/g, '\u0E4D\u0E32');
}

/** A new PDF that can embed the font files. */
export async function createPdfDocument(meta: { title: string; lang?: string }): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(meta.title);
  if (meta.lang) doc.setLanguage(meta.lang);
  doc.setProducer('Carte');
  doc.setCreator('Carte');
  return doc;
}

interface Run {
  font: PDFFont;
  text: string;
}

const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.33, 0.33, 0.33);

/**
 * Draws text down A4 pages: `y` is the current baseline, `ensure` starts a new page when what
 * follows would not fit. `prepare` must see every text first (it embeds the subsets they need).
 */
export class PdfWriter {
  private readonly fonts = new Map<string, PDFFont>();
  /** Laying text out is the slow part of drawing: each run's width once per size. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();
  page: PDFPage;
  y: number;
  static readonly WIDTH = 595.28;
  static readonly HEIGHT = 841.89;

  constructor(
    private readonly doc: PDFDocument,
    readonly margin = 56,
  ) {
    this.page = doc.addPage([PdfWriter.WIDTH, PdfWriter.HEIGHT]);
    this.y = PdfWriter.HEIGHT - margin;
  }

  get left(): number {
    return this.margin;
  }

  get right(): number {
    return PdfWriter.WIDTH - this.margin;
  }

  async prepare(texts: string[]): Promise<void> {
    // "?" stands for what no subset draws; "…" ends text cut by fit().
    const all = [...texts, '?', '…'];
    for (const weight of [400, 700] as const) {
      const needed = new Set<Subset>();
      for (const text of all) for (const ch of drawable(text)) needed.add(subsetOf(ch, weight).subset);
      for (const subset of needed) {
        this.fonts.set(
          `${subset}-${weight}`,
          await this.doc.embedFont(fontFile(subset, weight).bytes, { subset: true }),
        );
      }
    }
  }

  private runs(text: string, weight: Weight): Run[] {
    const runs: Run[] = [];
    for (const ch of drawable(text)) {
      const { subset, char } = subsetOf(ch, weight);
      const font = this.fonts.get(`${subset}-${weight}`);
      if (!font) throw new Error(`PdfWriter: "${text}" was not prepared`);
      const last = runs[runs.length - 1];
      if (last && last.font === font) last.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }

  private runWidth(run: Run, size: number): number {
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

  /** `text` cut to at most `max` wide, ending "…" when it is cut. */
  fit(text: string, size: number, max: number, weight: Weight = 400): string {
    if (this.width(text, size, weight) <= max) return text;
    const chars = [...text];
    while (chars.length > 1 && this.width(`${chars.join('').trimEnd()}…`, size, weight) > max) chars.pop();
    return `${chars.join('').trimEnd()}…`;
  }

  ensure(height: number): void {
    if (this.y - height < this.margin) {
      this.page = this.doc.addPage([PdfWriter.WIDTH, PdfWriter.HEIGHT]);
      this.y = PdfWriter.HEIGHT - this.margin;
    }
  }

  text(
    text: string,
    x: number,
    size: number,
    opts: { weight?: Weight; align?: 'left' | 'right'; grey?: boolean } = {},
  ): void {
    const weight = opts.weight ?? 400;
    let at = opts.align === 'right' ? x - this.width(text, size, weight) : x;
    const color = opts.grey ? GREY : INK;
    for (const run of this.runs(text, weight)) {
      this.page.drawText(run.text, { x: at, y: this.y, size, font: run.font, color });
      at += this.runWidth(run, size);
    }
  }

  rule(weight = 0.5): void {
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.right, y: this.y },
      thickness: weight,
      color: rgb(0.6, 0.6, 0.6),
    });
  }
}
