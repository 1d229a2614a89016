import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';

/**
 * The text of a PDF as a reader would copy it, one string per page: what pdf-lib's drawText wrote,
 * turned back into characters through each font's ToUnicode map (embedded fonts write glyph ids),
 * runs on the same baseline joined left to right (by a space unless they touch), lines top to bottom; no-break and
 * narrow spaces read as plain spaces.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const resolve = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Font>();
    const fontDict = resolve(page.node.Resources()?.get(PDFName.of('Font')));
    if (fontDict instanceof PDFDict) {
      for (const [name, ref] of fontDict.entries()) {
        const font = resolve(ref);
        const toUnicode = font instanceof PDFDict ? resolve(font.get(PDFName.of('ToUnicode'))) : undefined;
        const descendants = font instanceof PDFDict ? resolve(font.get(PDFName.of('DescendantFonts'))) : undefined;
        const cid = descendants instanceof PDFArray ? resolve(descendants.get(0)) : undefined;
        const w = cid instanceof PDFDict ? resolve(cid.get(PDFName.of('W'))) : undefined;
        fonts.set(name.asString().slice(1), {
          map: toUnicode instanceof PDFRawStream ? readCmap(streamText(toUnicode)) : new Map(),
          widths: w instanceof PDFArray ? readWidths(w, resolve) : new Map(),
        });
      }
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => resolve(r)) : [contents];
    const raw = streams.map((s) => streamText(s as PDFRawStream)).join('\n');
    const runs: { x: number; y: number; end: number; size: number; text: string }[] = [];
    let font: Font = { map: new Map(), widths: new Map() };
    let size = 0;
    let x = 0;
    let y = 0;
    const ops = /\/([^\s/]+)\s+([\d.]+)\s+Tf|([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g;
    for (const m of raw.matchAll(ops)) {
      if (m[1]) {
        font = fonts.get(m[1]) ?? { map: new Map(), widths: new Map() };
        size = Number(m[2]);
      } else if (m[3]) {
        x = Number(m[7]);
        y = Number(m[8]);
      } else if (m[9] !== undefined) {
        const hex = m[9];
        const width = font.map.size ? 4 : 2;
        let text = '';
        let advance = 0;
        for (let i = 0; i < hex.length; i += width) {
          const code = hex.slice(i, i + width).toUpperCase();
          text += font.map.get(code) ?? String.fromCharCode(parseInt(code, 16));
          advance += font.widths.get(parseInt(code, 16)) ?? 0;
        }
        runs.push({ x, y, end: x + (advance * size) / 1000, size, text });
      }
    }
    const lines = new Map<number, typeof runs>();
    for (const r of runs) {
      const key = Math.round(r.y);
      lines.set(key, [...(lines.get(key) ?? []), r]);
    }
    // Runs that touch (one word set in two font files) join without a space.
    const join = (line: typeof runs) =>
      line.reduce((text, r, i) => {
        const before = line[i - 1];
        return i === 0 ? r.text : text + (before && before.end > 0 && r.x - before.end < r.size * 0.1 ? '' : ' ') + r.text;
      }, '');
    return [...lines.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([, line]) =>
        join(line.sort((a, b) => a.x - b.x)).replace(/[\u00a0\u202f\u2009]/g, ' '),
      )
      .join('\n');
  });
}

interface Font {
  /** Glyph code (hex) -> text. */
  map: Map<string, string>;
  /** Glyph id -> advance in thousandths of the size. */
  widths: Map<number, number>;
}

/** A CID font's W array: `c [w1 w2 ...]` or `c1 c2 w`. */
function readWidths(w: PDFArray, resolve: (o: PDFObject | undefined) => PDFObject | undefined): Map<number, number> {
  const widths = new Map<number, number>();
  const items = w.asArray().map((o) => resolve(o));
  const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : NaN);
  for (let i = 0; i < items.length; ) {
    const first = num(items[i]);
    const next = items[i + 1];
    if (next instanceof PDFArray) {
      next.asArray().forEach((o, k) => widths.set(first + k, num(resolve(o))));
      i += 2;
    } else {
      const last = num(next);
      const value = num(items[i + 2]);
      for (let c = first; c <= last; c++) widths.set(c, value);
      i += 3;
    }
  }
  return widths;
}

function streamText(stream: PDFRawStream): string {
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

/** A ToUnicode CMap's bfchar and bfrange entries: glyph code (hex) -> text. */
function readCmap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => {
    let out = '';
    for (let i = 0; i < hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(m[1]!.toUpperCase(), utf16(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const dst = parseInt(m[3]!, 16);
      for (let c = lo; c <= hi; c++) {
        map.set(c.toString(16).toUpperCase().padStart(m[1]!.length, '0'), String.fromCharCode(dst + c - lo));
      }
    }
  }
  return map;
}
