/**
 * The words of prices: "to 12", "by 2", raise and lower, percent and cents, the whole menu, and the
 * numbers said in words (a price must be written in figures). Data only, in en, fr, it, de and th (lexicon.ts reads it; a word is
 * matched in any language whatever the interface language).
 */
import type { WordList } from '../types.ts';

export const PRICE_WORDS = {
  /** Numbers said in words: a price must be written in figures ("seven fifty" is asked again). */
  numberWords: {
    en: [
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine',
      'ten',
      'eleven',
      'twelve',
      'fifteen',
      'twenty',
      'thirty',
      'fifty',
      'hundred',
    ],
    fr: [
      'deux',
      'trois',
      'quatre',
      'cinq',
      'sept',
      'huit',
      'neuf',
      'dix',
      'onze',
      'douze',
      'quinze',
      'vingt',
      'trente',
      'cinquante',
      'cent',
    ],
    it: [
      'uno',
      'due',
      'tre',
      'quattro',
      'cinque',
      'sei',
      'sette',
      'otto',
      'nove',
      'dieci',
      'dodici',
      'quindici',
      'venti',
      'trenta',
      'cinquanta',
      'cento',
    ],
    de: [
      'eins',
      'zwei',
      'drei',
      'vier',
      'fünf',
      'sechs',
      'sieben',
      'acht',
      'neun',
      'zehn',
      'zwölf',
      'fünfzehn',
      'zwanzig',
      'dreißig',
      'fünfzig',
      'hundert',
    ],
    th: ['หนึ่งร้อย', 'สองร้อย', 'สามร้อย', 'ห้าสิบ', 'ยี่สิบ', 'สิบห้า', 'สามสิบ'],
  },
  /** Just before an amount, a new price: "raise the soup to 12" sets it to 12. */
  setTo: {
    en: ['to'],
    fr: ['à', 'a'],
    it: ['a'],
    de: ['auf'],
    th: ['เป็น'],
  },
  /** Just before an amount, a change by it: "bump the soup by 2". */
  // French "de" and Italian "di" also say "a price of 7" ("au prix de 7"): they change only after a
  // raise or lower word, never alone.
  changeBy: {
    en: ['by'],
    fr: ['de plus de'],
    it: ['di ben'],
    de: ['um'],
    th: ['อีก'],
  },
  // A comparative after an amount is a change, not a new price: "the tiramisu costs 2 euros less".
  raise: {
    en: ['raise', 'increase', 'put up', 'more expensive', 'up', 'more', 'bump', 'hike'],
    fr: ['augmente', 'augmenter', 'augmentez', 'hausse', 'monte', 'de plus', 'plus cher'],
    it: ['aumenta', 'aumentare', 'alza', 'rincara', 'in più', 'in piu', 'di più', 'di piu'],
    de: ['erhöhe', 'erhöhen', 'teurer', 'hebe', 'anheben', 'mehr'],
    th: ['ขึ้นราคา', 'เพิ่มราคา', 'ขึ้น', 'แพงขึ้น'],
  },
  lower: {
    en: ['lower', 'reduce', 'decrease', 'cut', 'discount', 'cheaper', 'down', 'less'],
    fr: ['baisse', 'baisser', 'baissez', 'réduis', 'réduire', 'diminue', 'diminuer', 'de moins', 'moins cher'],
    it: ['abbassa', 'abbassare', 'riduci', 'ridurre', 'diminuisci', 'sconta', 'in meno', 'di meno'],
    de: ['senke', 'senken', 'reduziere', 'reduzieren', 'billiger', 'günstiger', 'verringere', 'weniger'],
    th: ['ลดราคา', 'ลด', 'ถูกลง'],
  },
  /** "the carbonara costs 14", "price of X to 14". */
  costs: {
    en: ['costs', 'cost', 'price', 'priced', 'is now', 'now'],
    fr: ['coûte', 'coute', 'prix', 'passe à', 'vaut'],
    it: ['costa', 'prezzo', 'ora', 'adesso'],
    de: ['kostet', 'preis', 'jetzt'],
    th: ['ราคา'],
  },
  /** Introduces the price of a new dish: "at 12.50", "for 9". */
  priceAt: {
    en: ['at', 'for', 'price', 'costing'],
    fr: ['à', 'a', 'pour', 'au prix de', 'prix'],
    it: ['a', 'per', 'al prezzo di', 'prezzo'],
    de: ['für', 'zu', 'zum preis von', 'preis'],
    th: ['ราคา'],
  },
  all: {
    en: ['all', 'every', 'all the', 'whole'],
    fr: ['tous', 'toutes', 'tous les', 'toutes les'],
    it: ['tutti', 'tutte', 'tutti i', 'tutte le'],
    de: ['alle', 'sämtliche', 'jede'],
    th: ['ทั้งหมด', 'ทุก'],
  },
  percent: {
    en: ['%', 'percent', 'per cent', 'pc'],
    fr: ['%', 'pour cent', 'pourcent'],
    it: ['%', 'per cento', 'percento'],
    de: ['%', 'prozent'],
    th: ['%', 'เปอร์เซ็นต์'],
  },
  cents: {
    en: ['cents', 'cent', 'pence', 'p'],
    fr: ['centimes', 'centime', 'cts'],
    it: ['centesimi', 'centesimo', 'cent'],
    de: ['cent', 'ct'],
    th: ['สตางค์'],
  },
  /** "all prices", "everything": a change for the whole menu (only when said). */
  wholeMenu: {
    en: [
      'prices',
      'everything',
      'the menu',
      'whole menu',
      'the whole menu',
      'all dishes',
      'all items',
      'every dish',
      'every item',
    ],
    fr: ['prix', 'tout', 'toute la carte', 'la carte', 'tous les plats'],
    it: ['prezzi', 'tutto', 'tutto il menu', 'tutti i piatti'],
    de: ['preise', 'alles', 'die ganze karte', 'alle gerichte'],
    th: ['ทุกเมนู', 'ทั้งเมนู', 'ทุกรายการ'],
  },
} as const satisfies Record<string, WordList>;
