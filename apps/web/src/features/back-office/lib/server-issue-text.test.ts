import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../i18n/translator.ts';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import it_ from '../i18n/it.json';
import th from '../i18n/th.json';
import { serverIssueText } from './server-issue-text.ts';

const i18n = createTranslator({ fallbackLanguage: 'en', resources: { en, fr, it: it_, de, th } });
const tIn = (lng: string) => i18n.getFixedT(lng);

describe('serverIssueText', () => {
  it.each([
    ['is required', 'This is required.'],
    ['must not be empty', 'This is required.'],
    ['must be at most 120 characters', 'At most 120 characters.'],
    ['must be at least 10 characters', 'At least 10 characters.'],
    ['must be at most 10000', 'At most 10000.'],
    ['must be at least 0', 'At least 0.'],
    ['must have at most 50 entries', 'At most 50.'],
    ['must have at most 500 spots', 'At most 500.'],
    ['must be a number', 'Enter a number.'],
    ['must be a whole number', 'Enter a whole number.'],
    ['must have at most two decimal places', 'Use at most two decimal places.'],
    [
      'must be a phone number such as +39 06 6880 1234',
      'Enter a phone number the courier can call, such as +39 06 6880 1234.',
    ],
    ['must be a colour like #0f766e', 'Enter a colour such as #0f766e.'],
    ['"delivery" is reserved for courier delivery', '“delivery” is reserved for courier delivery.'],
    ['must be an image uploaded to this venue', 'This photo is no longer there: choose it again.'],
    ['unknown category "Wine"', 'The category “Wine” no longer exists: reload the page.'],
    ['duplicate spot "A"', 'The table “A” is named twice.'],
    ['must list at least one table', 'Name at least one table.'],
    ['must be an e-mail address', 'Enter an e-mail address such as name@example.com.'],
    [
      'the cheapest choice of options would cost -0.50: a price may not be below 0',
      'With these options the cheapest choice would cost less than 0: raise the price or the option.',
    ],
    ['must not be more than max', 'May not be more than “At most”.'],
    ["must not be more than the group's 2 option(s)", 'May not be more than the options in this group.'],
    // Not known here: as the server wrote it.
    ['variation "truffle" is already in group "a"', 'variation "truffle" is already in group "a"'],
  ])('%s -> %s', (message, text) => {
    expect(serverIssueText(tIn('en'), message)).toBe(text);
  });

  it.each(['fr', 'it', 'de', 'th'])('every known message has its own text in %s', (lng) => {
    const known = ['is required', 'must be at most 80 characters', 'unknown category "Vini"', 'duplicate spot "1"'];
    for (const message of known) {
      const text = serverIssueText(tIn(lng), message);
      expect(text).not.toBe(serverIssueText(tIn('en'), message));
      expect(text).not.toMatch(/admin\.|{{/);
    }
    expect(serverIssueText(tIn(lng), 'unknown category "Vini"')).toContain('Vini');
  });
});
