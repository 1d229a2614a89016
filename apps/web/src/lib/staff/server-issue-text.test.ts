import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import de from '../../i18n/locales/admin/de.json';
import en from '../../i18n/locales/admin/en.json';
import fr from '../../i18n/locales/admin/fr.json';
import it_ from '../../i18n/locales/admin/it.json';
import th from '../../i18n/locales/admin/th.json';
import { serverIssueText, type ServerIssue } from './server-issue-text.ts';

const i18n = createTranslator({ fallbackLanguage: 'en', resources: { en, fr, it: it_, de, th } });
const tIn = (lng: string) => i18n.getFixedT(lng);

/** The issues as the server sends them (decision 023): the English message is never read here. */
const issue = (path: string, code: ServerIssue['code'], params?: ServerIssue['params']): ServerIssue => ({
  path,
  code,
  ...(params ? { params } : {}),
  message: 'the English sentence of the API',
});

describe('serverIssueText chooses the text by code', () => {
  it.each<[ServerIssue, string]>([
    [issue('name', 'required'), 'This is required.'],
    [issue('name', 'too_small', { min: 1, origin: 'string' }), 'This is required.'],
    [issue('name', 'too_big', { max: 120, origin: 'string' }), 'At most 120 characters.'],
    [issue('password', 'too_small', { min: 10, origin: 'string' }), 'At least 10 characters.'],
    [issue('price', 'too_big', { max: 10000, origin: 'number' }), 'At most 10000.'],
    [issue('price', 'too_small', { min: 0, origin: 'number' }), 'At least 0.'],
    [issue('allergenes', 'too_big', { max: 50, origin: 'array' }), 'At most 50.'],
    [issue('spots', 'too_small', { min: 1, origin: 'array' }), 'Name at least one table.'],
    [issue('variations', 'too_small', { min: 2, origin: 'array' }), 'At least 2.'],
    [issue('price', 'invalid_type', { expected: 'number' }), 'Enter a number.'],
    [issue('min', 'invalid_type', { expected: 'int' }), 'Enter a whole number.'],
    [issue('price', 'two_decimals'), 'Use at most two decimal places.'],
    [issue('pickupPhone', 'phone'), 'Enter a phone number the courier can call, such as +39 06 6880 1234.'],
    [issue('theme.primary', 'colour'), 'Enter a colour such as #0f766e.'],
    [
      issue('spots[2]', 'reserved', { name: 'delivery' }),
      '“delivery” and “pickup” are reserved: choose another table name.',
    ],
    [issue('image', 'not_found'), 'This photo is no longer there: choose it again.'],
    [issue('taxRate', 'unknown_rate', { name: 'reduced' }), 'This tax rate no longer exists: choose another.'],
    [issue('tax.defaultRate', 'unknown_rate'), 'Choose one of the rates above.'],
    [
      issue('categories[0]', 'unknown_reference', { name: 'Wine' }),
      'The category “Wine” no longer exists: reload the page.',
    ],
    [issue('spots[1]', 'duplicate', { name: 'A' }), 'The table “A” is named twice.'],
    [issue('email', 'invalid_format', { format: 'email' }), 'Enter an e-mail address such as name@example.com.'],
    [
      issue('price', 'negative_price', { cheapest: -0.5 }),
      'With these options the cheapest choice would cost less than 0: raise the price or the option.',
    ],
    [issue('variationGroups[0].min', 'min_above_max'), 'May not be more than “At most”.'],
    [
      issue('variationGroups[0].min', 'min_above_options', { count: 2 }),
      'May not be more than the options in this group.',
    ],
  ])('%j -> %s', (problem, text) => {
    expect(serverIssueText(tIn('en'), problem)).toBe(text);
  });

  it('shows the server message for a code it has no text for', () => {
    const unknown = {
      ...issue('variationGroups[1].variationIds[0]', 'already_grouped'),
      message: 'variation "x" is already in group "a"',
    };
    expect(serverIssueText(tIn('en'), unknown)).toBe('variation "x" is already in group "a"');
  });

  const translated: [ServerIssue, Record<string, string>][] = [
    [
      issue('name', 'required'),
      {
        fr: 'Ce champ est obligatoire.',
        it: 'Campo obbligatorio.',
        de: 'Dieses Feld ist erforderlich.',
        th: 'จำเป็นต้องกรอก',
      },
    ],
    [
      issue('name', 'too_big', { max: 80, origin: 'string' }),
      {
        fr: '80 caractères au plus.',
        it: 'Al massimo 80 caratteri.',
        de: 'Höchstens 80 Zeichen.',
        th: 'ไม่เกิน 80 ตัวอักษร',
      },
    ],
    [
      issue('categories[0]', 'unknown_reference', { name: 'Vini' }),
      {
        fr: 'La catégorie « Vini » n’existe plus : rechargez la page.',
        it: 'La categoria “Vini” non esiste più: ricarica la pagina.',
        de: 'Die Kategorie „Vini“ gibt es nicht mehr: Laden Sie die Seite neu.',
        th: 'ไม่มีหมวดหมู่ “Vini” แล้ว โปรดโหลดหน้าใหม่',
      },
    ],
    [
      issue('spots[1]', 'duplicate', { name: '1' }),
      {
        fr: 'La table « 1 » figure deux fois.',
        it: 'Il tavolo “1” compare due volte.',
        de: 'Der Tisch „1“ ist doppelt genannt.',
        th: 'มีชื่อโต๊ะ “1” ซ้ำกัน',
      },
    ],
  ];
  it.each(['fr', 'it', 'de', 'th'])('gives the same problems in %s', (lng) => {
    for (const [problem, texts] of translated) expect(serverIssueText(tIn(lng), problem)).toBe(texts[lng]);
  });
});
