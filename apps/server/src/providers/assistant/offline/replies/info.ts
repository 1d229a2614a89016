/**
 * Questions about one dish: its price, contents, allergens, labels and options.
 * Part of the offline assistant's answers (replies.ts gathers them).
 */
import { formatPriceDifference, groupRule } from '@carte/domain';
import type { AssistantReply, ReplyBlock, RichText } from '../../types.ts';
import type { IndexedProduct } from '../menu-index.ts';
import { allergenName, msg, preferenceName } from '../messages.ts';
import { optionsBreakingDiet, optionsWithPreference, quoteOptions, ruleText } from '../options.ts';
import {
  type Ctx,
  price,
  reply,
  isLabelled,
  isVegan,
  isVegetarian,
  isSpicy,
  listsAllergen,
  allergenOptions,
  answeredAllergens,
  freeLabel,
  labelledFree,
} from './common.ts';

export function productInfo(ctx: Ctx, ip: IndexedProduct): ReplyBlock[] {
  const { lang, p } = ctx;
  const name = ip.p.name;
  const blocks: ReplyBlock[] = [];
  const asks = p.question || p.kw.has('contains') ? ctx.asks : [];
  const askAllergens = new Set(
    asks
      .flatMap((t) => t.tags.filter((x) => x.startsWith('alg:')).map((x) => x.slice(4)))
      .filter((a) => p.askAllergens.has(a)),
  );
  const specific =
    p.kw.has('price') || askAllergens.size > 0 || asks.length > 0 || p.diets.size > 0 || p.exclude.size > 0;
  const priceLine: RichText = [
    { text: name, strong: true },
    { text: ` — ${ip.p.priceMinor === null ? msg(lang, 'askPrice') : price(ctx, ip.p.priceMinor)}` },
  ];
  if (!ip.available) blocks.push({ type: 'paragraph', text: msg(lang, 'unavailable', { name }) });
  if (p.kw.has('price') && !askAllergens.size && !p.diets.size) {
    blocks.push({
      type: 'paragraph',
      text:
        ip.p.priceMinor === null
          ? msg(lang, 'priceUnknown', { name })
          : msg(lang, 'price', { name, price: price(ctx, ip.p.priceMinor) }),
    });
    if (ip.p.variations.length) blocks.push({ type: 'paragraph', text: variationsLine(ctx, ip.p) });
    return blocks;
  }
  if (!specific) {
    blocks.push({ type: 'paragraph', text: priceLine });
    blocks.push({
      type: 'paragraph',
      text: ip.p.description?.trim() ? ip.p.description.trim() : msg(lang, 'noDescription', { name }),
    });
    if (ip.p.variations.length) blocks.push({ type: 'paragraph', text: variationsLine(ctx, ip.p) });
  } else {
    blocks.push({ type: 'paragraph', text: priceLine });
    if (p.kw.has('whatin') && ip.p.description?.trim())
      blocks.push({ type: 'paragraph', text: ip.p.description.trim() });
  }
  // Dietary questions.
  for (const d of p.diets) {
    if (d === 'spicy' || d === 'mild') {
      if (d === 'spicy' && p.diets.has('mild')) continue;
      const spicy = isSpicy(ip, ctx.idx);
      blocks.push({ type: 'paragraph', text: msg(lang, spicy ? 'spicyYes' : 'spicyNo', { name }) });
      continue;
    }
    const ok = d === 'vegan' ? isVegan(ip) : isVegetarian(ip);
    const label = preferenceName(lang, d);
    const diet = d === 'vegan' ? 'vegan' : 'vegetarian';
    // "Pad see ew" with its "Tofu" option; a vegetarian pizza but for its "Anchovies".
    const withOptions = ok ? [] : optionsWithPreference(ip.p, diet);
    const breaking = ok ? optionsBreakingDiet(ip.p, diet) : [];
    if (withOptions.length)
      blocks.push({
        type: 'paragraph',
        text: msg(lang, 'dietWithOption', { name, diet: label, options: quoteOptions(lang, withOptions) }),
      });
    else if (ok && d === 'vegetarian' && !isLabelled(ip, 'vegetarian'))
      blocks.push({ type: 'paragraph', text: msg(lang, 'dietVeganSo', { name, diet: label }) });
    else blocks.push({ type: 'paragraph', text: msg(lang, ok ? 'dietYes' : 'dietNo', { name, diet: label }) });
    if (breaking.length)
      blocks.push({
        type: 'paragraph',
        text: msg(lang, 'dietExceptOption', { name, diet: label, options: quoteOptions(lang, breaking) }),
      });
  }
  for (const a of answeredAllergens(ip, p.exclude)) {
    if (a === 'lactose') {
      blocks.push({ type: 'paragraph', text: lactoseLine(ctx, ip) });
      continue;
    }
    const label = freeLabel(a);
    const allergen = allergenName(lang, a);
    // "Frappe" is vegan, but its "With milk" option brings dairy: the option is said, not the label.
    const bringing = allergenOptions(ip, a);
    if (label && isLabelled(ip, label) && !bringing.length)
      blocks.push({ type: 'paragraph', text: msg(lang, 'dietYes', { name, diet: preferenceName(lang, label) }) });
    else if (label && labelledFree(ip, a) && !bringing.length)
      blocks.push({ type: 'paragraph', text: msg(lang, 'dietVeganSo', { name, diet: preferenceName(lang, label) }) });
    else {
      const listed = listsAllergen(ip, a);
      const withOptions = listed ? [] : bringing;
      // "is it gluten-free?" about a dish listing gluten: a plain no.
      const no = listed && p.freeLabels.has(a) ? 'notFree' : 'containsYes';
      blocks.push({
        type: 'paragraph',
        text: withOptions.length
          ? msg(lang, 'containsWithOption', { name, what: allergen, options: quoteOptions(lang, withOptions) })
          : msg(lang, listed ? no : 'containsNo', { name, what: allergen }),
      });
      const option = listed ? ip.freeOptions.get(a) : undefined;
      if (option) blocks.push({ type: 'paragraph', text: msg(lang, 'optionNeeded', { option: option.name }) });
    }
    // A lactose-free label does not answer a dairy question.
    if (a === 'milk' && isLabelled(ip, 'lactose-free') && listsAllergen(ip, 'milk'))
      blocks.push({ type: 'paragraph', text: msg(lang, 'lactoseNotDairyFree', { name }) });
  }
  // "Does it contain nuts / cheese?"
  const asked = new Set<string>();
  for (const a of answeredAllergens(ip, askAllergens)) {
    if (a === 'lactose') {
      if (!p.exclude.has('lactose')) blocks.push({ type: 'paragraph', text: lactoseLine(ctx, ip) });
      asked.add(a);
      continue;
    }
    const listed = listsAllergen(ip, a);
    const what = allergenName(lang, a);
    // "Does the pizza contain fish?": "only with the “Anchovies” option".
    const withOptions = listed ? [] : allergenOptions(ip, a);
    blocks.push({
      type: 'paragraph',
      text: withOptions.length
        ? msg(lang, 'containsWithOption', { name, what, options: quoteOptions(lang, withOptions) })
        : msg(lang, listed ? 'containsYesAsked' : 'containsNo', { name, what }),
    });
    asked.add(a);
  }
  for (const t of asks) {
    const concepts = t.tags.filter((x) => x.startsWith('c:'));
    if (!concepts.length) continue;
    const algs = t.tags.filter((x) => x.startsWith('alg:')).map((x) => x.slice(4));
    if (algs.some((a) => listsAllergen(ip, a))) continue;
    // Answered above by the option that brings it ("only with “Anchovies”").
    if (algs.some((a) => asked.has(a) && allergenOptions(ip, a).length)) continue;
    const inText = concepts.some((c) => ip.terms.has(c)) || ip.terms.has(t.stem);
    blocks.push({ type: 'paragraph', text: msg(lang, inText ? 'mentionsYes' : 'mentionsNo', { name, what: t.raw }) });
  }
  if (specific || p.kw.has('whatin')) {
    if (ip.p.allergenes.length)
      blocks.push({
        type: 'paragraph',
        text: msg(lang, 'allergensListed', { list: ip.p.allergenes.map((a) => allergenName(lang, a)).join(', ') }),
      });
    else blocks.push({ type: 'paragraph', text: msg(lang, 'allergensNone', { name }) });
  } else if (ip.p.allergenes.length) {
    blocks.push({
      type: 'paragraph',
      text: msg(lang, 'allergensListed', { list: ip.p.allergenes.map((a) => allergenName(lang, a)).join(', ') }),
    });
  }
  if (ip.p.preferences.length && !p.diets.size) {
    blocks.push({
      type: 'paragraph',
      text: msg(lang, 'labelled', { list: ip.p.preferences.map((x) => preferenceName(lang, x)).join(', ') }),
    });
  }
  if (askAllergens.size || p.exclude.size || p.diets.size || ip.p.allergenes.length || asks.length) {
    blocks.push({ type: 'note', text: msg(lang, 'allergenNote') });
  }
  return blocks;
}

/**
 * A lactose question in lactose terms (decision 010): the menu lists dairy, not lactose, so a dish
 * listing dairy is never called lactose-free, and "dairy-free" is never the answer to it.
 */
export function lactoseLine(ctx: Ctx, ip: IndexedProduct): string {
  const { lang } = ctx;
  const name = ip.p.name;
  if (isLabelled(ip, 'lactose-free')) return msg(lang, 'dietYes', { name, diet: preferenceName(lang, 'lactose-free') });
  const bringing = allergenOptions(ip, 'milk');
  if (isLabelled(ip, 'dairy-free') && !bringing.length) return msg(lang, 'lactoseDairyFree', { name });
  if (isVegan(ip) && !bringing.length)
    return msg(lang, 'dietVeganSo', { name, diet: preferenceName(lang, 'lactose-free') });
  if (listsAllergen(ip, 'lactose')) return msg(lang, 'lactoseDairy', { name });
  if (bringing.length)
    return msg(lang, 'containsWithOption', {
      name,
      what: allergenName(lang, 'milk'),
      options: quoteOptions(lang, bringing),
    });
  return msg(lang, 'lactoseNoDairy', { name });
}

export function infoReply(ctx: Ctx, products: IndexedProduct[]): AssistantReply {
  const blocks: ReplyBlock[] = [];
  const list = products.slice(0, 4);
  list.forEach((ip, i) => {
    const b = productInfo(ctx, ip);
    // One allergen reminder at the end is enough.
    blocks.push(...b.filter((x) => x.type !== 'note' || i === list.length - 1));
  });
  if (list.length > 1 && !blocks.some((b) => b.type === 'note')) {
    if (list.some((ip) => ip.p.allergenes.length)) blocks.push({ type: 'note', text: msg(ctx.lang, 'allergenNote') });
  }
  return reply(
    'product_info',
    blocks,
    list.map((ip) => ip.p.id),
  );
}

// ---------------------------------------------------------------------------------------------
// Cart

/** "Small (-€1.50), Large (+€3.50)" in English, "Petite (-1,50 €)" in French: options with their price differences. */
export function variationsLine(ctx: Ctx, p: IndexedProduct['p']): string {
  const option = (v: IndexedProduct['p']['variations'][number]) =>
    `${v.name} (${formatPriceDifference(v.priceVariationMinor, ctx.input.menu.currency, ctx.lang)})`;
  const groups = p.variationGroups ?? [];
  const grouped = new Set(groups.flatMap((g) => g.variationIds));
  // "Size (exactly 1): Small (-€1.50), Regular (+€0.00), Large (+€3.50); Gluten-free base (+€2.00)"
  const parts = groups.map((g) => {
    const items = p.variations.filter((v) => g.variationIds.includes(v.id)).map(option);
    const rule = ruleText(ctx.lang, groupRule(g)).trim();
    return msg(ctx.lang, 'groupOptions', { group: g.name, rule, list: items.join(', ') });
  });
  const extras = p.variations.filter((v) => !grouped.has(v.id)).map(option);
  if (extras.length) parts.push(extras.join(', '));
  return msg(ctx.lang, 'variationsLine', { list: parts.join('; ') });
}
