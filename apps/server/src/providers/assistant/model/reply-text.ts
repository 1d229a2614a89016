import { formatPrice } from '@carte/domain';
import type { Language, MenuProduct, ReplyBlock, RichText, TextRun } from '../types.ts';
import { fold } from '../language/tokens.ts';

/**
 * Turns the model's text into reply blocks. The text is data: it becomes escaped paragraphs and
 * lists (a little Markdown is understood: bullets, numbered lines, **bold**; links lose their
 * target), and any amount of money in it is replaced, because the prices a guest sees come from
 * the database, in the list appended under the text.
 */

interface Strings {
  priceBelow: string;
  askForPrice: string;
  allergens: string;
  allergyNote: string;
  cartUpdated: string;
  cartOpened: string;
}

export const MODEL_STRINGS: Record<Language, Strings> = {
  en: {
    priceBelow: '(price below)',
    askForPrice: 'ask for price',
    allergens: 'allergens',
    allergyNote: 'Please confirm any allergies with our staff before ordering.',
    cartUpdated: 'Done, your cart is updated.',
    cartOpened: 'Here is your cart: choose your table and confirm the order.',
  },
  fr: {
    priceBelow: '(prix ci-dessous)',
    askForPrice: 'prix sur demande',
    allergens: 'allergènes',
    allergyNote: 'Merci de confirmer toute allergie auprès de notre équipe avant de commander.',
    cartUpdated: 'C’est fait, votre panier est à jour.',
    cartOpened: 'Voici votre panier : choisissez votre table et confirmez la commande.',
  },
  it: {
    priceBelow: '(prezzo qui sotto)',
    askForPrice: 'prezzo su richiesta',
    allergens: 'allergeni',
    allergyNote: 'Per favore conferma eventuali allergie con il nostro staff prima di ordinare.',
    cartUpdated: 'Fatto, il tuo carrello è aggiornato.',
    cartOpened: 'Ecco il tuo carrello: scegli il tavolo e conferma l’ordine.',
  },
  de: {
    priceBelow: '(Preis unten)',
    askForPrice: 'Preis auf Anfrage',
    allergens: 'Allergene',
    allergyNote: 'Bitte bestätigen Sie Allergien vor der Bestellung mit unserem Personal.',
    cartUpdated: 'Erledigt, Ihr Warenkorb ist aktualisiert.',
    cartOpened: 'Hier ist Ihr Warenkorb: Wählen Sie Ihren Tisch und bestätigen Sie die Bestellung.',
  },
  th: {
    priceBelow: '(ดูราคาด้านล่าง)',
    askForPrice: 'สอบถามราคา',
    allergens: 'สารก่อภูมิแพ้',
    allergyNote: 'โปรดยืนยันเรื่องการแพ้อาหารกับพนักงานของเราก่อนสั่ง',
    cartUpdated: 'เรียบร้อย อัปเดตตะกร้าของคุณแล้ว',
    cartOpened: 'นี่คือตะกร้าของคุณ เลือกโต๊ะและยืนยันคำสั่งซื้อได้เลย',
  },
};

const MAX_MODEL_TEXT = 4000;

// Grouped thousands as Intl writes them ("1,200.00", "1.234,56", "1 234,56" with a narrow no-break space) first.
const AMOUNT = String.raw`(?:\d{1,3}(?:[,.'\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d{1,6}(?:[.,]\d{1,2})?)`;
const SYMBOL = String.raw`[€$£฿]`;
const CODE = String.raw`(?:EUR|USD|GBP|THB|euros?|dollars?|bahts?|pounds?|บาท)`;
const MONEY = new RegExp(
  String.raw`(?:${SYMBOL}\s?${AMOUNT}|\b(?:EUR|USD|GBP|THB)\s?${AMOUNT}|${AMOUNT}\s?(?:${SYMBOL}|${CODE}(?![\p{L}])))`,
  'giu',
);

/** Replaces every amount of money in model text: prices are shown from the database only. */
export function stripPrices(text: string, language: Language): string {
  return text.replace(MONEY, MODEL_STRINGS[language].priceBelow);
}

function inlineMarkdown(text: string): RichText {
  const cleaned = text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`+/g, '')
    .replace(/^#{1,6}\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const runs: TextRun[] = [];
  const pattern = /\*\*([^*]+)\*\*|__([^_]+)__/g;
  let last = 0;
  for (const m of cleaned.matchAll(pattern)) {
    if (m.index > last) runs.push({ text: cleaned.slice(last, m.index) });
    runs.push({ text: (m[1] ?? m[2])!, strong: true });
    last = m.index + m[0].length;
  }
  if (!runs.length) return cleaned.replace(/(^|\s)\*([^*\s][^*]*)\*(?=\s|$|[.,!?])/g, '$1$2');
  if (last < cleaned.length) runs.push({ text: cleaned.slice(last) });
  return runs.map((r) => ({ ...r, text: r.text.replace(/\*/g, '') })).filter((r) => r.text);
}

const BULLET = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;

/** Model text -> paragraphs and lists (plain text; the renderer escapes it). */
export function textToBlocks(text: string, language: Language): ReplyBlock[] {
  const clean = stripPrices(text.slice(0, MAX_MODEL_TEXT).replace(/\r\n?/g, '\n'), language);
  const blocks: ReplyBlock[] = [];
  for (const chunk of clean.split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    let items: RichText[] = [];
    const flushParagraph = () => {
      const joined = paragraph.join(' ').trim();
      if (joined) blocks.push({ type: 'paragraph', text: inlineMarkdown(joined) });
      paragraph = [];
    };
    const flushList = () => {
      if (items.length) blocks.push({ type: 'list', items });
      items = [];
    };
    for (const line of chunk.split('\n')) {
      if (!line.trim()) continue;
      if (BULLET.test(line)) {
        flushParagraph();
        const item = inlineMarkdown(line.replace(BULLET, ''));
        if (typeof item !== 'string' || item) items.push(item);
      } else {
        flushList();
        paragraph.push(line.trim());
      }
    }
    flushParagraph();
    flushList();
  }
  return blocks;
}

/** Product ids named in the text, in order of first mention. */
export function productsNamedIn(text: string, products: MenuProduct[], candidates: Set<string>): string[] {
  const haystack = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const hits: { id: string; at: number }[] = [];
  const key = (s: string) =>
    fold(s)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  // Words that appear in one product name only identify it when the model shortens a name
  // ("the carbonara" for "Spaghetti alla carbonara"), among the products the tools returned.
  const wordCount = new Map<string, number>();
  for (const p of products)
    for (const w of new Set(key(p.name).split(' '))) wordCount.set(w, (wordCount.get(w) ?? 0) + 1);
  for (const p of products) {
    if (p.status !== 'available') continue;
    const name = key(p.name);
    if (!name) continue;
    let at = haystack.indexOf(` ${name} `);
    if (at < 0 && /[\u0E00-\u0E7F]/.test(name)) at = haystack.indexOf(name); // Thai has no spaces
    if (at < 0 && candidates.has(p.id)) {
      for (const w of name.split(' ')) {
        if (w.length < 5 || wordCount.get(w) !== 1) continue;
        const i = haystack.indexOf(` ${w} `);
        if (i >= 0 && (at < 0 || i < at)) at = i;
      }
    }
    if (at >= 0) hits.push({ id: p.id, at });
  }
  return hits.sort((a, b) => a.at - b.at).map((h) => h.id);
}

/** The list of referenced dishes with their prices and allergens, from the database. */
export function productPriceBlocks(products: MenuProduct[], currency: string, language: Language): ReplyBlock[] {
  if (!products.length) return [];
  const s = MODEL_STRINGS[language];
  const items: RichText[] = products.map((p) => {
    const runs: TextRun[] = [
      { text: p.name, strong: true },
      { text: ` — ${p.priceMinor === null ? s.askForPrice : formatPrice(p.priceMinor, currency, language)}` },
    ];
    if (p.allergenes.length) runs.push({ text: ` (${s.allergens}: ${p.allergenes.join(', ')})` });
    return runs;
  });
  const blocks: ReplyBlock[] = [{ type: 'list', items }];
  if (products.some((p) => p.allergenes.length)) blocks.push({ type: 'note', text: s.allergyNote });
  return blocks;
}
