import { describe, expect, it } from 'vitest';
import { fill, joinWithAnd } from './messages.ts';

describe('reply sentences', () => {
  it.each([
    ['{name} costs {price}.', { name: 'Tiramisu', price: '€6.00' }, 'Tiramisu costs €6.00.'],
    ['{n} × {name}', { n: 2, name: 'Pisco sour' }, '2 × Pisco sour'],
    ['{name} is missing {what}', { name: 'Soup' }, 'Soup is missing {what}'],
    ['ไม่มี{list}', { list: 'งา' }, 'ไม่มีงา'],
  ] as const)('fills "%s"', (template, values, out) => expect(fill(template, values)).toBe(out));

  it.each([
    ['en', [], 'and', ''],
    ['en', ['milk'], 'and', 'milk'],
    ['en', ['milk', 'eggs'], 'and', 'milk and eggs'],
    ['fr', ['lait', 'œufs', 'soja'], 'et', 'lait, œufs et soja'],
    ['th', ['นม', 'ไข่', 'งา'], 'และ', 'นม ไข่ และ งา'],
  ] as const)('%s: joins %j', (lang, items, and, out) => expect(joinWithAnd(lang, items, and)).toBe(out));
});
