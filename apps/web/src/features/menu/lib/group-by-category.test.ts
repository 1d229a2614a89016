import { describe, expect, it } from 'vitest';
import { groupByCategory } from './group-by-category.ts';
import { makeProduct } from '../../../testing/data-generators.ts';

const a = { id: 'a', name: 'Antipasti' };
const b = { id: 'b', name: 'Pasta' };
const c = { id: 'c', name: 'Dolci' };

const names = (sections: ReturnType<typeof groupByCategory>) =>
  sections.map((s) => [s.category?.name ?? 'Other', s.products.map((p) => p.name)]);

describe('menu sections', () => {
  it('follows the venue category order, repeats multi-category products and ends with Other', () => {
    const menu = [
      makeProduct({ name: 'Tiramisu', categories: [c] }),
      makeProduct({ name: 'Arancini', categories: [a, b] }),
      makeProduct({ name: 'Bread', categories: [] }),
      makeProduct({ name: 'Burrata', categories: [a] }),
    ];
    expect(names(groupByCategory(menu, [a, b, c]))).toEqual([
      ['Antipasti', ['Arancini', 'Burrata']],
      ['Pasta', ['Arancini']],
      ['Dolci', ['Tiramisu']],
      ['Other', ['Bread']],
    ]);
  });

  it('leaves out empty categories and unavailable products, and keeps unknown categories after the known ones', () => {
    const extra = { id: 'x', name: 'Specials' };
    const menu = [
      makeProduct({ name: 'Gone', categories: [a], status: 'unavailable' }),
      makeProduct({ name: 'Special', categories: [extra] }),
      makeProduct({ name: 'Spaghetti', categories: [b, b] }),
    ];
    expect(names(groupByCategory(menu, [a, b]))).toEqual([
      ['Pasta', ['Spaghetti']],
      ['Specials', ['Special']],
    ]);
  });

  it('gives every section a distinct anchor', () => {
    const sections = groupByCategory([makeProduct({ categories: [a] }), makeProduct({ categories: [] })], [a]);
    expect(new Set(sections.map((s) => s.anchor)).size).toBe(sections.length);
  });
});
