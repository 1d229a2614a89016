/**
 * A venue's free-text menu (useTextMenu) read into blocks a page can lay out: headings, dishes
 * with their price in a column, notes. The text is the venue's own; nothing is rewritten, only
 * recognised (see The Anchor's seed for the usual shape):
 *
 *   STARTERS                                  a heading: capitals, or "# Title", or "Title:"
 *   Soup of the day (v) - £6.50               a dish: name, a dash or dot leaders, a price ("£5.20 / £2.80")
 *     Served with crusty bread.               indented under a dish: its description
 *   Wine (175 ml glass / bottle)              followed by indented lines: a group title
 *   A 10% service charge is added.            anything else: a paragraph
 */

export interface TextMenuDish {
  name: string;
  price: string;
  /** What follows the price on the same line ("Contains: dairy."), if anything. */
  note: string | null;
  description: string[];
  /** Under a group title (indented). */
  nested: boolean;
}

export type TextMenuBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'group'; text: string }
  | { kind: 'dishes'; dishes: TextMenuDish[] }
  | { kind: 'paragraph'; text: string };

const AMOUNT = String.raw`\d{1,6}(?:[.,]\d{1,2})?`;
const SYMBOL = String.raw`[€$£฿]`;
const CODE = String.raw`(?:EUR|USD|GBP|THB|CHF|euros?|baht|บาท)`;
/** "£6.50", "6,50 €", "6.50", "180 บาท" (a bare number needs its two decimals: "Table for 4" is no price). */
const PRICE = String.raw`(?:${SYMBOL}\s?${AMOUNT}|${AMOUNT}\s?(?:${SYMBOL}|${CODE})|\d{1,6}[.,]\d{2})`;
/** name, a dash with spaces around it, up to three small words ("from", "ab"), the prices, the rest. */
const DISH = new RegExp(
  String.raw`^(.+?)\s+[-–—]\s+((?:\p{Ll}+\s+){0,3}${PRICE}(?:\s*/\s*${PRICE})*)(?=$|[\s.;,])(.*)$`,
  'u',
);

/** "Margherita ..... 9" or "Margherita … 9,50": dot leaders, then an amount (bare numbers allowed there). */
const LEADER_DISH = new RegExp(
  String.raw`^(.+?)\s*(?:\.{2,}|…+|·{2,})\s*((?:\p{Ll}+\s+){0,3}(?:${PRICE}|${AMOUNT})(?:\s*/\s*(?:${PRICE}|${AMOUNT}))*)(?=$|[\s.;,])(.*)$`,
  'u',
);

function matchDish(text: string): { name: string; price: string; note: string | null } | null {
  const m = DISH.exec(text) ?? LEADER_DISH.exec(text);
  if (!m) return null;
  const note = m[3]!.replace(/^[\s.;,]+/, '').trim();
  return { name: m[1]!.trim(), price: m[2]!.trim(), note: note || null };
}

function headingText(text: string): string | null {
  const hashes = /^#{1,6}\s+(.+)$/.exec(text);
  if (hashes) return hashes[1]!.trim();
  if (text.length <= 80 && /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text)) return text;
  const colon = /^([^:]{1,40}):$/.exec(text);
  if (colon) return colon[1]!.trim();
  return null;
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].replace(/\t/g, '  ').length;

export function parseTextMenu(source: string): TextMenuBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: TextMenuBlock[] = [];
  let lastDish: { dish: TextMenuDish; indent: number } | null = null;

  const nextContentLine = (from: number) => {
    for (let j = from; j < lines.length; j++) if (lines[j]!.trim()) return lines[j]!;
    return null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const text = line.trim().replace(/\s{2,}/g, ' ');
    if (!text) {
      lastDish = null;
      continue;
    }
    const indent = indentOf(line);
    const dish = matchDish(text);
    if (dish) {
      const entry: TextMenuDish = { ...dish, description: [], nested: indent > 0 };
      const last = blocks.at(-1);
      if (last?.kind === 'dishes') last.dishes.push(entry);
      else blocks.push({ kind: 'dishes', dishes: [entry] });
      lastDish = { dish: entry, indent };
      continue;
    }
    if (lastDish && indent > lastDish.indent) {
      lastDish.dish.description.push(text);
      continue;
    }
    lastDish = null;
    const heading = indent === 0 ? headingText(text) : null;
    if (heading) {
      blocks.push({ kind: 'heading', text: heading });
      continue;
    }
    const next = nextContentLine(i + 1);
    if (indent === 0 && next !== null && indentOf(next) > 0 && lines[i + 1]?.trim()) {
      blocks.push({ kind: 'group', text });
      continue;
    }
    blocks.push({ kind: 'paragraph', text });
  }
  return blocks;
}
