/**
 * An in-memory StaffMenuPort for the rule tables and the evaluation: it keeps products and
 * categories in arrays and refuses what the staff menu service refuses most often (a negative
 * price, an unknown category, a missing product, no edits), with the service's messages. The chat
 * service tests use the real service on a database.
 */
import { randomUUID } from 'node:crypto';
import type { StaffCategory, StaffProduct } from '@carte/domain';
import type { StaffMenuPort } from './types.ts';

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
  readonly status = 400;
}

export interface MemoryMenu {
  categories: StaffCategory[];
  products: StaffProduct[];
}

export function memoryPort(menu: MemoryMenu): StaffMenuPort & { menu: MemoryMenu } {
  const catName = (id: string) => menu.categories.find((c) => c.id === id)?.name ?? id;
  const check = (v: Record<string, unknown>) => {
    const issues: { path: string; message: string }[] = [];
    if (typeof v.price === 'number' && v.price < 0) issues.push({ path: 'price', message: 'must be at least 0' });
    if (typeof v.name === 'string' && v.name.trim() === '') issues.push({ path: 'name', message: 'is required' });
    (Array.isArray(v.categories) ? (v.categories as string[]) : []).forEach((c, i) => {
      if (!menu.categories.some((x) => x.id === c))
        issues.push({ path: `categories[${i}]`, message: `unknown category "${c}"` });
    });
    if (issues.length) throw new Refusal('VALIDATION', 'The request is not valid.', issues);
  };
  const build = (id: string, v: Record<string, unknown>, old?: StaffProduct): StaffProduct => {
    const get = <T>(k: string, d: T): T => (v[k] === undefined ? d : (v[k] as T));
    const variations = get<
      { id?: string; name: string; price_variation?: number; preferences?: string[]; allergenes?: string[] }[]
    >('variations', old?.variations ?? []);
    const idMap = new Map(
      variations.map((x) => [x.id ?? '', old?.variations.some((o) => o.id === x.id) ? x.id! : randomUUID()]),
    );
    return {
      id,
      name: get('name', old?.name ?? ''),
      description: get('description', old?.description ?? null),
      price: get('price', old?.price ?? null),
      taxRate: get('taxRate', old?.taxRate ?? null),
      image: get('image', old?.imageId ?? null) ? `/media/${get('image', old?.imageId ?? '')}` : null,
      imageId: get('image', old?.imageId ?? null),
      status: get('status', old?.status ?? 'available'),
      recommended: get('recommended', old?.recommended ?? false),
      preferences: get('preferences', old?.preferences ?? []),
      allergenes: get('allergenes', old?.allergenes ?? []),
      categories: get<string[]>('categories', old?.categories.map((c) => c.id) ?? []).map((c) => ({
        id: c,
        name: catName(c),
      })),
      variations: variations.map((x) => ({
        id: idMap.get(x.id ?? '')!,
        name: x.name,
        price_variation: x.price_variation ?? 0,
        preferences: x.preferences ?? [],
        allergenes: x.allergenes ?? [],
      })),
      variationGroups: get<{ id?: string; name: string; min: number; max: number; variationIds: string[] }[]>(
        'variationGroups',
        old?.variationGroups ?? [],
      ).map((g) => ({
        id: g.id ?? randomUUID(),
        name: g.name,
        min: g.min,
        max: g.max,
        variationIds: g.variationIds.map((x) => idMap.get(x) ?? x),
      })),
    };
  };
  return {
    menu,
    async listMenu() {
      return structuredClone(menu.products);
    },
    async listCategories() {
      return structuredClone(menu.categories);
    },
    async createProduct(input) {
      check(input);
      const p = build(randomUUID(), { status: 'available', ...input });
      menu.products.push(p);
      return structuredClone(p);
    },
    async updateProduct(input) {
      const at = menu.products.findIndex((p) => p.id === input.id);
      if (at < 0) throw new Refusal('PRODUCT_NOT_FOUND', 'Product not found on update action');
      check(input);
      const next = build(input.id, input, menu.products[at]);
      if (JSON.stringify(next) === JSON.stringify(menu.products[at]))
        throw new Refusal('NO_PRODUCT_EDITS', 'No edits done to the product');
      menu.products[at] = next;
      return structuredClone(next);
    },
    async updateProducts(inputs) {
      // All or nothing, like the service's transaction: work on a copy, keep it only if every one passes.
      const saved = structuredClone(menu.products);
      try {
        const out = [];
        for (const input of inputs) out.push(await this.updateProduct(input));
        return out;
      } catch (e) {
        menu.products = saved;
        throw e;
      }
    },
    async deleteProduct(id) {
      const at = menu.products.findIndex((p) => p.id === id);
      if (at < 0) throw new Refusal('PRODUCT_NOT_FOUND', 'Product not found on update action');
      menu.products.splice(at, 1);
    },
    async createCategory(name) {
      if (!name.trim())
        throw new Refusal('VALIDATION', 'The request is not valid.', [{ path: 'name', message: 'is required' }]);
      const c = { id: randomUUID(), name, position: menu.categories.length };
      menu.categories.push(c);
      return c;
    },
    async updateCategory({ id, name }) {
      const c = menu.categories.find((x) => x.id === id);
      if (!c) throw new Refusal('CATEGORY_NOT_FOUND', 'Category not found');
      c.name = name;
      for (const p of menu.products) for (const pc of p.categories) if (pc.id === id) pc.name = name;
      return { ...c };
    },
    async deleteCategory(id) {
      menu.categories = menu.categories.filter((c) => c.id !== id);
      for (const p of menu.products) p.categories = p.categories.filter((c) => c.id !== id);
    },
  };
}

/** A small trattoria menu for the rule tables. */
export function trattoria(): MemoryMenu {
  const cat = (name: string, position: number) => ({ id: randomUUID(), name, position });
  const pizzas = cat('Pizzas', 0);
  const pasta = cat('Pasta', 1);
  const desserts = cat('Desserts', 2);
  const starters = cat('Starters', 3);
  const dish = (
    name: string,
    price: number | null,
    c: StaffCategory,
    extra: Partial<StaffProduct> = {},
  ): StaffProduct => ({
    id: randomUUID(),
    name,
    description: null,
    price,
    taxRate: null,
    image: '/media/x',
    imageId: randomUUID(),
    status: 'available',
    recommended: false,
    preferences: [],
    allergenes: [],
    categories: [{ id: c.id, name: c.name }],
    variations: [],
    variationGroups: [],
    ...extra,
  });
  const size = [
    { id: randomUUID(), name: 'Small', price_variation: 0, preferences: [], allergenes: [] },
    { id: randomUUID(), name: 'Large', price_variation: 3, preferences: [], allergenes: [] },
  ];
  return {
    categories: [pizzas, pasta, desserts, starters],
    products: [
      dish('Margherita', 9, pizzas, {
        allergenes: ['gluten', 'dairy'],
        preferences: ['vegetarian'],
        variations: size,
        variationGroups: [{ id: randomUUID(), name: 'Size', min: 1, max: 1, variationIds: size.map((s) => s.id) }],
      }),
      dish('Diavola', 11, pizzas, { allergenes: ['gluten', 'dairy'], preferences: ['spicy'] }),
      dish('Spaghetti Carbonara', 12, pasta, { allergenes: ['gluten', 'egg', 'dairy'], image: null, imageId: null }),
      dish('Pesto Linguine', 13, pasta, { allergenes: ['gluten', 'nuts'] }),
      dish('Tiramisu', 6.5, desserts, { allergenes: ['egg', 'dairy'] }),
      dish('Panna Cotta', 6, desserts, { allergenes: ['dairy'], image: null, imageId: null }),
      dish('Fried Calamari', 10, starters, { allergenes: ['seafood', 'gluten'] }),
    ],
  };
}
