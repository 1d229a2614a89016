/**
 * Offline assistant reply time on a 500-product menu (architecture.md section 8: p95 under 20 ms).
 * Times the engine itself (replyOffline) over a mix of real guest messages in the five languages,
 * including the first reply that builds the menu index.
 */
import { performance } from 'node:perf_hooks';
import { toMinor } from '@carte/domain';
import { replyOffline } from '../../apps/server/src/providers/assistant/offline/index.ts';
import type { AssistantInput, AssistantMenu, Language } from '../../apps/server/src/providers/assistant/types.ts';
import { benchMenuFile } from './menu-fixture.ts';

const MESSAGES: [Language, string][] = [
  ['en', 'hi! what do you recommend?'],
  ['en', 'anything vegan without nuts under 15?'],
  ['en', '2 large risotto mushroom 3 and a tart lemon 7'],
  ['en', 'what is the cheapest dish?'],
  ['en', 'does the curry chicken 4 contain peanuts?'],
  ['en', "what's in my cart?"],
  ['fr', 'quelque chose de végétarien sans gluten ?'],
  ['fr', 'moins de 12 € avec du poulet'],
  ['fr', "j'aimerais deux soupes à la tomate"],
  ['it', 'piatti vegani senza lattosio'],
  ['it', 'vorrei un risotto ai funghi grande'],
  ['de', 'etwas Scharfes ohne Nüsse'],
  ['de', 'was kostet der Burger Rindfleisch 6?'],
  ['th', 'มีอาหารมังสวิรัติไหม'],
  ['th', 'แพ้ถั่ว มีอะไรแนะนำบ้าง'],
  ['en', 'I am ready to order'],
  ['en', 'zzzz qwerty plop'],
];

function toAssistantMenu(file: ReturnType<typeof benchMenuFile>): AssistantMenu {
  const categories = new Map(file.categories.map((c) => [c.id, c]));
  return {
    venueName: file.venue.name,
    currency: file.venue.currency,
    useTextMenu: false,
    textMenu: null,
    products: file.products.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      priceMinor: p.price == null ? null : toMinor(p.price),
      recommended: p.recommended,
      status: 'available',
      preferences: p.preferences ?? [],
      allergenes: p.allergenes ?? [],
      categories: p.categories.map((c) => ({ id: c, name: categories.get(c)!.name })),
      variations: p.variations.map((v) => ({ id: v.id, name: v.name, priceVariationMinor: toMinor(v.price_variation) })),
    })),
  };
}

export interface AssistantBench {
  products: number;
  replies: number;
  firstReplyMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export function benchAssistant(opts: { rounds?: number } = {}): AssistantBench {
  const menu = toAssistantMenu(benchMenuFile('bench-brasserie', 500));
  const cart = [{ productId: 'p3', variationIds: ['large'], quantity: 2 }, { productId: 'p10', variationIds: [], quantity: 1 }];
  const input = (language: Language, message: string): AssistantInput => ({ menu, language, message, history: [], cart });
  const t0 = performance.now();
  replyOffline(input('en', 'hello'));
  const firstReplyMs = performance.now() - t0;
  const times: number[] = [];
  for (let round = 0; round < (opts.rounds ?? 30); round++) {
    for (const [language, message] of MESSAGES) {
      const t = performance.now();
      replyOffline(input(language, message));
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return { products: menu.products.length, replies: times.length, firstReplyMs, p50Ms: at(50), p95Ms: at(95), maxMs: times[times.length - 1]! };
}
