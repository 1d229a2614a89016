import { describe, expect, it } from 'vitest';
import { expandSeats } from '@carte/domain/seats';
import { seatsText } from './seats-text.ts';

describe('seatsText', () => {
  it.each([
    [
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'Terrace A', 'Terrace B'],
      '1-12, Terrace A, Terrace B',
    ],
    [['A1', 'A2', 'B1', 'Garden'], 'A1, A2, B1, Garden'],
    [['1', '2'], '1, 2'],
    [['A', 'B', 'C', '7'], 'A-C, 7'],
    [['3', '1', '2'], '3, 1, 2'],
    [[], ''],
    [['01', '02', '03'], '01, 02, 03'],
  ])('%j -> %s, and back', (spots, text) => {
    expect(seatsText(spots)).toBe(text);
    expect(expandSeats(seatsText(spots))).toEqual(spots);
  });
});
