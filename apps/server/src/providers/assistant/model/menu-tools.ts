import {
  ALLERGENS,
  choiceProblems,
  EMPTY_ALLERGY_PROFILE,
  isEmptyAllergyProfile,
  type AllergyProfile,
  describeChoiceProblem,
  describeGroupRule,
  formatPrice,
  formatPriceDifference,
  groupRule,
  toMinor,
} from '@carte/domain';
import { addVerdict, dishVerdict } from '../safety/gate.ts';
import type { AssistantAction, AssistantMenu, CartLine, Language, MenuProduct } from '../types.ts';
import { searchMenu } from './menu-search.ts';
import type { ToolDefinition } from './openai-client.ts';

/**
 * The tools the model may call, and their server-side execution. Every id the model names is
 * checked against the venue's menu; an unknown id is refused with an error the model reads.
 * Cart tools only produce actions for this guest's browser: the server never touches a cart.
 */

export const MAX_TOOL_QUANTITY = 20;

const cartLineParameters = {
  type: 'object',
  properties: {
    productId: { type: 'string', description: 'The product id from the menu or a search result.' },
    variationIds: {
      type: 'array',
      items: { type: 'string' },
      description:
        "Ids of the chosen variations of that product (empty for none). They must satisfy every option group of the product (e.g. exactly one size); ask the guest when a required group's choice is not known.",
    },
    quantity: { type: 'integer', minimum: 1, maximum: MAX_TOOL_QUANTITY },
  },
  required: ['productId', 'quantity'],
  additionalProperties: false,
};

export const TOOL_DEFINITIONS: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'search_menu',
      description:
        'Search the venue menu. Returns matching dishes with ids, descriptions, dietary preferences, allergens and variations.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words to look for: dish name, ingredient or category. May be empty.' },
          preference: {
            type: 'string',
            description: 'A dietary preference id: vegan, vegetarian, gluten-free, dairy-free, spicy, ...',
          },
          avoid_allergens: {
            type: 'array',
            items: { type: 'string' },
            description: `Allergen ids to exclude (the 14 of the EU and UK rules): ${ALLERGENS.join(', ')}`,
          },
          max_price: { type: 'number', description: 'Highest price in the venue currency.' },
        },
        required: ['query'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_product',
      description: 'Get one dish by id: description, preferences, allergens, variations.',
      parameters: {
        type: 'object',
        properties: { productId: { type: 'string' } },
        required: ['productId'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: { name: 'add_to_cart', description: "Add a dish to the guest's cart.", parameters: cartLineParameters },
  },
  {
    type: 'function',
    function: {
      name: 'remove_from_cart',
      description: "Remove a quantity of a dish from the guest's cart.",
      parameters: cartLineParameters,
    },
  },
  {
    type: 'function',
    function: {
      name: 'view_cart',
      description: "The guest's cart: lines, quantities and total.",
      parameters: { type: 'object', properties: {}, additionalProperties: false },
    },
  },
  {
    type: 'function',
    function: {
      name: 'checkout',
      description:
        'Open the cart so the guest can choose the table and place the order. Call when the guest is ready to order.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
    },
  },
];

export type ToolResult = Record<string, unknown>;

/**
 * A second opinion for search_menu when plain word matching finds nothing (the offline assistant's
 * multilingual matcher: "champignons" or "เป็ด" still find the dish). Returns product ids.
 */
export type SearchFallback = (menu: AssistantMenu, query: string) => string[];

function sameVariations(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** One reply's tool state: the working cart, the actions so far and the products referred to. */
export class ToolSession {
  readonly actions: AssistantAction[] = [];
  /** Products the tools returned or acted on, in order of first use. */
  readonly seen = new Set<string>();
  readonly acted = new Set<string>();
  readonly fetched = new Set<string>();
  private readonly byId: Map<string, MenuProduct>;
  private readonly cart: CartLine[];

  constructor(
    private readonly menu: AssistantMenu,
    cart: CartLine[],
    private readonly searchFallback?: SearchFallback,
    /** The guest's language: prices in tool results are written the way the guest reads them. */
    private readonly language: Language = 'en',
    /** The allergies and diets of the conversation (safety/constraints.ts): the tools keep to them too. */
    private readonly profile: AllergyProfile = EMPTY_ALLERGY_PROFILE,
  ) {
    this.byId = new Map(menu.products.map((p) => [p.id, p]));
    // Lines for products no longer on the menu are ignored.
    this.cart = cart
      .filter((l) => this.byId.has(l.productId))
      .map((l) => ({ ...l, variationIds: [...l.variationIds] }));
  }

  product(id: string): MenuProduct | undefined {
    return this.byId.get(id);
  }

  private price(minor: number | null): string | null {
    return minor === null ? null : formatPrice(minor, this.menu.currency, this.language);
  }

  private describe(p: MenuProduct, full: boolean): ToolResult {
    this.seen.add(p.id);
    const base: ToolResult = {
      id: p.id,
      name: p.name,
      price: this.price(p.priceMinor) ?? 'ask staff for the price (cannot be ordered here)',
      categories: p.categories.map((c) => c.name),
      preferences: p.preferences,
      allergens: p.allergenes,
      recommended: p.recommended,
    };
    if (full || (p.description ?? '').length <= 160) base.description = p.description ?? '';
    else base.description = `${(p.description ?? '').slice(0, 157)}...`;
    if (p.variations.length) base.variations = this.variations(p);
    const groups = this.groups(p);
    if (groups.length) base.option_groups = groups;
    return base;
  }

  /** Each option with its price difference and its own allergens and labels (when it has any). */
  private variations(p: MenuProduct): ToolResult[] {
    return p.variations.map((v) => {
      const out: ToolResult = {
        id: v.id,
        name: v.name,
        price_difference: formatPriceDifference(v.priceVariationMinor, this.menu.currency, this.language),
      };
      if (v.allergenes?.length) out.allergens = v.allergenes;
      if (v.preferences?.length) out.preferences = v.preferences;
      return out;
    });
  }

  /** "Size: choose exactly 1 of small, regular, large": what add_to_cart must respect. */
  private groups(p: MenuProduct): ToolResult[] {
    return (p.variationGroups ?? []).map((g) => ({
      name: g.name,
      rule: describeGroupRule(groupRule(g)),
      required: g.min > 0,
      min: g.min,
      max: g.max,
      variationIds: [...g.variationIds],
    }));
  }

  /** Runs one tool call; never throws: problems are returned to the model as `{error}`. */
  run(name: string, rawArguments: string): ToolResult {
    let args: Record<string, unknown>;
    try {
      args = asRecord(rawArguments.trim() ? JSON.parse(rawArguments) : {});
    } catch {
      return { error: 'The arguments are not valid JSON.' };
    }
    switch (name) {
      case 'search_menu':
        return this.search(args);
      case 'get_product':
        return this.getProduct(args);
      case 'add_to_cart':
        return this.changeCart('add_to_cart', args);
      case 'remove_from_cart':
        return this.changeCart('remove_from_cart', args);
      case 'view_cart':
        return this.viewCart();
      case 'checkout':
        if (!this.actions.some((a) => a.type === 'open_cart')) this.actions.push({ type: 'open_cart' });
        return { ok: true, note: 'The cart opens for the guest to choose the table and confirm the order.' };
      default:
        return { error: `Unknown tool ${name}.` };
    }
  }

  private search(args: Record<string, unknown>): ToolResult {
    if (this.menu.useTextMenu)
      return { error: 'This venue has a text menu only (see the system message); there is nothing to search.' };
    const maxPrice =
      typeof args.max_price === 'number' && Number.isFinite(args.max_price) ? toMinor(args.max_price) : undefined;
    const avoid = Array.isArray(args.avoid_allergens)
      ? args.avoid_allergens.filter((a): a is string => typeof a === 'string')
      : undefined;
    const query = typeof args.query === 'string' ? args.query : '';
    const filters = {
      preference: typeof args.preference === 'string' ? args.preference : undefined,
      avoidAllergens: avoid,
      maxPriceMinor: maxPrice,
      limit: 8,
    };
    let found = searchMenu(this.menu.products, { query, ...filters });
    if (!found.length && query.trim() && this.searchFallback) {
      const ids = new Set(this.searchFallback(this.menu, query));
      // The same filters, applied to what the fallback found.
      found = searchMenu(
        this.menu.products.filter((p) => ids.has(p.id)),
        { ...filters, query: '' },
      );
    }
    // The safety gate on the tool's results: an unsafe dish is never given to the model.
    const safe = found.filter((p) => dishVerdict(p, this.profile).verdict !== 'unsafe');
    const result: ToolResult = {
      results: safe.map((p) => {
        const out = this.describe(p, false);
        if (!isEmptyAllergyProfile(this.profile) && dishVerdict(p, this.profile).verdict === 'unknown')
          out.allergen_data = 'none given: do not call it safe; tell the guest to ask the staff';
        return out;
      }),
      count: safe.length,
    };
    if (safe.length < found.length) result.left_out_for_the_guest_allergies = found.length - safe.length;
    return result;
  }

  private getProduct(args: Record<string, unknown>): ToolResult {
    const id = typeof args.productId === 'string' ? args.productId : '';
    const p = this.byId.get(id);
    if (!p || p.status !== 'available')
      return { error: `No product with id "${id.slice(0, 60)}" on this menu. Use search_menu to find ids.` };
    this.fetched.add(p.id);
    const out = this.describe(p, true);
    const v = dishVerdict(p, this.profile);
    if (v.verdict === 'unsafe')
      out.unsafe_for_the_guest = `${p.name} does not suit the guest's stated allergies or diet; do not recommend or add it.`;
    return out;
  }

  private changeCart(type: 'add_to_cart' | 'remove_from_cart', args: Record<string, unknown>): ToolResult {
    const id = typeof args.productId === 'string' ? args.productId : '';
    const p = this.byId.get(id);
    if (!p || p.status !== 'available') {
      return {
        error: `No product with id "${id.slice(0, 60)}" on this menu. Nothing was changed. Use search_menu to find ids.`,
      };
    }
    const quantity = args.quantity === undefined ? 1 : args.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_TOOL_QUANTITY) {
      return { error: `quantity must be a whole number from 1 to ${MAX_TOOL_QUANTITY}. Nothing was changed.` };
    }
    const rawVariations = Array.isArray(args.variationIds) ? args.variationIds : [];
    const variationIds = [...new Set(rawVariations.filter((v): v is string => typeof v === 'string'))];
    const unknown = variationIds.filter((v) => !p.variations.some((pv) => pv.id === v));
    if (unknown.length) {
      return {
        error: `Unknown variation ids for ${p.name}: ${unknown.map((u) => u.slice(0, 60)).join(', ')}. Nothing was changed.`,
        variations: p.variations.map((v) => ({ id: v.id, name: v.name })),
      };
    }
    if (type === 'add_to_cart') {
      if (p.priceMinor === null)
        return {
          error: `${p.name} has no price on the menu and cannot be ordered here; the guest should ask the staff.`,
        };
      // A required size left open or two sizes: the kitchen could not make it. Ask the guest instead.
      if (addVerdict(p, variationIds, this.profile).verdict === 'unsafe')
        return {
          error: `${p.name} was not added: with these options it holds an allergen the guest stated or breaks their diet. Nothing was changed. Tell the guest why and offer a dish from search_menu instead.`,
        };
      const problems = choiceProblems(p, variationIds);
      if (problems.length) {
        return {
          error: `${p.name} was not added: ${problems.map(describeChoiceProblem).join('; ')}. Nothing was changed. Ask the guest which option they want (name the group's options), then call add_to_cart with a choice that satisfies every group.`,
          option_groups: this.groups(p),
          variations: this.variations(p),
        };
      }
      const line = this.cart.find((l) => l.productId === p.id && sameVariations(l.variationIds, variationIds));
      if (line) line.quantity += quantity;
      else this.cart.push({ productId: p.id, variationIds, quantity });
    } else {
      const line = this.cart.find((l) => l.productId === p.id && sameVariations(l.variationIds, variationIds));
      if (!line) return { error: `${p.name} with these variations is not in the guest's cart. Nothing was changed.` };
      const removed = Math.min(quantity, line.quantity);
      line.quantity -= removed;
      if (line.quantity === 0) this.cart.splice(this.cart.indexOf(line), 1);
      this.actions.push({ type, productId: p.id, variationIds, quantity: removed });
      this.seen.add(p.id);
      this.acted.add(p.id);
      return { ok: true, removed, product: p.name, cart: this.cartSummary() };
    }
    this.actions.push({ type, productId: p.id, variationIds, quantity });
    this.seen.add(p.id);
    this.acted.add(p.id);
    return { ok: true, added: quantity, product: p.name, cart: this.cartSummary() };
  }

  private cartSummary(): ToolResult {
    let totalMinor = 0;
    const lines = this.cart.map((l) => {
      const p = this.byId.get(l.productId)!;
      const chosen = p.variations.filter((v) => l.variationIds.includes(v.id));
      const unit = (p.priceMinor ?? 0) + chosen.reduce((s, v) => s + v.priceVariationMinor, 0);
      totalMinor += unit * l.quantity;
      return {
        productId: p.id,
        name: p.name,
        variations: chosen.map((v) => v.name),
        quantity: l.quantity,
        line_total: this.price(unit * l.quantity),
      };
    });
    return { lines, total: this.price(totalMinor), empty: lines.length === 0 };
  }

  private viewCart(): ToolResult {
    for (const l of this.cart) this.seen.add(l.productId);
    return this.cartSummary();
  }

  /** The working cart after this reply's actions (for the final summary). */
  cartLines(): CartLine[] {
    return this.cart.map((l) => ({ ...l, variationIds: [...l.variationIds] }));
  }
}
