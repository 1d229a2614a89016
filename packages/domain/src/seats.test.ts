import { describe, expect, it } from 'vitest';
import { expandSeats } from './seats.ts';

describe('expandSeats (spec section 9)', () => {
  it.each<[string | null | undefined, string[]]>([
    ['', []],
    [null, []],
    [undefined, []],
    ['  ,  , ', []],
    ['1-3', ['1', '2', '3']],
    ['1-3, 5', ['1', '2', '3', '5']],
    ['3-1', ['1', '2', '3']],
    ['a-c', ['A', 'B', 'C']],
    ['A-C', ['A', 'B', 'C']],
    ['c-A', ['A', 'B', 'C']],
    ['1-3, 2-4', ['1', '2', '3', '4']],
    ['Terrace, 1-2, Terrace', ['Terrace', '1', '2']],
    [' 1 - 2 ,Bar ', ['1', '2', 'Bar']],
    ['7', ['7']],
    ['10-12', ['10', '11', '12']],
  ])('%j', (input, expected) => {
    expect(expandSeats(input)).toEqual(expected);
  });

  it('does not explode a huge range', () => {
    expect(expandSeats('1-100000')).toEqual(['1-100000']);
  });
});
