/**
 * Deleting a dish (asked first) and removing one option of a dish.
 */
import { ALLERGEN_WORDS, hasWord, PREFERENCE_WORDS, tagsIn, withoutWords } from '../lexicon.ts';
import { findNamed } from '../parse.ts';
import { valuesOf } from '../values.ts';
import { type StaffRule, L, t, targetProduct, update, outsideName } from './common.ts';

/** A tag word with an allergen / preference / "from" word beside it: the dish's tags change. */
const isTagChange = (text: string) =>
  hasWord(text, L.tagContext) && (tagsIn(text, ALLERGEN_WORDS).length > 0 || tagsIn(text, PREFERENCE_WORDS).length > 0);

const withoutMinus = (text: string) => withoutWords(text, L.minus);

/** "remove the extra egg option from the shoyu ramen": that option goes, the dish stays. */
export const removeOption: StaffRule = {
  name: 'remove_option',
  guard: (pm) => hasWord(withoutMinus(pm.text), L.delete) && hasWord(pm.text, L.option),
  async handle(ctx) {
    const target = await targetProduct(ctx);
    if (!target.ok) return null;
    const x = target.product;
    const text = target.index >= 0 ? outsideName(ctx.parsed.text, target) : ctx.parsed.text;
    const option = findNamed(text, x.variations).find((m) => m.score >= 1);
    if (!option) return null;
    const before = valuesOf(x);
    return update(ctx, x, {
      variations: before.variations.filter((v) => v.id !== option.item.id),
      // A group keeps the options left; a group left empty goes with its last option.
      variationGroups: before.variationGroups
        .map((g) => ({ ...g, variationIds: g.variationIds.filter((id) => id !== option.item.id) }))
        .filter((g) => g.variationIds.length > 0),
    });
  },
};

export const deleteProduct: StaffRule = {
  name: 'delete_product',
  // Thai "ติดลบ" (minus) holds the delete word "ลบ": a negative price is no deletion.
  guard: (pm) => hasWord(withoutMinus(pm.text), L.delete) && !hasWord(pm.text, L.category),
  async handle(ctx) {
    const target = await targetProduct(ctx);
    if (!target.ok) return target.answer;
    const x = target.product;
    const text = target.index >= 0 ? outsideName(ctx.parsed.text, target) : ctx.parsed.text;
    // "remove egg from the takoyaki allergens", "Ei als Allergen entfernen": a tag change (set_tags).
    if (isTagChange(text)) return null;
    return {
      blocks: [{ type: 'confirm', text: t(ctx, 'askDelete', { name: x.name }) }],
      products: [x.id],
      state: { ...ctx.state, focus: [x.id], pendingDelete: { productId: x.id, name: x.name } },
    };
  },
};
