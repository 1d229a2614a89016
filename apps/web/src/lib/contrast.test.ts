import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, textColourOn } from './contrast.ts';

describe('text on the venue theme colour (WCAG contrast)', () => {
  it.each([
    { background: '#ffffff', text: '#000000' },
    { background: '#000000', text: '#ffffff' },
    { background: '#b5532f', text: '#ffffff' },
    { background: '#2f7a4b', text: '#ffffff' },
    { background: '#1e3a5f', text: '#ffffff' },
    { background: '#facc15', text: '#000000' },
    { background: '#7dd3fc', text: '#000000' },
    { background: '#fff', text: '#000000' },
    { background: 'not a colour', text: '#ffffff' },
  ])('$background -> $text', ({ background, text }) => {
    expect(textColourOn(background)).toBe(text);
  });

  it('picks a colour that meets AA (4.5:1) whenever black or white can', () => {
    for (const hex of ['#b5532f', '#2f7a4b', '#facc15', '#6366f1', '#0ea5e9', '#ef4444']) {
      const bg = parseHex(hex)!;
      const fg = parseHex(textColourOn(hex))!;
      expect(contrastRatio(bg, fg), hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});
