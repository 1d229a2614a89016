import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../testing/data-generators.ts';
import { filterProducts } from './filter-products.ts';

const products = [
  makeProduct({ id: 'cafe', name: 'Café crème', description: null, categories: [{ id: 'drinks', name: 'Drinks' }] }),
  makeProduct({ id: 'tiramisu', name: 'Tiramisu', description: 'With mascarpone', status: 'unavailable' }),
  makeProduct({
    id: 'panna',
    name: 'Panna cotta',
    description: 'Vanilla cream',
    categories: [{ id: 'desserts', name: 'Desserts' }],
  }),
];
const ids = (q: Parameters<typeof filterProducts>[1]) => filterProducts(products, q).map((p) => p.id);

describe('filterProducts', () => {
  it.each([
    [{ query: '', category: '', availability: 'all' as const }, ['cafe', 'tiramisu', 'panna']],
    [{ query: 'cafe', category: '', availability: 'all' as const }, ['cafe']],
    [{ query: 'CREAM', category: '', availability: 'all' as const }, ['panna']],
    [{ query: 'crème', category: '', availability: 'all' as const }, ['cafe']],
    [{ query: 'vanilla cotta', category: '', availability: 'all' as const }, ['panna']],
    [{ query: '', category: 'desserts', availability: 'all' as const }, ['panna']],
    [{ query: '', category: '__none', availability: 'all' as const }, ['tiramisu']],
    [{ query: '', category: '', availability: 'unavailable' as const }, ['tiramisu']],
    [{ query: '', category: '', availability: 'available' as const }, ['cafe', 'panna']],
  ])('%j', (query, expected) => {
    expect(ids(query)).toEqual(expected);
  });
});
