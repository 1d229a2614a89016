/**
 * Renaming a dish and changing its description.
 */
import { findAll, findWord, hasWord } from '../lexicon.ts';
import { cleanEnds, displayName, rawSpan, resolveOne, stripArticles } from '../parse.ts';
import { type StaffRule, L, dropClosing, targetProduct, update } from './common.ts';

export const renameProduct: StaffRule = {
  name: 'rename_product',
  guard: (pm) => hasWord(pm.text, L.rename),
  async handle(ctx) {
    const pm = ctx.parsed;
    const verb = findWord(pm.text, L.rename)!;
    let rest = pm.text.slice(verb.end);
    // German verb-final order: "Gyoza in Pork Gyoza umbenennen" (the names are before the verb).
    if (!dropClosing(rest)) rest = pm.text.slice(0, verb.index);
    // The new name is after the last "to" / "en" / "in" / "zu" / "เป็น"; the old one before it.
    const cut = findAll(rest, L.renameTo).at(-1);
    if (!cut) return null;
    const oldText = rest.slice(0, cut.index);
    const newName =
      pm.quoted.length >= 2 ? pm.quoted[1]! : displayName(rawSpan(pm.raw, stripArticles(dropClosing(rest.slice(cut.end)))));
    const target = await targetProduct(ctx, oldText);
    if (!target.ok) return target.answer;
    if (!newName) return null;
    return update(ctx, target.product, { name: newName });
  },
};

export const describeProduct: StaffRule = {
  name: 'describe_product',
  guard: (pm) => hasWord(pm.text, L.describe),
  async handle(ctx) {
    const pm = ctx.parsed;
    const verb = findWord(pm.text, L.describe)!;
    const rest = pm.text.slice(verb.end);
    // The text starts at the first "as" / "to" / ":" after the dish's name ("change the description
    // of Tsukemen to: Dipping noodles with a rich broth": "with" inside the text is text).
    const menu = await ctx.menu();
    const marks = findAll(rest, L.describeAs);
    const as =
      marks.find((m) => resolveOne(rest.slice(0, m.index), menu).kind === 'one') ??
      (marks[0] && !cleanEnds(rest.slice(0, marks[0].index)) ? marks[0] : undefined) ??
      marks.find((m) => m.word === ':') ??
      marks[0];
    const target = await targetProduct(ctx, as ? rest.slice(0, as.index) : pm.text.slice(0, verb.index));
    if (!target.ok) return target.answer;
    let body = as ? rest.slice(as.end) : rest;
    if (!as && target.index >= 0) body = rest.replace(normalizeName(target.product.name), '');
    const description = cleanEnds(rawSpan(pm.raw, dropClosing(body)));
    if (!description) return null;
    return update(ctx, target.product, { description });
  },
};

const normalizeName = (n: string) => n.normalize('NFC').toLowerCase();
