/**
 * Offline assistant reply time on a 500-product menu (architecture.md section 8: p95 under 20 ms).
 * Times the guest assistant as guests get it (replyOfflineGuarded: answer or abstain, the rules, the
 * safety gate) over a mix of real guest messages in the five languages, allergies included, and the
 * first reply that builds the menu index.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { toMinor, type StaffProduct } from '@carte/domain';
import { replyStaff } from '../../apps/server/src/providers/assistant/staff/engine.ts';
import { memoryPort } from '../../apps/server/src/providers/assistant/staff/memory-port.ts';
import type { StaffState } from '../../apps/server/src/providers/assistant/staff/types.ts';
import { replyOfflineGuarded } from '../../apps/server/src/providers/assistant/index.ts';
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
  // Allergies and diets: the safety gate reads them and checks every dish of the reply (issue 17).
  ['en', 'my son cant have nuts or milk, what do you recommend?'],
  ['fr', 'je suis allergique aux crustacés et au gluten, un plat ?'],
  ['de', 'ich bin Veganer, was gibt es ohne Soja?'],
  ['it', 'sono celiaca, vorrei un risotto ai funghi grande'],
  ['th', 'แพ้ถั่วลิสงและนม มีอะไรแนะนำ'],
  ['en', 'what time do you close?'],
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
  replyOfflineGuarded(input('en', 'hello'));
  const firstReplyMs = performance.now() - t0;
  const times: number[] = [];
  for (let round = 0; round < (opts.rounds ?? 30); round++) {
    for (const [language, message] of MESSAGES) {
      const t = performance.now();
      replyOfflineGuarded(input(language, message));
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return { products: menu.products.length, replies: times.length, firstReplyMs, p50Ms: at(50), p95Ms: at(95), maxMs: times[times.length - 1]! };
}

const STAFF_MESSAGES: [Language, string][] = [
  ['en', 'what is sold out?'],
  ['en', 'which dishes have no photo?'],
  ['en', 'what contains nuts?'],
  ['en', 'the risotto mushroom 15 costs 14'],
  ['en', 'the pizza chicken 3 is sold out tonight'],
  ['en', 'undo'],
  ['en', 'raise all desserts by 50 cents'],
  ['fr', 'baisse les desserts de 10%'],
  ['en', 'add a vegan burger at 12.50 with fries as a +2 option'],
  ['de', 'lösche den Salad tofu 18'],
  ['de', 'nein'],
  ['it', 'rinomina Soup pumpkin 20 in Zuppa di zucca'],
  ['th', 'Curry lemon 19 หมด'],
  ['en', 'zzzz qwerty plop'],
];

/**
 * The staff assistant (issue 10) on the same 500-product menu: the offline rules with an in-memory
 * menu service, so this is the assistant's own time (reading the message, matching 500 names,
 * building the card); the database writes of the real staff menu service come on top.
 */
export async function benchStaffAssistant(opts: { rounds?: number } = {}): Promise<AssistantBench> {
  const file = benchMenuFile('bench-brasserie', 500);
  const categories = file.categories.map((c, position) => ({ id: c.id, name: c.name, position }));
  const products: StaffProduct[] = file.products.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    image: p.id.endsWith('7') ? null : `/media/${p.id}`,
    imageId: p.id.endsWith('7') ? null : p.id,
    status: 'available',
    recommended: p.recommended,
    preferences: p.preferences ?? [],
    allergenes: p.allergenes ?? [],
    categories: p.categories.map((c) => ({ id: c, name: categories.find((x) => x.id === c)!.name })),
    variations: p.variations.map((v) => ({ ...v, preferences: [], allergenes: [] })),
    variationGroups: [],
  }));
  const port = memoryPort({ categories, products });
  let state: StaffState = {};
  const times: number[] = [];
  const t0 = performance.now();
  state = (await replyStaff({ language: 'en', message: 'hello', currency: 'eur', state }, port)).state;
  const firstReplyMs = performance.now() - t0;
  for (let round = 0; round < (opts.rounds ?? 20); round++) {
    for (const [language, message] of STAFF_MESSAGES) {
      const t = performance.now();
      state = (await replyStaff({ language, message, currency: 'eur', state }, port)).state;
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return { products: products.length, replies: times.length, firstReplyMs, p50Ms: at(50), p95Ms: at(95), maxMs: times[times.length - 1]! };
}

// `npx tsx scripts/bench/assistant.ts`: both assistants alone, without the rest of the bench.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fmt = (b: AssistantBench) =>
    `${b.replies} replies on ${b.products} products: first ${b.firstReplyMs.toFixed(1)} ms, p50 ${b.p50Ms.toFixed(2)} ms, p95 ${b.p95Ms.toFixed(2)} ms, max ${b.maxMs.toFixed(1)} ms`;
  console.log(`guest (offline): ${fmt(benchAssistant())}`);
  console.log(`staff (offline rules): ${fmt(await benchStaffAssistant())}`);
}
