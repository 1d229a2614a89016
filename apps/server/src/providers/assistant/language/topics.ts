/**
 * What a guest may ask that the menu does not answer (issue 17 item 3), as data: questions about the
 * venue, requests off the subject, and instructions to the assistant itself. Phrases in en, fr, it,
 * de and th, written as guests write them (the tokenizer folds accents and case).
 */
import type { Lang } from './tokens.ts';

export type Topic = 'hours' | 'venue' | 'off_topic' | 'injection';

export const TOPIC_WORDS: Record<Lang, Record<Topic, string[]>> = {
  en: {
    hours: ['what time do you close', 'what time do you open', 'when do you close', 'when do you open', 'closing time',
      'opening hours', 'opening times', 'open until', 'open till', 'are you open', 'still open', 'you close', 'you open'],
    venue: ['parking', 'park the car', 'car park', 'wifi', 'wi fi', 'wifi password', 'by card', 'with card', 'credit card',
      'debit card', 'pay cash', 'in cash', 'contactless', 'apple pay', 'google pay', 'your address', 'where are you',
      'phone number', 'toilet', 'toilets', 'restroom', 'bathroom', 'book a table', 'reservation', 'reserve a table'],
    off_topic: ['poem', 'joke', 'tell me a story', 'weather', 'song', 'homework', 'essay', 'politics', 'football',
      'translate', 'write code', 'recipe', 'capital of'],
    injection: ['ignore previous', 'ignore all', 'ignore your', 'ignore the rules', 'ignore the instructions',
      'disregard', 'forget your', 'forget all', 'system prompt', 'you are now', 'developer mode', 'jailbreak',
      'new instructions', 'act as'],
  },
  fr: {
    hours: ['a quelle heure', 'vous fermez', 'vous ouvrez', 'fermeture', 'horaires', "heures d'ouverture",
      'ouvert jusqu', 'etes vous ouverts', 'encore ouvert'],
    venue: ['parking', 'se garer', 'stationner', 'wifi', 'mot de passe', 'carte bancaire', 'carte de credit', 'en especes',
      'especes', 'sans contact', 'votre adresse', 'ou etes vous', 'telephone', 'toilettes', 'reserver une table',
      'reservation'],
    off_topic: ['poeme', 'blague', 'raconte moi', 'meteo', 'chanson', 'devoirs', 'politique', 'traduis', 'recette'],
    injection: ['oublie tes', 'oublie les', 'ignore les', 'ignore tes', 'ignore toutes', 'nouvelles instructions',
      'tu es maintenant'],
  },
  it: {
    hours: ['a che ora', 'che ora chiudete', 'che ora aprite', 'chiudete', 'aprite', 'orari', 'orario', 'aperti fino',
      'siete aperti', 'ancora aperti'],
    venue: ['parcheggio', 'parcheggiare', 'wifi', 'password', 'carta di credito', 'con carta', 'bancomat', 'contanti',
      'contactless', 'indirizzo', 'dove siete', 'telefono', 'bagno', 'toilette', 'prenotare', 'prenotazione'],
    off_topic: ['poesia', 'barzelletta', 'raccontami', 'meteo', 'canzone', 'compiti', 'politica', 'traduci', 'ricetta'],
    injection: ['ignora le', 'ignora tutte', 'ignora tutto', 'dimentica le', 'dimentica tutto', 'nuove istruzioni',
      'ora sei'],
  },
  de: {
    hours: ['wann schliesst', 'wann schliessen', 'wann macht ihr zu', 'wann macht ihr auf', 'wann offnet', 'wann offnen',
      'offnungszeiten', 'bis wann', 'habt ihr offen', 'noch offen', 'noch geoffnet', 'wie lange offen',
      'wie lange geoffnet'],
    venue: ['parkplatz', 'parkplatze', 'parken', 'wlan', 'wifi', 'passwort', 'mit karte', 'kartenzahlung', 'kreditkarte',
      'ec karte', 'bar zahlen', 'bar bezahlen', 'kontaktlos', 'adresse', 'wo seid ihr', 'telefonnummer', 'toilette',
      'toiletten', 'tisch reservieren', 'reservierung'],
    off_topic: ['gedicht', 'witz', 'erzahl mir', 'wetter', 'lied', 'hausaufgaben', 'politik', 'ubersetze', 'rezept'],
    injection: ['ignoriere', 'vergiss deine', 'vergiss alle', 'vergiss die', 'neue anweisungen', 'du bist jetzt',
      'systemprompt'],
  },
  th: {
    hours: ['ปิดกี่โมง', 'เปิดกี่โมง', 'เปิดถึงกี่โมง', 'เวลาเปิด', 'เวลาปิด', 'ยังเปิดอยู่'],
    venue: ['ที่จอดรถ', 'จอดรถ', 'ไวไฟ', 'รหัสไวไฟ', 'บัตรเครดิต', 'จ่ายบัตร', 'เงินสด', 'โอนเงิน', 'สแกนจ่าย',
      'ที่อยู่ร้าน', 'เบอร์โทร', 'ห้องน้ำ', 'จองโต๊ะ'],
    off_topic: ['แต่งกลอน', 'กลอน', 'เล่านิทาน', 'มุกตลก', 'เล่ามุก', 'อากาศ', 'ร้องเพลง', 'การบ้าน', 'การเมือง', 'แปลภาษา',
      'สูตรอาหาร'],
    injection: ['ไม่ต้องสนใจคำสั่ง', 'ลืมคำสั่ง', 'คำสั่งก่อนหน้า', 'ไม่ต้องทำตามกฎ'],
  },
};
