/**
 * Number words (n:<k>), ordinals (ord:<k>) and currency words (cur:<code>).
 * Data in the lexicon format (see ../lexicon.ts): `[tags, "word, word, ..."]`, the words in any of
 * the five languages, matched after folding and stemming (../tokens.ts).
 */
import type { LexiconEntry } from '../lexicon.ts';

export const NUMBERS: LexiconEntry[] = [
  [
    'n:1',
    'single, เดียว, จานเดียว, อันเดียว, แก้วเดียว, ที่เดียว, one, un, une, uno, una, eins, ein, eine, einen, einem, einer, หนึ่ง',
  ],
  [
    'n:2',
    'two, couple, a couple, deux, due, zwei, zwo, สอง, คู่, twice, two of those, deux fois, due volte, zweimal, สองที่',
  ],
  ['n:3', 'three, trois, tre, drei, สาม, three times, trois fois, tre volte, dreimal'],
  ['n:4', 'four, quatre, quattro, vier, สี่'],
  ['n:5', 'five, cinq, cinque, fünf, ห้า'],
  ['n:6', 'six, sei, sechs, หก'],
  ['n:7', 'seven, sept, sette, sieben, เจ็ด'],
  ['n:8', 'eight, huit, otto, acht, แปด'],
  ['n:9', 'nine, neuf, nove, neun, เก้า'],
  ['n:10', 'ten, dix, dieci, zehn, สิบ'],
  ['ord:1', 'first, first one, premier, première, primo, prima, erste, ersten, erstes, erster, แรก, อันแรก'],
  ['ord:2', 'second, second one, deuxième, secondo, seconda, zweite, zweiten, zweites'],
  ['ord:3', 'third, troisième, terzo, terza, dritte, dritten, drittes'],
  ['ord:last', 'last, last one, dernier, dernière, ultimo, ultima, letzte, letzten, letztes, สุดท้าย, อันสุดท้าย'],
  ['cur:eur', '€, eur, euro, euros, eure, ยูโร'],
  ['cur:usd', '$, usd, dollar, dollars, ดอลลาร์'],
  ['cur:gbp', '£, gbp, pound, pounds, quid, sterling'],
  ['cur:thb', '฿, thb, baht, บาท'],
];
