/**
 * The words of the commands: add, delete, yes / no, undo, sold out and back, rename, describe,
 * recommend, help. Data only, in en, fr, it, de and th (lexicon.ts reads it; a word is
 * matched in any language whatever the interface language).
 */
import type { WordList } from '../types.ts';

export const COMMAND_WORDS = {
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
} as const satisfies Record<string, WordList>;
