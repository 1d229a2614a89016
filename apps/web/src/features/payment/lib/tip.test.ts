import { describe, expect, it } from 'vitest';
import { parseTipText, tipMinorFor, tipRequestFor } from './tip.ts';

describe('tip maths of the pay sheet', () => {
  it.each([
    // total, choice, tip (minor units) or null when refused
    [3170, { kind: 'percent', percent: 0 }, 0],
    [3170, { kind: 'percent', percent: 5 }, 159], // 158.5 rounds half up
    [3170, { kind: 'percent', percent: 10 }, 317],
    [3170, { kind: 'percent', percent: 15 }, 476], // 475.5
    [999, { kind: 'percent', percent: 15 }, 150], // 149.85
    [3170, { kind: 'custom', text: '2,50' }, 250],
    [3170, { kind: 'custom', text: '3.5' }, 350],
    [3170, { kind: 'custom', text: ' 4 ' }, 400],
    [3170, { kind: 'custom', text: '' }, 0],
    [3170, { kind: 'custom', text: '31.70' }, 3170],
    [3170, { kind: 'custom', text: '31.71' }, null], // more than the total
    [3170, { kind: 'custom', text: '1.005' }, null],
    [3170, { kind: 'custom', text: '-1' }, null],
    [3170, { kind: 'custom', text: 'five' }, null],
  ] as const)('total %i, %j -> %s', (total, choice, expected) => {
    expect(tipMinorFor(total, choice)).toBe(expected);
  });

  it('reads typed amounts in either decimal separator', () => {
    expect(parseTipText('1,5')).toBe(150);
    expect(parseTipText('12')).toBe(1200);
    expect(parseTipText('1.2.3')).toBeNull();
  });

  it('sends the percentage itself, or the typed amount as a decimal', () => {
    expect(tipRequestFor({ kind: 'percent', percent: 10 }, 317)).toEqual({ tipPercent: 10 });
    expect(tipRequestFor({ kind: 'custom', text: '2,50' }, 250)).toEqual({ tip: 2.5 });
  });
});
