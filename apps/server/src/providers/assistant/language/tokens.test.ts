import { describe, expect, it } from 'vitest';
import { wordTokens } from '../offline/annotate.ts';
import {
  compilePhrases,
  editDistance,
  fold,
  isNear,
  isThai,
  lower,
  matchPhrases,
  maxTypos,
  stem,
  tokenize,
} from './tokens.ts';

describe('language layer: one tokenizer for the five languages', () => {
  it.each([
    ['en', 'Two pizzas & a coke, please!', ['two', 'pizzas', '&', 'a', 'coke', ',', 'please', '!']],
    ['fr', "l'allergie aux crustacés ?", ['l', 'allergie', 'aux', 'crustaces', '?']],
    ['it', 'Vorrei 2x tiramisù a 7,50€', ['vorrei', '2', 'x', 'tiramisu', 'a', '7,50', '€']],
    ['de', 'Ich bin allergisch gegen Nüsse.', ['ich', 'bin', 'allergisch', 'gegen', 'nusse', '.']],
    ['th', 'ขอผัดไทย 2 จาน', ['ขอ', 'ผัด', 'ไทย', '2', 'จาน']],
  ])('%s: %s', (_lang, text, folds) => {
    expect(tokenize(text).map((t) => t.fold)).toEqual(folds);
  });

  it.each([
    ['12.50', 12.5],
    ['7,50', 7.5],
    ['๑๒', 12],
    ['pizza', null],
  ])('%s reads as the number %s', (text, num) => {
    expect(tokenize(text)[0]!.num).toBe(num);
  });

  it('marks clause breaks, Thai words and character offsets', () => {
    const toks = tokenize('no milk, ไม่ใส่นม');
    expect(toks.map((t) => t.stop)).toEqual([false, false, true, false, false, false]);
    expect(toks.filter((t) => t.thai).map((t) => t.raw)).toEqual(['ไม่', 'ใส่', 'นม']);
    expect(toks.map((t) => t.offset)).toEqual([0, 3, 7, 9, 12, 15]);
  });

  it('gives the guest engine lower-cased words, "?" kept and other breaks left out', () => {
    const toks = wordTokens('Deux Pizzas, SVP ?');
    expect(toks.map((t) => [t.raw, t.i, t.at])).toEqual([
      ['deux', 0, 0],
      ['pizzas', 1, 5],
      ['svp', 2, 13],
      ['?', 3, 17],
    ]);
  });
});

describe('language layer: fold, lower and stem', () => {
  it.each([
    ['en', 'Crème Brûlée', 'crème brûlée', 'creme brulee'],
    ['fr', 'Œuf’s', "oeuf's", "oeuf's"],
    ['it', 'Perché È', 'perché è', 'perche e'],
    ['de', 'Straße Nüsse', 'strasse nüsse', 'strasse nusse'],
    ['th', 'ไข่ ๑', 'ไข่ 1', 'ไข่ 1'],
  ])('%s: %s', (_lang, text, lowered, folded) => {
    expect(lower(text)).toBe(lowered);
    expect(fold(text)).toBe(folded);
  });

  it.each([
    // en
    ['tomatoes', 'tomat'],
    ['berries', 'berry'],
    ['espressos', 'espress'],
    ['paste', 'paste_'],
    ['pasta', 'past'],
    // fr
    ['gateaux', 'gateau'],
    ['crustaces', 'crustac'],
    // it
    ['pizze', 'pizz'],
    ['pizza', 'pizz'],
    ['vegani', 'vegan'],
    ['vegano', 'vegan'],
    // de
    ['nusse', 'nuss'],
    ['allergische', 'allergisch'],
    ['tomaten', 'tomat'],
    // th: no inflection; short words and numbers stay
    ['ถั่วลิสง', 'ถั่วลิสง'],
    ['soja', 'soja'],
    ['12.50', '12.50'],
  ])('stem(%s) = %s', (word, stemmed) => {
    expect(stem(word)).toBe(stemmed);
  });

  it('singular and plural meet in every Latin-script language', () => {
    for (const [a, b] of [
      ['peanut', 'peanuts'],
      ['crevette', 'crevettes'],
      ['gambero', 'gamberi'],
      ['nuss', 'nusse'],
    ]) {
      expect(stem(a!), `${a} ~ ${b}`).toBe(stem(b!));
    }
  });

  it.each([
    ['pad thai', false],
    ['ผัดไทย', true],
    ['pizza ไก่', true],
  ])('isThai(%s) = %s', (text, thai) => {
    expect(isThai(text)).toBe(thai);
  });
});

describe('language layer: one typo measure', () => {
  it.each([
    [3, false, 0],
    [4, false, 1],
    [7, false, 1],
    [8, false, 2],
    [5, true, 0],
    [6, true, 1],
  ])('maxTypos(%s, thai=%s) = %s', (len, thai, k) => {
    expect(maxTypos(len, thai)).toBe(k);
  });

  it.each([
    ['peanut', 'peanut', 2, 0],
    ['paenut', 'peanut', 2, 1], // a swap is one slip
    ['alergic', 'allergic', 2, 1],
    ['crustacians', 'crustaceans', 2, 1],
    ['vegetarian', 'vegetarien', 2, 1],
    ['fromage', 'formaggio', 1, 2], // more than max: max + 1
    ['nuss', 'nusse', 0, 1],
  ])('editDistance(%s, %s, %s) = %s', (a, b, max, d) => {
    expect(editDistance(a, b, max)).toBe(d);
  });

  it.each([
    ['vegitarian', 'vegetarian', true],
    ['tiramsiu', 'tiramisu', true],
    ['champignos', 'champignons', true],
    ['nuse', 'nuss', true],
    ['tea', 'tee', false], // three letters: no typo allowed
    ['ข้าวผัด', 'ข้าวผด', true],
    ['ไก่', 'ไข่', false], // short Thai words are never typos of each other
  ])('isNear(%s, %s) = %s', (query, target, near) => {
    expect(isNear(query, target)).toBe(near);
  });
});

describe('language layer: phrases over the one tokenizer', () => {
  const table = compilePhrases({ peanut: 'peanuts', 'fruits a coque': 'tree-nuts', ถั่วลิสง: 'peanuts' });

  it.each([
    ['en', 'allergic to peanuts', ['peanuts']],
    ['fr', 'allergique aux fruits à coque', ['tree-nuts']],
    ['en', 'allergic to paenut', ['peanuts']],
    ['th', 'แพ้ถั่วลิสงครับ', ['peanuts']],
    ['de', 'keine Nüsse', []],
  ])('%s: %s', (_lang, text, values) => {
    expect(matchPhrases(tokenize(text), table).map((m) => m.value)).toEqual(values);
  });
});
