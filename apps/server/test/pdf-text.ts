import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';

/**
 * The text of a PDF as a reader would copy it, one string per page: what pdf-lib's drawText wrote,
 * turned back into characters through each font's ToUnicode map (embedded fonts write glyph ids),
 * runs on the same baseline joined left to right by a space, lines top to bottom; no-break and
 * narrow spaces read as plain spaces.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const resolve = (o: PDFObject | undefined) => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<string, string>>();
    const fontDict = resolve(page.node.Resources()?.get(PDFName.of('Font')));
    if (fontDict instanceof PDFDict) {
      for (const [name, ref] of fontDict.entries()) {
        const font = resolve(ref);
        const toUnicode = font instanceof PDFDict ? resolve(font.get(PDFName.of('ToUnicode'))) : undefined;
        fonts.set(
          name.asString().slice(1),
          toUnicode instanceof PDFRawStream ? readCmap(streamText(toUnicode)) : new Map(),
        );
      }
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => resolve(r)) : [contents];
    const raw = streams.map((s) => streamText(s as PDFRawStream)).join('\n');
    const runs: { x: number; y: number; text: string }[] = [];
    let font = new Map<string, string>();
    let x = 0;
    let y = 0;
    const ops = /\/([^\s/]+)\s+[\d.]+\s+Tf|([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g;
    for (const m of raw.matchAll(ops)) {
      if (m[1]) font = fonts.get(m[1]) ?? new Map();
      else if (m[2]) {
        x = Number(m[6]);
        y = Number(m[7]);
      } else if (m[8] !== undefined) {
        const hex = m[8];
        const width = font.size ? 4 : 2;
        let text = '';
        for (let i = 0; i < hex.length; i += width) {
          const code = hex.slice(i, i + width).toUpperCase();
          text += font.get(code) ?? String.fromCharCode(parseInt(code, 16));
        }
        runs.push({ x, y, text });
      }
    }
    const lines = new Map<number, { x: number; text: string }[]>();
    for (const r of runs) {
      const key = Math.round(r.y);
      lines.set(key, [...(lines.get(key) ?? []), r]);
    }
    return [...lines.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([, line]) =>
        line
          .sort((a, b) => a.x - b.x)
          .map((r) => r.text)
          .join(' ')
          .replace(/[\u00a0\u202f\u2009]/g, ' '),
      )
      .join('\n');
  });
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
