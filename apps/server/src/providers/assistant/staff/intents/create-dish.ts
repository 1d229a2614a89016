/**
 * Creating a dish: reading "add a vegan burger at 12.50 with fries as a +2 option, in mains ...".
 */
import type { StaffCategory } from '@carte/domain';
import {
  allergensIn,
  endsWithWord,
  findAll,
  findWord,
  hasWord,
  normalise,
  PREFERENCE_WORDS,
  tagsIn,
  withoutWords,
} from '../lexicon.ts';
import {
  after,
  cleanEnds,
  displayName,
  findCategory,
  parseAmounts,
  rawSpan,
  resolveOne,
  stripArticles,
  type Amount,
  type ParsedStaffMessage,
} from '../parse.ts';
import type { PendingDish, StaffBlock } from '../types.ts';
import {
  type StaffContext,
  type RuleAnswer,
  type StaffRule,
  L,
  p,
  t,
  attempt,
  changed,
  withoutPending,
} from './common.ts';
import { isPlausible } from './price.ts';

/** What follows the add verb: the new dish's name, price, options, category, description, tags. */
export type NewDish = PendingDish;

/** Reads "add a vegan burger at 12.50 with fries as a +2 option, in mains, contains gluten, described as ...". */
export function readNewDish(pm: ParsedStaffMessage): NewDish | null {
  const add = findWord(pm.text, L.add);
  if (!add) return null;
  let text = pm.text.slice(add.end);
  // German "füge ... hinzu": the particle closes the sentence.
  text = text.replace(/\s+hinzu\s*[.!]?\s*$/u, '');
  let description: string | null = null;
  const desc = after(text, L.describe);
  if (desc) {
    const as = findWord(desc.rest, L.describeAs);
    const body = as && as.index <= 2 ? desc.rest.slice(as.end) : desc.rest;
    description = cleanEnds(rawSpan(pm.raw, cleanEnds(body)));
    text = text.slice(0, desc.index);
  }
  // Clauses: split on commas, semicolons and the "with" words.
  const parts = text.split(/(?<!\d),|,(?!\d)|;| and (?=in |contains|allerg)/u);
  let head = parts.shift() ?? '';
  const clauses = parts.map((s) => s.trim()).filter(Boolean);
  const withWord = findWord(head, L.with);
  if (withWord) {
    clauses.unshift(head.slice(withWord.end).trim());
    head = head.slice(0, withWord.index);
  }
  // The price: the first unsigned amount of the head, after "at", "for", "à", "für", "ราคา" or alone.
  let price: number | null = null;
  const amounts = pmAmounts(head);
  // "add X at minus 5": a negative price is still the price (the service refuses it, nothing made).
  const main =
    amounts.find((a) => !a.signed && a.kind !== 'percent') ??
    amounts.find((a) => a.value < 0 && a.kind !== 'percent' && !hasWord(head.slice(a.end), L.option));
  let nameText = head;
  if (main) {
    price = main.kind === 'cents' ? main.value / 100 : main.value;
    nameText = head.slice(0, main.index);
    const tail = cleanEnds(head.slice(main.end));
    if (tail) clauses.unshift(tail);
    const at = endsWithWord(nameText, L.priceAt);
    if (at && at.index > 0) nameText = nameText.slice(0, at.index);
  }
  if (price === null) {
    // "new item: Birria Taco, $5.75, in Tacos": the price as a clause of its own.
    const at = clauses.findIndex((c) => {
      const a = pmAmounts(c);
      return (
        a.length === 1 &&
        !a[0]!.signed &&
        a[0]!.kind !== 'percent' &&
        !hasWord(c, L.option) &&
        cleanEnds(c.slice(0, a[0]!.index)).split(' ').filter(Boolean).length <= 2
      );
    });
    if (at >= 0) {
      const a = pmAmounts(clauses[at]!)[0]!;
      price = a.kind === 'cents' ? a.value / 100 : a.value;
      clauses.splice(at, 1);
    }
  }
  let category: string | null = null;
  const options: NewDish['options'] = [];
  const allergenes = new Set<string>();
  const preferences = new Set<string>(tagsIn(nameText, PREFERENCE_WORDS));
  // "fries as a +2 option in desserts": what follows an option's amount may be the category.
  for (let i = 0; i < clauses.length; i++) {
    const c = clauses[i]!;
    const a = pmAmounts(c)[0];
    if (!a) continue;
    const tail = c.slice(a.end);
    const inCat = findWord(tail, L.inCategory);
    if (inCat && tail.slice(inCat.end).trim()) {
      clauses.splice(i, 1, c.slice(0, a.end + inCat.index), tail.slice(inCat.index).trim());
      i++;
    }
  }
  // "with options extra egg +2 and extra chashu +4": two options, when each part has its amount.
  for (let i = 0; i < clauses.length; i++) {
    const pieces = splitOnAnd(clauses[i]!);
    if (pieces.length > 1 && pieces.every((x) => pmAmounts(x).length === 1)) {
      clauses.splice(i, 1, ...pieces);
      i += pieces.length - 1;
    }
  }
  let listingAllergens = false;
  for (const clause of clauses) {
    const amount = pmAmounts(clause)[0];
    const contains = findWord(clause, L.contains);
    if (contains) {
      // Thai writes the allergen against the word ("มีนม"): what follows the word is read on its own too.
      for (const a of [...allergensIn(clause), ...allergensIn(clause.slice(contains.end))]) allergenes.add(a);
      listingAllergens = true;
      continue;
    }
    // "contains seafood, gluten and egg": the list goes on after the comma.
    if (listingAllergens && !amount && allergensIn(clause).length) {
      for (const a of allergensIn(clause)) allergenes.add(a);
      continue;
    }
    listingAllergens = false;
    if (amount && (amount.signed || hasWord(clause, L.option))) {
      // "with options ...": the with word opens the list; "extra egg" keeps its "extra".
      let words = cleanEnds(clause.slice(0, amount.index) + ' ' + clause.slice(amount.end));
      const opening = findWord(words, L.with);
      if (opening?.index === 0) words = words.slice(opening.end);
      words = words.replace(/(?<![\p{L}])extra(?= \p{L})/gu, '\ue000');
      words = withoutWords(withoutWords(words, L.option), L.optionFiller).replace(/\ue000/gu, 'extra');
      const optionName = stripArticles(cleanEnds(words.replace(/\s+/g, ' ')));
      if (optionName)
        options.push({
          name: displayName(rawSpan(pm.raw, optionName)),
          price: amount.kind === 'cents' ? amount.value / 100 : amount.value,
        });
      continue;
    }
    const catWord = findWord(clause, L.category);
    if (catWord && catWord.index === 0 && !amount) {
      // "Kategorie Ramen", "catégorie Desserts": the category named after the word alone.
      const cat = stripArticles(cleanEnds(clause.slice(catWord.end)));
      if (cat) {
        category = displayName(rawSpan(pm.raw, cat));
        continue;
      }
    }
    const inCat = findWord(clause, L.inCategory);
    if (inCat && inCat.index <= 1) {
      let cat = clause.slice(inCat.end);
      const catWord = findWord(cat, L.category);
      if (catWord) cat = cat.slice(0, catWord.index) + cat.slice(catWord.end);
      category = displayName(rawSpan(pm.raw, stripArticles(cleanEnds(cat))));
      continue;
    }
    const tags = tagsIn(clause, PREFERENCE_WORDS);
    tags.forEach((x) => preferences.add(x));
  }
  const name = stripArticles(cleanEnds(nameText));
  if (!name) return null;
  return {
    name: displayName(rawSpan(pm.raw, name)),
    price,
    description,
    category,
    options,
    allergenes: [...allergenes],
    preferences: [...preferences],
  };
}

/** "a +2 and b +4" -> ["a +2", "b +4"] (the "and" words of every language). */
function splitOnAnd(clause: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const and of findAll(clause, L.and)) {
    parts.push(clause.slice(from, and.index));
    from = and.end;
  }
  parts.push(clause.slice(from));
  return parts.map((x) => x.trim()).filter(Boolean);
}

/** Amounts re-read on a part of the normalised text (indexes relative to the part). */
const pmAmounts = (text: string): Amount[] => parseAmounts(text);

/**
 * A category of the menu named right after an "in" or "category" word ("in Drinks", "ในหมวด Drinks",
 * "dans la catégorie Desserts", "Kategorie Ramen"): its name and where the word starts.
 */
function categorySaid(text: string, cats: readonly StaffCategory[]): { category: string; index: number } | null {
  const found: { category: string; index: number }[] = [];
  const onlyFiller = (between: string) =>
    !cleanEnds([L.articles, L.inCategory, L.category].reduce(withoutWords, between).replace(/[\s:,]+/gu, ' '));
  for (const list of [L.inCategory, L.category]) {
    for (const m of findAll(text, list)) {
      const following = text.slice(m.end);
      const cat = findCategory(following, cats);
      if (!cat) continue;
      if (onlyFiller(following.slice(0, cat.index))) found.push({ category: cat.item.name, index: m.index });
    }
  }
  return found.sort((a, b) => a.index - b.index)[0] ?? null;
}

export const createProduct: StaffRule = {
  name: 'create_product',
  guard: (pm) => {
    const add = findWord(pm.text, L.add);
    return add !== null && add.index <= 12;
  },
  async handle(ctx) {
    const dish = readNewDish(ctx.parsed);
    if (!dish) return { blocks: [p(t(ctx, 'needName'))] };
    // "add fries as a +2 option to the burger" is an option for a dish that exists, not a new dish.
    if (dish.price === null) {
      // "add nuts to the carbonara's allergens": a change to a dish that exists (a later rule).
      if (resolveOne(ctx.parsed.text, await ctx.menu()).kind === 'one') return null;
      return { blocks: [p(t(ctx, 'needPrice', { name: dish.name }))] };
    }
    if (!dish.category) {
      // "add Takoyaki to small plates": the category said inside the name, when it is one of the menu's.
      const cats = await ctx.categories();
      const inName = categorySaid(normalise(dish.name), cats);
      if (inName && inName.index > 0) {
        dish.category = inName.category;
        dish.name = cleanEnds(dish.name.slice(0, inName.index));
      } else {
        // "... ราคา 5.5 ในหมวด Drinks มีนม": a menu category after "in" / "category" anywhere else.
        let rest = ctx.parsed.text.replace(normalise(dish.name), ' ');
        if (dish.description) rest = rest.replace(normalise(dish.description), ' ');
        const said = categorySaid(rest, cats);
        if (said) dish.category = said.category;
      }
    }
    return createDish(ctx, dish);
  },
};

/** Creates a new dish through the service (the offline rule and the model's tool). */
export async function createDish(ctx: StaffContext, dish: NewDish): Promise<RuleAnswer> {
  // Guests only see dishes in a category: the one named when the menu has it, else the owner is asked.
  const cats = await ctx.categories();
  const cat = dish.category ? findCategory(dish.category, cats) : null;
  // A price the form refuses is refused first (its message, nothing made), before any question.
  if (!cat && (dish.price === null || isPlausible(dish.price))) {
    if (!cats.length) return { blocks: [p(t(ctx, 'noCategories'))], state: withoutPending(ctx.state) };
    const blocks: StaffBlock[] = [];
    if (dish.category) blocks.push(p(t(ctx, 'unknownCategory', { category: dish.category })));
    // A question, not a yes/no: the answer is a category's name.
    blocks.push(p(t(ctx, 'askCategory', { name: dish.name, categories: cats.map((c) => c.name).join(', ') })));
    return { blocks, state: { ...withoutPending(ctx.state), pendingCreate: { ...dish, category: null } } };
  }
  const categories = cat ? [cat.item.id] : [];
  const variations = dish.options.map((o, i) => ({
    id: `new-${i}`,
    name: o.name,
    price_variation: o.price,
    preferences: [],
    allergenes: [],
  }));
  const r = await attempt(ctx, () =>
    ctx.port.createProduct({
      name: dish.name,
      price: dish.price,
      ...(dish.description ? { description: dish.description } : {}),
      categories,
      variations,
      allergenes: dish.allergenes,
      preferences: dish.preferences,
    }),
  );
  if (!r.ok) return r.answer;
  return changed(ctx, 'productCreated', null, r.value, { kind: 'created', productId: r.value.id, name: r.value.name });
}
