/**
 * Thai loanwords read as the Latin words menus use (issue 17 item 4): "ขอพิสโก้ซาวร์ 2 แก้ว" is read
 * "ขอ pisco sour 2 แก้ว", so the guest engine finds "Pisco Sour" by its own words. Only the spellings
 * of the table (lexicon/thai-loanwords.ts), only where the caller accepts the Latin word (the menu has
 * it), and never inside a Thai word the lexicon already knows at least as long: a loanword adds a
 * dish name to the message, it never changes what the message says about allergies or diets.
 */
import { THAI_LOANWORDS } from './lexicon/thai-loanwords.ts';

/** Thai spelling -> Latin word, longest spellings first within each first letter. */
const BY_FIRST = new Map<string, [thai: string, latin: string][]>();
for (const [latin, spellings] of THAI_LOANWORDS) {
  for (const thai of spellings.split(',').map((s) => s.trim())) {
    if (thai.length < 3) continue;
    const list = BY_FIRST.get(thai[0]!) ?? [];
    if (!list.some(([t]) => t === thai)) list.push([thai, latin]);
    BY_FIRST.set(thai[0]!, list);
  }
}
for (const list of BY_FIRST.values()) list.sort((a, b) => b[0].length - a[0].length);

/** Every Thai spelling of the table with its Latin word (for tests and the data checks). */
export function thaiLoanwords(): [thai: string, latin: string][] {
  return [...BY_FIRST.values()].flat();
}

export interface Rewritten {
  text: string;
  /** For each character of `text`, the offset of the character of the original it stands for. */
  offsets: number[];
  /** The loanwords read: Thai spelling and Latin word. */
  read: [thai: string, latin: string][];
}

const THAI = /[\u0E00-\u0E7F]/;

/**
 * The text with the Thai loanwords the caller accepts written as their Latin word, or null when
 * there are none. `known` are Thai words the lexicon reads itself: a loanword overlapping one at
 * least as long is left to the lexicon.
 */
export function readThaiLoanwords(
  text: string,
  accept: (latin: string) => boolean,
  known: readonly string[],
): Rewritten | null {
  if (!THAI.test(text)) return null;
  const knownSpans: [number, number][] = [];
  for (const w of known) {
    for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) knownSpans.push([at, at + w.length]);
  }
  let out = '';
  const offsets: number[] = [];
  const read: [string, string][] = [];
  let i = 0;
  while (i < text.length) {
    const hit = (BY_FIRST.get(text[i]!) ?? []).find(
      ([thai, latin]) =>
        text.startsWith(thai, i) &&
        !knownSpans.some(([a, b]) => a < i + thai.length && b > i && b - a >= thai.length) &&
        accept(latin),
    );
    if (!hit) {
      out += text[i];
      offsets.push(i);
      i++;
      continue;
    }
    const piece = ` ${hit[1]} `;
    out += piece;
    for (let k = 0; k < piece.length; k++) offsets.push(i);
    read.push(hit);
    i += hit[0].length;
  }
  return read.length ? { text: out, offsets, read } : null;
}
