/**
 * Every word the staff assistant reacts to, in every language (en, fr, it, de, th). A staff member
 * may type in any of them whatever the interface language, so the rules look in all five lists at
 * once. Words are matched after `normalise` (lower case, accents kept), on word boundaries except
 * for Thai (no spaces between words: matched as substrings). Extend a list here, never in a rule.
 */
import { ALLERGENS, allergensMeant, type AllergenId } from '@carte/domain';
import { compilePhrases, matchPhrases, tokenize, type CompiledPhrase } from '../language/tokens.ts';
import { ALLERGEN_WORDS as SHARED_ALLERGEN_WORDS } from '../language/vocabulary.ts';
import type { Language } from './types.ts';

export type WordList = Record<Language, readonly string[]>;

export const STAFF_LEXICON = {
  /** Creating a dish or a category. */
  add: {
    en: ['add', 'create', 'new', 'put'],
    fr: ['ajoute', 'ajouter', 'ajoutez', 'crée', 'créer', 'creer', 'nouveau', 'nouvelle'],
    it: ['aggiungi', 'aggiungere', 'crea', 'creare', 'nuovo', 'nuova'],
    de: ['füge', 'hinzufügen', 'erstelle', 'lege', 'neu', 'neue', 'neuer', 'neues', 'neuen'],
    th: ['เพิ่ม', 'สร้าง'],
  },
  delete: {
    en: ['delete', 'remove', 'drop', 'take off', 'get rid of'],
    fr: [
      'supprime',
      'supprimer',
      'supprimez',
      'retire',
      'retirer',
      'retirez',
      'enlève',
      'enlever',
      'enlevez',
      'efface',
    ],
    it: ['elimina', 'eliminare', 'cancella', 'cancellare', 'rimuovi', 'rimuovere', 'togli', 'togliere'],
    de: ['lösche', 'lösch', 'löschen', 'entferne', 'entfern', 'entfernen', 'streiche', 'streich', 'streichen', 'nimm'],
    th: ['ลบ', 'เอาออก'],
  },
  /** The only answers that confirm a deletion the assistant proposed. */
  yes: {
    en: ['yes', 'y', 'yep', 'yeah', 'confirm', 'yes delete', 'yes, delete it', 'delete it', 'ok', 'okay', 'sure'],
    fr: ['oui', 'ouais', 'confirme', 'je confirme', "d'accord", 'oui supprime'],
    it: ['sì', 'si', 'certo', 'confermo', 'conferma', 'sì elimina'],
    de: ['ja', 'jawohl', 'bestätige', 'ja löschen', 'genau'],
    th: ['ใช่', 'ยืนยัน', 'ตกลง', 'ใช่ ลบเลย', 'ลบเลย'],
  },
  /** Words that may follow a yes without changing it ("yes please", "oui merci", "ja bitte"). */
  yesTail: {
    en: ['please', 'delete', 'it', 'sure', 'thanks'],
    fr: ['merci', 'supprime', 'le', 'la', 'stp'],
    it: ['grazie', 'elimina', 'pure', 'lo', 'la'],
    de: ['bitte', 'danke', 'löschen', 'es'],
    th: ['ครับ', 'ค่ะ', 'คะ', 'เลย'],
  },
  /** A message that only says no (it cancels a proposed deletion and asks nothing else). */
  bareNo: {
    en: ['no', 'nope', 'cancel', 'keep it'],
    fr: ['non', 'annule', 'garde-le'],
    it: ['no', 'annulla', 'tienilo'],
    de: ['nein', 'abbrechen', 'behalten'],
    th: ['ไม่', 'ไม่ใช่'],
  },
  undo: {
    en: ['undo', 'revert', 'undo that', 'put it back', 'go back'],
    fr: ['annule', 'annuler', 'défais', 'reviens en arrière', 'annule ça'],
    it: ['annulla', 'annullare', 'torna indietro', 'ripristina'],
    de: ['rückgängig', 'mach das rückgängig', 'widerrufe', 'zurücksetzen'],
    th: ['ย้อนกลับ', 'เลิกทำ', 'ยกเลิกการเปลี่ยนแปลง'],
  },
  soldOut: {
    en: [
      'sold out',
      'out of stock',
      'unavailable',
      'not available',
      '86',
      'run out',
      'ran out',
      'no more',
      'out of',
      'all gone',
      'finished',
    ],
    fr: [
      'épuisé',
      'épuisée',
      'épuisés',
      'épuisées',
      'epuise',
      'rupture',
      'indisponible',
      'plus de',
      "n'est plus disponible",
    ],
    it: ['esaurito', 'esaurita', 'esauriti', 'esaurite', 'finito', 'finita', 'non disponibile', "non c'è più"],
    de: [
      'ausverkauft',
      'nicht verfügbar',
      'vergriffen',
      'nicht mehr da',
      'ist aus',
      'heute aus',
      'sind aus',
      'ist alle',
    ],
    th: ['หมด', 'ไม่มีแล้ว', 'ของหมด'],
  },
  available: {
    en: ['available', 'back on', 'in stock', 'back', 'available again', 'restocked'],
    fr: ['disponible', 'disponibles', 'de retour', 'à nouveau disponible', 'de nouveau disponible', 'dispo'],
    it: [
      'disponibile',
      'disponibili',
      'di nuovo disponibile',
      'di nuovo disponibili',
      'tornato',
      'tornata',
      'tornati',
      'tornate',
    ],
    de: ['verfügbar', 'wieder da', 'wieder verfügbar', 'lieferbar'],
    th: ['มีแล้ว', 'กลับมา', 'มีขาย'],
  },
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
  rename: {
    en: ['rename', 'call', 'change the name of', 'change the name', 'new name for'],
    fr: ['renomme', 'renommer', 'renommez', 'appelle', 'change le nom de', 'change le nom du'],
    it: ['rinomina', 'rinominare', 'chiama', 'cambia il nome di', 'cambia il nome del'],
    de: ['benenne', 'umbenennen', 'nenne', 'ändere den namen von', 'ändere den namen'],
    th: ['เปลี่ยนชื่อ'],
  },
  /** Between the old and the new name or text: "rename X to Y". */
  renameTo: {
    en: ['to', 'as', 'into'],
    fr: ['en', 'à', 'comme'],
    it: ['in', 'a', 'come'],
    de: ['zu', 'in', 'um in', 'als'],
    th: ['เป็น'],
  },
  describe: {
    en: ['describe', 'description', 'described'],
    fr: ['décris', 'décrire', 'description', 'décrit'],
    it: ['descrivi', 'descrizione', 'descritto'],
    de: ['beschreibe', 'beschreibung', 'beschrieben'],
    th: ['คำอธิบาย', 'อธิบาย'],
  },
  /** Introduces a text: "describe X as ...", "description: ...". */
  describeAs: {
    en: ['as', 'with', 'to', ':'],
    fr: ['comme', 'avec', 'par', 'en', ':'],
    it: ['come', 'con', 'in', ':'],
    de: ['als', 'mit', 'zu', 'auf', ':'],
    th: ['ว่า', 'เป็น', ':'],
  },
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
  /** Introduces the price of a new dish: "at 12.50", "for 9". */
  priceAt: {
    en: ['at', 'for', 'price', 'costing'],
    fr: ['à', 'a', 'pour', 'au prix de', 'prix'],
    it: ['a', 'per', 'al prezzo di', 'prezzo'],
    de: ['für', 'zu', 'zum preis von', 'preis'],
    th: ['ราคา'],
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
  recommend: {
    en: ['recommend', 'recommended', 'feature', 'highlight'],
    fr: ['recommande', 'recommandé', 'recommandée', 'mets en avant'],
    it: ['consiglia', 'consigliato', 'consigliata', 'metti in evidenza'],
    de: ['empfehle', 'empfohlen', 'hervorheben'],
    th: ['แนะนำ'],
  },
  not: {
    en: ['not', 'no longer', "don't", 'stop', 'un'],
    fr: ['ne', 'plus', 'pas'],
    it: ['non', 'più'],
    de: ['nicht', 'nicht mehr', 'kein', 'keine'],
    th: ['ไม่', 'เลิก'],
  },
  help: {
    en: ['help', 'what can you do', 'how does this work', 'hello', 'hi'],
    fr: ['aide', 'que sais-tu faire', 'bonjour', 'salut'],
    it: ['aiuto', 'cosa sai fare', 'ciao', 'buongiorno'],
    de: ['hilfe', 'was kannst du', 'hallo', 'guten tag'],
    th: ['ช่วย', 'สวัสดี', 'ทำอะไรได้'],
  },
  /** Words dropped from the front of a dish name: articles and fillers. */
  articles: {
    en: ['a', 'an', 'the', 'dish', 'new dish', 'product', 'item', 'called', 'named'],
    fr: ['un', 'une', 'le', 'la', 'les', "l'", 'du', 'de la', 'des', 'plat', 'nouveau plat', 'appelé', 'appelée'],
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
    ],
    de: ['ein', 'eine', 'einen', 'einem', 'der', 'die', 'das', 'den', 'dem', 'gericht', 'neues gericht', 'namens'],
    th: ['เมนู', 'จาน'],
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

/**
 * Category names in other languages: a menu's "Pasta" is "pâtes" to a French manager, "Sides" is
 * "contorni" to an Italian one. Each row is one kind of category; a message word of a row finds a
 * category whose name is any word of the same row.
 */
export const CATEGORY_SYNONYMS: readonly (readonly string[])[] = [
  ['pasta', 'pastas', 'pâtes', 'nudeln', 'พาสต้า'],
  ['pizza', 'pizzas', 'pizze', 'พิซซ่า'],
  [
    'starters',
    'starter',
    'appetizers',
    'entrées',
    'entrée',
    'antipasti',
    'antipasto',
    'vorspeisen',
    'vorspeise',
    'ของทานเล่น',
    'อาหารเรียกน้ำย่อย',
  ],
  [
    'mains',
    'main courses',
    'plats',
    'plats principaux',
    'secondi',
    'piatti principali',
    'hauptgerichte',
    'hauptspeisen',
    'อาหารจานหลัก',
  ],
  ['sides', 'side dishes', 'accompagnements', 'garnitures', 'contorni', 'beilagen', 'เครื่องเคียง'],
  ['desserts', 'dessert', 'sweets', 'dolci', 'dolce', 'nachspeisen', 'nachtisch', 'süßspeisen', 'ของหวาน'],
  ['drinks', 'beverages', 'boissons', 'bevande', 'bibite', 'getränke', 'เครื่องดื่ม'],
  ['salads', 'salad', 'salades', 'insalate', 'salate', 'สลัด'],
  ['soups', 'soup', 'soupes', 'zuppe', 'suppen', 'ซุป'],
  ['wines', 'wine', 'vins', 'vini', 'weine', 'ไวน์'],
  ['beers', 'beer', 'bières', 'birre', 'biere', 'เบียร์'],
];

export type LexiconKey = keyof typeof STAFF_LEXICON;

/**
 * The 14 allergens of the EU and UK rules (domain allergens.ts, decision 017) and the words for them
 * in each language; `seafood` and `shellfish` are words for several allergens at once (read through
 * `allergensMeant`: seafood = crustaceans, molluscs and fish). "Nuts" alone are tree nuts, as in the
 * regulation; peanuts are their own allergen. "Dairy" and "lactose" are milk.
 */
export const ALLERGEN_WORDS: Record<string, WordList> = {
  gluten: {
    en: ['gluten', 'wheat', 'cereals containing gluten', 'barley', 'rye'],
    fr: ['gluten', 'blé', 'céréales contenant du gluten', 'orge', 'seigle'],
    it: ['glutine', 'frumento', 'grano', 'cereali contenenti glutine', 'orzo', 'segale'],
    de: ['gluten', 'weizen', 'glutenhaltiges getreide', 'gerste', 'roggen'],
    th: ['กลูเตน', 'แป้งสาลี', 'ข้าวสาลี'],
  },
  crustaceans: {
    en: ['crustaceans', 'crustacean', 'shrimp', 'shrimps', 'prawns', 'prawn', 'crab', 'lobster'],
    fr: ['crustacés', 'crustacé', 'crevettes', 'crevette', 'crabe', 'homard'],
    it: ['crostacei', 'crostaceo', 'gamberi', 'gamberetti', 'granchio', 'aragosta'],
    de: ['krebstiere', 'krebstier', 'krustentiere', 'garnelen', 'krabben', 'hummer'],
    th: ['สัตว์น้ำที่มีเปลือกแข็ง', 'กุ้ง', 'ปู'],
  },
  eggs: {
    en: ['egg', 'eggs'],
    fr: ['œuf', 'œufs', 'oeuf', 'oeufs'],
    it: ['uovo', 'uova'],
    de: ['ei', 'eier'],
    th: ['ไข่'],
  },
  fish: {
    en: ['fish', 'anchovies', 'tuna', 'salmon'],
    fr: ['poisson', 'poissons', 'anchois', 'thon', 'saumon'],
    it: ['pesce', 'acciughe', 'tonno', 'salmone'],
    de: ['fisch', 'sardellen', 'thunfisch', 'lachs'],
    th: ['ปลา'],
  },
  peanuts: {
    en: ['peanuts', 'peanut', 'groundnuts'],
    fr: ['arachides', 'arachide', 'cacahuètes', 'cacahuète', 'cacahuetes'],
    it: ['arachidi', 'arachide', 'noccioline'],
    de: ['erdnüsse', 'erdnuss', 'erdnüssen', 'erdnusse'],
    th: ['ถั่วลิสง'],
  },
  soya: {
    en: ['soy', 'soya', 'soybeans', 'soybean', 'soja'],
    fr: ['soja'],
    it: ['soia'],
    de: ['soja'],
    th: ['ถั่วเหลือง'],
  },
  milk: {
    en: ['dairy', 'milk', 'lactose', 'cheese', 'cream', 'butter'],
    fr: ['lait', 'laitiers', 'produits laitiers', 'lactose', 'fromage', 'crème', 'beurre'],
    it: ['latte', 'latticini', 'lattosio', 'formaggio', 'panna', 'burro'],
    de: ['milch', 'milchprodukte', 'laktose', 'käse', 'sahne', 'butter'],
    th: ['นม', 'ผลิตภัณฑ์นม', 'แลคโตส', 'ชีส', 'เนย'],
  },
  'tree-nuts': {
    en: [
      'nuts',
      'nut',
      'tree nuts',
      'tree nut',
      'walnuts',
      'hazelnuts',
      'almonds',
      'pistachio',
      'pistachios',
      'cashews',
      'pecans',
    ],
    fr: ['noix', 'fruits à coque', 'noisettes', 'amandes', 'pistaches', 'noix de cajou'],
    it: ['noci', 'frutta a guscio', 'nocciole', 'mandorle', 'pistacchi', 'anacardi'],
    de: ['nüsse', 'nuss', 'nüssen', 'schalenfrüchte', 'haselnüsse', 'mandeln', 'pistazien', 'walnüsse', 'cashews'],
    th: ['ถั่วเปลือกแข็ง', 'ถั่ว', 'อัลมอนด์', 'มะม่วงหิมพานต์'],
  },
  celery: {
    en: ['celery', 'celeriac'],
    fr: ['céleri', 'celeri'],
    it: ['sedano'],
    de: ['sellerie'],
    th: ['ขึ้นฉ่าย', 'เซเลอรี่'],
  },
  mustard: {
    en: ['mustard'],
    fr: ['moutarde'],
    it: ['senape'],
    de: ['senf'],
    th: ['มัสตาร์ด'],
  },
  sesame: {
    en: ['sesame', 'sesame seeds'],
    fr: ['sésame', 'sesame'],
    it: ['sesamo'],
    de: ['sesam'],
    th: ['งา'],
  },
  sulphites: {
    en: ['sulphites', 'sulfites', 'sulphite', 'sulfite', 'sulphur dioxide', 'sulfur dioxide'],
    fr: ['sulfites', 'sulfite', 'anhydride sulfureux'],
    it: ['solfiti', 'solfito', 'anidride solforosa'],
    de: ['sulfite', 'sulfit', 'schwefeldioxid'],
    th: ['ซัลไฟต์', 'ซัลเฟอร์ไดออกไซด์'],
  },
  lupin: {
    en: ['lupin', 'lupine', 'lupins'],
    fr: ['lupin', 'lupins'],
    it: ['lupini', 'lupino'],
    de: ['lupinen', 'lupine'],
    th: ['ลูพิน'],
  },
  molluscs: {
    en: ['molluscs', 'mollusc', 'mollusks', 'mollusk', 'squid', 'octopus', 'mussels', 'clams', 'oysters', 'scallops'],
    fr: ['mollusques', 'mollusque', 'calamar', 'calamars', 'poulpe', 'moules', 'huîtres', 'palourdes'],
    it: ['molluschi', 'mollusco', 'calamari', 'polpo', 'cozze', 'vongole', 'ostriche'],
    de: ['weichtiere', 'weichtier', 'tintenfisch', 'muscheln', 'austern'],
    th: ['หอย', 'ปลาหมึก'],
  },
  // Several allergens in one word (allergensMeant reads them): never stored as such.
  seafood: {
    en: ['seafood'],
    fr: ['fruits de mer'],
    it: ['frutti di mare'],
    de: ['meeresfrüchte'],
    th: ['อาหารทะเล'],
  },
  shellfish: {
    en: ['shellfish'],
    fr: ['coquillages'],
    it: ['crostacei e molluschi'],
    de: ['schalentiere'],
    th: ['หอยและกุ้ง'],
  },
};

/** Preference ids and their words: "vegan burger" makes the new dish vegan. */
export const PREFERENCE_WORDS: Record<string, WordList> = {
  vegan: {
    en: ['vegan'],
    fr: ['végan', 'végane', 'végans', 'véganes', 'vegan', 'végétalien', 'végétalienne', 'végétaliens', 'végétaliennes'],
    it: ['vegano', 'vegana', 'vegani', 'vegane', 'vegan'],
    de: ['vegan', 'vegane', 'veganer', 'veganes'],
    th: ['วีแกน', 'เจ'],
  },
  vegetarian: {
    en: ['vegetarian', 'veggie'],
    fr: ['végétarien', 'végétarienne', 'végétariens', 'végétariennes'],
    it: ['vegetariano', 'vegetariana', 'vegetariani', 'vegetariane'],
    de: ['vegetarisch', 'vegetarische', 'vegetarischer', 'vegetarisches'],
    th: ['มังสวิรัติ'],
  },
  spicy: {
    en: ['spicy', 'hot'],
    fr: ['épicé', 'épicée', 'épicés', 'épicées', 'piquant', 'piquante', 'piquants', 'piquantes', 'pimenté'],
    it: ['piccante', 'piccanti'],
    de: ['scharf', 'scharfe', 'scharfer', 'scharfes'],
    th: ['เผ็ด'],
  },
  'gluten-free': {
    en: ['gluten-free', 'gluten free'],
    fr: ['sans gluten'],
    it: ['senza glutine'],
    de: ['glutenfrei', 'glutenfreie', 'glutenfreier', 'glutenfreies', 'ohne gluten'],
    th: ['ไม่มีกลูเตน'],
  },
  // Dairy-free only: lactose-free is not dairy-free (lactose-free milk and aged cheese are dairy), so
  // "lactose-free" never sets this label.
  'dairy-free': {
    en: ['dairy-free', 'dairy free', 'no dairy'],
    fr: ['sans produits laitiers', 'sans laitages', 'sans lait'],
    it: ['senza latticini', 'senza latte'],
    de: ['milchfrei', 'ohne milchprodukte', 'ohne milch'],
    th: ['ไม่มีนม', 'ไม่มีผลิตภัณฑ์นม'],
  },
};

export const LANGUAGE_LIST: readonly Language[] = ['en', 'fr', 'it', 'de', 'th'];

/** Every word of one concept, all languages, longest first (so "sold out" wins over "out"). */
const wordsCache = new WeakMap<WordList, string[]>();
export function wordsOf(list: WordList): string[] {
  let words = wordsCache.get(list);
  if (!words) {
    words = [...new Set(LANGUAGE_LIST.flatMap((l) => list[l].map(normalise)))].sort((a, b) => b.length - a.length);
    wordsCache.set(list, words);
  }
  return words;
}

/** Lower case, NFC, typographic quotes and spaces made plain. Accents are kept (é is not e). */
export function normalise(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u2019\u2018`´]/g, "'")
    .replace(/[\u201c\u201d«»„]/g, '"')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const THAI = /[\u0e00-\u0e7f]/;
const patternCache = new Map<string, RegExp>();

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern for one word: on word boundaries (letters of any script), substring for Thai. */
export function wordPattern(word: string): RegExp {
  let re = patternCache.get(word);
  if (!re) {
    const body = escapeRegExp(word);
    re =
      THAI.test(word) || !/[\p{L}\p{N}]/u.test(word)
        ? new RegExp(body, 'u')
        : new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'u');
    patternCache.set(word, re);
  }
  return re;
}

/** The same pattern with the global flag, to find every occurrence (cached: `matchAll` copies it). */
const globalCache = new Map<string, RegExp>();
export function wordPatternAll(word: string): RegExp {
  let re = globalCache.get(word);
  if (!re) {
    re = new RegExp(wordPattern(word).source, 'gu');
    globalCache.set(word, re);
  }
  return re;
}

/** The first word of the list found in `text` (normalised), longest words first; or null. */
export function findWord(text: string, list: WordList): { word: string; index: number } | null {
  for (const word of wordsOf(list)) {
    const m = wordPattern(word).exec(text);
    if (m) return { word, index: m.index };
  }
  return null;
}

export function hasWord(text: string, list: WordList): boolean {
  return findWord(text, list) !== null;
}

/** Every tag word (allergens and preferences), longest first, with its table and id. */
let tagWordList: { word: string; table: Record<string, WordList>; id: string }[] | undefined;
function tagWords() {
  tagWordList ??= [ALLERGEN_WORDS, PREFERENCE_WORDS]
    .flatMap((table) =>
      Object.entries(table).flatMap(([id, list]) => wordsOf(list).map((word) => ({ word, table, id }))),
    )
    .sort((a, b) => b.word.length - a.word.length);
  return tagWordList;
}

/**
 * Ids of a tag table (allergens or preferences) whose words occur in `text`. The longest word said
 * wins its span, across both tables: "gluten free" is the preference, not the gluten allergen, and
 * Thai "ถั่วเหลือง" (soy) is not "ถั่ว" (nuts), nor "เป็นมังสวิรัติ" the "นม" (milk) across its letters.
 */
export function tagsIn(text: string, table: Record<string, WordList>): string[] {
  const found = new Set<string>();
  const taken: [number, number][] = [];
  for (const { word, table: from, id } of tagWords()) {
    for (const m of text.matchAll(wordPatternAll(word))) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      if (from === table) found.add(id);
    }
  }
  return Object.keys(table).filter((id) => found.has(id));
}

/** True when the whole message is one word of `list` (trailing "." or "!" allowed). */
export function isOnly(text: string, list: WordList): boolean {
  const bare = normalise(text).replace(/[.!]+$/u, '');
  return wordsOf(list).includes(bare);
}

/** "no", "non", "nein", "ไม่": a bare refusal. */
export function isBareNo(text: string): boolean {
  return isOnly(text, STAFF_LEXICON.bareNo);
}

/** The shared allergen vocabulary of the language layer (decision 025), the five languages merged. */
let sharedAllergens: CompiledPhrase<readonly AllergenId[]>[] | undefined;

/**
 * The allergens (domain identifiers, in the regulation's order) named in `text`, read by the language
 * layer both assistants share (decision 025: one tokenizer, one allergen vocabulary) and by the staff
 * words above (the staff's own forms: "allergène", "tree nuts"); a word for several ("seafood") gives
 * each of them.
 */
export function allergensIn(text: string): string[] {
  sharedAllergens ??= compilePhrases<readonly AllergenId[]>(
    LANGUAGE_LIST.flatMap((l) => Object.entries(SHARED_ALLERGEN_WORDS[l])),
  );
  const ids = new Set<string>(tagsIn(text, ALLERGEN_WORDS).flatMap((id) => allergensMeant(id) ?? []));
  // Tag words inside "gluten free", "sans lait" are diets, not allergens the dish contains.
  if (ids.size || tagsIn(text, PREFERENCE_WORDS).length === 0)
    for (const m of matchPhrases(tokenize(text), sharedAllergens)) for (const id of m.value) ids.add(id);
  return ALLERGENS.filter((id) => ids.has(id));
}
