/**
 * The words that shape a message around a dish: category and option words, "with", "and", "minus",
 * "contains", question words, articles and the words that close a command. Data only, in en, fr, it, de and th (lexicon.ts reads it; a word is
 * matched in any language whatever the interface language).
 */
import type { WordList } from '../types.ts';

export const PHRASING_WORDS = {
  category: {
    en: ['category', 'section', 'categories'],
    fr: ['catégorie', 'categorie', 'rubrique', 'catégories'],
    it: ['categoria', 'sezione', 'categorie'],
    de: ['kategorie', 'rubrik', 'kategorien'],
    th: ['หมวดหมู่', 'หมวด'],
  },
  /** Introduces a category: "in desserts", "under drinks". */
  inCategory: {
    en: ['in', 'into', 'under', 'to'],
    fr: ['dans', 'en', 'parmi'],
    it: ['in', 'nella', 'nelle', 'nei', 'negli', 'tra'],
    de: ['in', 'unter', 'zu'],
    th: ['ในหมวด', 'ใน'],
  },
  /** Introduces options or extras: "with fries as a +2 option". */
  with: {
    en: ['with'],
    fr: ['avec'],
    it: ['con'],
    de: ['mit'],
    th: ['พร้อม'],
  },
  option: {
    en: ['option', 'extra', 'add-on', 'supplement', 'options', 'extras', 'add-ons', 'supplements'],
    fr: ['option', 'supplément', 'extra', 'en option', 'options', 'suppléments', 'extras'],
    it: ['opzione', 'extra', 'supplemento', 'aggiunta', 'opzioni', 'supplementi', 'aggiunte'],
    de: ['option', 'extra', 'aufpreis', 'zusatz', 'beilage', 'optionen', 'extras', 'zusätze'],
    th: ['ตัวเลือก', 'เพิ่ม'],
  },
  /** Little words inside a dish's name: "tiramisu al pistacchio", "spaghetti alla bolognese", "pot au feu". */
  nameJoin: {
    en: ['of', 'with', 'and'],
    fr: ['de', 'du', 'des', 'au', 'aux', 'à la', 'a la', 'avec', 'et'],
    it: ['al', 'alla', 'allo', 'ai', 'agli', 'alle', 'di', 'del', 'della', 'dei', 'con', 'e'],
    de: ['mit', 'vom', 'von', 'und', 'nach'],
    th: ['กับ', 'ใส่'],
  },
  /** Definite articles: "the risotto", "le cassoulet", "den Schweinebraten" name a dish. */
  definite: {
    en: ['the'],
    fr: ['le', 'la', 'les', "l'"],
    it: ['il', 'lo', 'la', 'gli', 'le', "l'"],
    de: ['der', 'die', 'das', 'den', 'dem'],
    /** Thai has no articles. */
    th: [],
  },
  /** Words around an option's name that are not its name: "fries as a +2 option", "frites pour 2". */
  optionFiller: {
    en: ['as an', 'as a', 'as', 'for', 'at', 'a'],
    fr: ['en', 'à', 'pour'],
    it: ['come', 'per', 'a'],
    de: ['als', 'für'],
    th: ['เป็น'],
  },
  contains: {
    en: ['contains', 'contain', 'containing', 'allergens', 'allergen'],
    fr: ['contient', 'contiennent', 'allergènes', 'allergène'],
    it: ['contiene', 'contengono', 'allergeni', 'allergene'],
    de: ['enthält', 'enthalten', 'allergene', 'allergen'],
    th: ['มีส่วนผสม', 'สารก่อภูมิแพ้', 'มี'],
  },
  noPhoto: {
    en: [
      'no photo',
      'no picture',
      'no image',
      'no pic',
      'without photo',
      'without a photo',
      'without picture',
      'without a picture',
      'without an image',
      'missing photo',
      'missing a photo',
      'missing picture',
      'missing a picture',
      'missing an image',
      'missing image',
      'no photos',
      'no pictures',
      'without photos',
      'without pictures',
      'without images',
      'no images',
    ],
    fr: [
      'sans photo',
      'sans image',
      'pas de photo',
      "pas d'image",
      'sans visuel',
      'il manque une photo',
      'sans photos',
      'sans images',
    ],
    it: ['senza foto', 'senza immagine', 'nessuna foto', 'manca la foto', 'senza immagini'],
    de: [
      'ohne foto',
      'ohne bild',
      'kein foto',
      'kein bild',
      'keine fotos',
      'keine bilder',
      'fehlt ein foto',
      'ohne fotos',
      'ohne bilder',
    ],
    th: ['ไม่มีรูป', 'ไม่มีภาพ'],
  },
  /** Question words: "which dishes ...", "what is sold out?". */
  question: {
    en: ['which', 'what', 'list', 'show', 'how many', 'any'],
    fr: ['quels', 'quelles', 'quel', 'quelle', "qu'est-ce", 'liste', 'montre', 'combien'],
    it: ['quali', 'quale', 'cosa', 'elenca', 'mostra', 'quanti'],
    de: ['welche', 'welcher', 'was', 'liste', 'zeige', 'wie viele'],
    th: ['อะไร', 'ไหน', 'รายการ', 'กี่', 'บ้าง', 'ไหม', 'มั้ย', 'หรือเปล่า'],
  },
  /**
   * Words that make a delete verb change a dish's tags or options, not delete the dish: "remove egg
   * from the takoyaki allergens", "Ei als Allergen entfernen", "enlève l'œuf des allergènes".
   */
  tagContext: {
    en: ['allergen', 'allergens', 'preference', 'preferences', 'label', 'labels', 'tag', 'tags', 'from'],
    fr: ['allergène', 'allergènes', 'préférence', 'préférences', 'étiquette', 'étiquettes'],
    it: ['allergene', 'allergeni', 'preferenza', 'preferenze', 'etichetta', 'etichette', 'dal', 'dalla', 'dai'],
    de: ['allergen', 'allergene', 'allergenen', 'merkmal', 'merkmale', 'aus', 'von', 'vom'],
    th: ['สารก่อภูมิแพ้', 'จาก'],
  },
  /** Joins two options that each have their amount: "extra egg +2 and extra chashu +4". */
  and: {
    en: ['and', '&'],
    fr: ['et'],
    it: ['e', 'ed'],
    de: ['und'],
    th: ['และ', 'กับ'],
  },
  /** A minus said in words before an amount: "minus 2 dollars", "moins 2 euros" (a negative price). */
  minus: {
    en: ['minus', 'negative'],
    fr: ['moins'],
    it: ['meno'],
    de: ['minus'],
    th: ['ติดลบ'],
  },
  /**
   * Words that close a command and are no part of the name before them: German verb-final order
   * ("Kategorie Drinks in Getränke umbenennen", "X als ausverkauft markieren") and a closing "please".
   */
  closing: {
    en: ['please'],
    fr: ['stp', "s'il te plaît", "s'il vous plaît"],
    it: ['per favore'],
    de: [
      'umbenennen',
      'nennen',
      'setzen',
      'ändern',
      'markieren',
      'löschen',
      'entfernen',
      'hinzufügen',
      'verschieben',
      'stellen',
      'machen',
      'um',
      'hinzu',
      'bitte',
    ],
    th: ['ด้วย', 'หน่อย'],
  },
  /** Words dropped from the front of a dish name: articles and fillers. */
  articles: {
    en: ['a', 'an', 'the', 'dish', 'new dish', 'product', 'item', 'called', 'named'],
    fr: [
      'un',
      'une',
      'le',
      'la',
      'les',
      "l'",
      'du',
      'de la',
      'des',
      'plat',
      'nouveau plat',
      'appelé',
      'appelée',
      'nommé',
      'nommée',
    ],
    it: [
      'un',
      'uno',
      'una',
      'il',
      'lo',
      'la',
      'i',
      'gli',
      'le',
      "l'",
      'piatto',
      'nuovo piatto',
      'chiamato',
      'chiamata',
      'di nome',
    ],
    de: [
      'ein',
      'eine',
      'einen',
      'einem',
      'der',
      'die',
      'das',
      'den',
      'dem',
      'gericht',
      'neues gericht',
      'namens',
      'genannt',
    ],
    th: ['เมนู', 'จาน', 'ชื่อ'],
  },
} as const satisfies Record<string, WordList>;
