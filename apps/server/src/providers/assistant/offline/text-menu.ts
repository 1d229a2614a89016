/**
 * A venue's free-text menu read as lines: headings become categories, lines become pseudo products
 * (with the price found at the end of the line and dietary marks such as "(v)", "vegan", "(gf)"), so
 * the same search answers text menus. Replies quote the lines as written.
 */
import { toMinor } from '@carte/domain';
import type { AssistantMenu, MenuProduct } from '../types.ts';
import { annotate } from './annotate.ts';

export interface TextMenu {
  menu: AssistantMenu;
  /** pseudo product id -> the line as written (with its section) */
  quote: Map<string, string>;
}

const PRICE_AT_END = /(?:[€$£฿]\s*)?(\d{1,6}(?:[.,]\d{1,2})?)\s*(?:[€$£฿]|eur(?:os?)?|usd|gbp|thb|baht|บาท|\.-)?\s*$/i;
const PRICE_ANYWHERE = /(?:[€$£฿]\s*(\d{1,6}(?:[.,]\d{1,2})?))|(?:(\d{1,6}(?:[.,]\d{1,2})?)\s*(?:[€$£฿]|eur(?:os?)?\b|baht|บาท))/i;
const RECOMMENDED = /(★|⭐|\brecommended\b|\bchef'?s\b|\bspecial(?:ity|ty)?\b|\bconseill|\bconsigliat|\bempfehl|แนะนำ)/i;

const cache = new Map<string, TextMenu>();

function isHeading(line: string): boolean {
  if (/^#+\s/.test(line)) return true;
  if (/:\s*$/.test(line) && !PRICE_ANYWHERE.test(line)) return true;
  if (PRICE_AT_END.test(line) && /\d/.test(line)) return false;
  const letters = line.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return true;
  return /^(?:[=\-*_]{2,}.*|.*[=\-*_]{2,})$/.test(line) || line.split(/\s+/).length <= 3;
}

function clean(line: string): string {
  return line
    .replace(/^#+\s*/, '')
    .replace(/^[-*•·]\s*/, '')
    .replace(/[=*_]{2,}/g, '')
    .replace(/:\s*$/, '')
    .trim();
}

function marks(text: string): string[] {
  const prefs = new Set<string>();
  if (/\((?:v|veg|vegetarian)\)/i.test(text)) prefs.add('vegetarian');
  if (/\((?:vg|vegan)\)/i.test(text)) prefs.add('vegan');
  if (/\((?:gf)\)/i.test(text)) prefs.add('gluten-free');
  for (const t of annotate(text)) {
    if (t.tags.includes('diet:vegan')) prefs.add('vegan');
    if (t.tags.includes('diet:vegetarian')) prefs.add('vegetarian');
    if (t.tags.includes('diet:gluten-free')) prefs.add('gluten-free');
    if (t.tags.includes('diet:spicyword')) prefs.add('spicy');
  }
  return [...prefs];
}

export function textMenuAsMenu(menu: AssistantMenu): TextMenu {
  const key = `${menu.currency}\u0000${menu.venueName}\u0000${menu.textMenu ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const lines = (menu.textMenu ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !/^[-=_*\s]+$/.test(l));
  const products: MenuProduct[] = [];
  const quote = new Map<string, string>();
  let section = '';
  let last: MenuProduct | null = null;
  lines.forEach((line, i) => {
    const priced = PRICE_AT_END.exec(line) ?? PRICE_ANYWHERE.exec(line);
    const hasPrice = priced !== null && /\d/.test(priced[0]);
    if (!hasPrice && isHeading(line)) {
      section = clean(line);
      last = null;
      return;
    }
    if (!hasPrice && last && line.length > 25) {
      // A description line under the previous item.
      const prev: MenuProduct = last;
      prev.description = prev.description ? `${prev.description} ${line}` : line;
      prev.preferences = [...new Set([...prev.preferences, ...marks(line)])];
      quote.set(prev.id, `${quote.get(prev.id)} — ${line}`);
      return;
    }
    const amount = hasPrice ? Number((priced[1] ?? priced[2] ?? '').replace(',', '.')) : NaN;
    const name = clean(hasPrice ? line.replace(priced[0], '') : line).replace(/[\s.…–—-]+$/, '') || clean(line);
    const id = `line-${i}`;
    const p: MenuProduct = {
      id,
      name,
      description: null,
      priceMinor: Number.isFinite(amount) ? toMinor(amount) : null,
      recommended: RECOMMENDED.test(line),
      status: 'available',
      preferences: marks(line),
      allergenes: [],
      categories: section ? [{ id: section, name: section }] : [],
      variations: [],
    };
    products.push(p);
    quote.set(id, section ? `${section}: ${line}` : line);
    last = p;
  });
  const tm: TextMenu = {
    menu: { venueName: menu.venueName, currency: menu.currency, useTextMenu: false, textMenu: null, products },
    quote,
  };
  cache.set(key, tm);
  if (cache.size > 32) cache.delete(cache.keys().next().value!);
  return tm;
}
