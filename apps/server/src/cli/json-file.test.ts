import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineAndColumn } from './json-file.ts';

describe('jsonErrorOffset agrees with JSON.parse and points at the first bad character', () => {
  it.each([
    ['{"a": }', 6],
    ['{"a": 1,}', 8],
    ['{"a": 1', 7],
    ['', 0],
    ['nul', 3],
    ['{"a":"\\u12G4"}', 10],
    ['[1, 2.]', 6],
    ['{"a":1} x', 8],
    ['01', 1],
    ["{'a': 1}", 1],
    ['{"a": "line\nbreak"}', 11],
    ['{"a": -0.5e+3, "b": [true, false, null, "x\\n\\u00e9"]}', null],
    ['\ufeff{"bom": true}', null],
    ['  [ ]  ', null],
  ])('%j -> %s', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
    let parses = true;
    try {
      JSON.parse(text.replace(/^\ufeff/, ''));
    } catch {
      parses = false;
    }
    expect(parses).toBe(offset === null);
  });

  it.each([
    ['abc', 0, { line: 1, column: 1 }],
    ['a\nbc', 3, { line: 2, column: 2 }],
    ['{\n  "a": }', 9, { line: 2, column: 8 }],
  ])('line and column of %j at %i', (text, offset, where) => {
    expect(lineAndColumn(text, offset)).toEqual(where);
  });
});
