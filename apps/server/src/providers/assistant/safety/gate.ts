/**
 * The safety gate (issue 17 item 1): the last check every guest reply passes, whichever rule or model
 * wrote it. With the conversation's allergies and diets (constraints.ts):
 * - no product listed or recommended is unsafe (checkProductSafety of the domain; a dish whose
 *   required choice has no safe option counts as unsafe);
 * - no add to the cart is unsafe, chosen options included: it is refused with the reason and safe
 *   alternatives (safe options of the same dish, else safe dishes of the same part of the menu);
 * - the reply's text about a dish it left out goes with it;
 * - a dish without allergen data is never called safe: the reply says to ask the staff.
 * Without any constraint the reply passes unchanged.
 */
import {
  checkProductSafety,
  isEmptyAllergyProfile,
  optionSafetyReasons,
  type AllergyProfile,
  type SafetyReason,
} from '@carte/domain';
import type { Lang } from '../language/tokens.ts';
import { replyLanguage } from '../offline/reply-language.ts';
import type { AssistantAction, AssistantInput, AssistantReply, MenuProduct, ReplyBlock, RichText } from '../types.ts';
import { conversationProfile } from './constraints.ts';
import { ALLERGEN_NAMES, DIET_NAMES, joinAnd, say } from './messages.ts';

const MAX_ALTERNATIVES = 5;

type Verdict = 'safe' | 'unsafe' | 'unknown';

export interface GateOutcome {
  reply: AssistantReply;
  profile: AllergyProfile;
  /** Products taken out of the list and adds refused (for logs and the generator). */
  removed: string[];
  refused: string[];
}

function options(p: MenuProduct, ids: readonly string[]) {
  return p.variations
    .filter((v) => ids.includes(v.id))
    .map((v) => ({ id: v.id, name: v.name, allergenes: v.allergenes ?? [], preferences: v.preferences ?? [] }));
}

/** The required groups of a dish in which no option is safe for the profile. */
function blockedGroups(p: MenuProduct, profile: AllergyProfile): string[] {
  return (p.variationGroups ?? [])
    .filter((g) => g.min > 0)
    .filter((g) => g.variationIds.every((id) => optionSafetyReasons(options(p, [id])[0] ?? {}, profile).length > 0))
    .map((g) => g.name);
}

/** A dish as listed (no option chosen yet): safe, unsafe with reasons, or unknown (no allergen data). */
export function dishVerdict(p: MenuProduct, profile: AllergyProfile): { verdict: Verdict; reasons: SafetyReason[] } {
  const safety = checkProductSafety(p, [], profile);
  if (safety.verdict === 'unsafe') return { verdict: 'unsafe', reasons: safety.reasons };
  if (blockedGroups(p, profile).length) {
    const group = (p.variationGroups ?? []).find((g) => blockedGroups(p, profile).includes(g.name))!;
    const reasons = group.variationIds.flatMap((id) => optionSafetyReasons(options(p, [id])[0] ?? {}, profile));
    return { verdict: 'unsafe', reasons };
  }
  return { verdict: safety.verdict, reasons: [] };
}

/** A dish with the options of an add. */
export function addVerdict(
  p: MenuProduct,
  variationIds: readonly string[],
  profile: AllergyProfile,
): { verdict: Verdict; reasons: SafetyReason[] } {
  const safety = checkProductSafety(p, options(p, variationIds), profile);
  if (safety.verdict === 'unsafe') return { verdict: 'unsafe', reasons: safety.reasons };
  return { verdict: safety.verdict, reasons: [] };
}

function reasonText(lang: Lang, reasons: SafetyReason[]): string {
  const parts = reasons.map((r) => {
    if (r.kind === 'diet-not-marked') return say(lang, 'reasonDiet', { diet: DIET_NAMES[lang][r.diet] });
    const allergen = ALLERGEN_NAMES[lang][r.allergen];
    if (r.kind === 'diet-broken') return say(lang, 'reasonDietBroken', { allergen, diet: DIET_NAMES[lang][r.diet] });
    if (r.option) return say(lang, 'reasonOption', { option: r.option.name ?? '', allergen });
    return say(lang, 'reasonAllergen', { allergen });
  });
  return joinAnd(lang, [...new Set(parts)]);
}

function constraintText(lang: Lang, profile: AllergyProfile): string {
  // "without sesame and gluten, vegan": an allergen alone would read as wanted ("These suit (sesame)").
  const allergens = profile.allergens.map((a) => ALLERGEN_NAMES[lang][a]);
  return [
    ...(allergens.length ? [say(lang, 'without', { list: joinAnd(lang, allergens) })] : []),
    ...profile.diets.map((d) => DIET_NAMES[lang][d]),
  ].join(', ');
}

function plain(text: RichText): string {
  return typeof text === 'string' ? text : text.map((r) => r.text).join('');
}

function mentionsAny(text: RichText, names: string[]): boolean {
  const t = plain(text).toLowerCase();
  return names.some((n) => n.length >= 3 && t.includes(n.toLowerCase()));
}

/** The reply's blocks without what speaks of a dish left out (a list's header goes with its last item). */
function withoutMentions(blocks: ReplyBlock[], names: string[]): ReplyBlock[] {
  if (!names.length) return blocks;
  const out: ReplyBlock[] = [];
  for (const b of blocks) {
    if (b.type === 'list') {
      const items = b.items.filter((i) => !mentionsAny(i, names));
      if (items.length) out.push({ type: 'list', items });
      else if (b.items.length && out.length && out[out.length - 1]!.type === 'paragraph') out.pop();
    } else if (!mentionsAny(b.text, names)) out.push(b);
  }
  return out;
}

/** Runs the gate over one reply. */
export function gate(input: AssistantInput, reply: AssistantReply): GateOutcome {
  // A reply about one dish answers the guest's question about it ("is the pad thai vegan?" "No: ..."):
  // only what the guest said of themselves takes its card away, and its explanation stays.
  const about = reply.intent === 'product_info';
  const profile = conversationProfile(input, { lastingOnly: about });
  if (isEmptyAllergyProfile(profile)) return { reply, profile, removed: [], refused: [] };
  const lang = replyLanguage(input.message, input.language) as Lang;
  const byId = new Map(input.menu.products.map((p) => [p.id, p]));
  const removed: MenuProduct[] = [];
  const unknown: MenuProduct[] = [];
  const notes: ReplyBlock[] = [];

  const products = reply.products.filter((id) => {
    const p = byId.get(id);
    if (!p) return true;
    const v = dishVerdict(p, profile);
    if (v.verdict === 'unsafe') removed.push(p);
    if (v.verdict === 'unknown') unknown.push(p);
    return v.verdict !== 'unsafe';
  });

  const refused: MenuProduct[] = [];
  const actions: AssistantAction[] = [];
  for (const a of reply.actions) {
    const p = a.type === 'add_to_cart' ? byId.get(a.productId) : undefined;
    if (a.type !== 'add_to_cart' || !p) {
      actions.push(a);
      continue;
    }
    const v = addVerdict(p, a.variationIds, profile);
    if (v.verdict === 'unknown' && !unknown.includes(p)) unknown.push(p);
    if (v.verdict !== 'unsafe') {
      actions.push(a);
      continue;
    }
    refused.push(p);
    notes.push({
      type: 'paragraph',
      text: say(lang, 'notAdded', { name: p.name, reasons: reasonText(lang, v.reasons) }),
    });
    // The same dish with other options, when that is what broke it.
    if (dishVerdict(p, profile).verdict !== 'unsafe') {
      const safe = p.variations.filter((o) => optionSafetyReasons(options(p, [o.id])[0]!, profile).length === 0);
      const chosenGroups = (p.variationGroups ?? []).filter((g) =>
        g.variationIds.some((id) => a.variationIds.includes(id)),
      );
      const inGroups = safe.filter((o) => chosenGroups.some((g) => g.variationIds.includes(o.id)));
      if (inGroups.length)
        notes.push({
          type: 'paragraph',
          text: say(lang, 'safeOptions', {
            options: joinAnd(
              lang,
              inGroups.map((o) => `“${o.name}”`),
            ),
          }),
        });
    }
  }

  const gone = [...removed, ...refused];
  if (!gone.length && !unknown.length) return { reply, profile, removed: [], refused: [] };
  const goneNames = gone.map((p) => p.name);
  let blocks = about ? reply.blocks : withoutMentions(reply.blocks, goneNames);
  if (removed.length && !refused.length) {
    const head =
      removed.length <= 2
        ? removed.map((p) =>
            say(lang, 'notSuitable', { name: p.name, reasons: reasonText(lang, dishVerdict(p, profile).reasons) }),
          )
        : [say(lang, 'leftOut', { constraints: constraintText(lang, profile) })];
    notes.unshift(...head.map((text): ReplyBlock => ({ type: 'paragraph', text })));
  }
  const shown = [...products];
  const addsLeft = actions.some((a) => a.type === 'add_to_cart');
  if (gone.length && !shown.length && !addsLeft) {
    // Safe dishes of the same part of the menu, recommended ones first; the first few found are enough.
    const categories = new Set(gone.flatMap((p) => p.categories.map((c) => c.id)));
    const firstSafe = (list: MenuProduct[]) => {
      const out: MenuProduct[] = [];
      for (const p of [...list].sort((a, b) => Number(b.recommended) - Number(a.recommended))) {
        if (out.length >= MAX_ALTERNATIVES) break;
        if (p.status === 'available' && !gone.includes(p) && dishVerdict(p, profile).verdict === 'safe') out.push(p);
      }
      return out;
    };
    const near = firstSafe(input.menu.products.filter((p) => p.categories.some((c) => categories.has(c.id))));
    const picks = near.length ? near : firstSafe(input.menu.products);
    if (picks.length) {
      notes.push({
        type: 'paragraph',
        text: say(lang, 'alternatives', { constraints: constraintText(lang, profile) }),
      });
      notes.push({ type: 'list', items: picks.map((p) => p.name) });
      shown.push(...picks.map((p) => p.id));
      // What was said about the dishes left out (a "here is what I found" with nothing under it) goes.
      if (!about) blocks = blocks.filter((b) => b.type === 'note');
    } else {
      notes.push({
        type: 'paragraph',
        text: say(lang, 'noAlternatives', { constraints: constraintText(lang, profile) }),
      });
      if (!about) blocks = blocks.filter((b) => b.type === 'note');
    }
  }
  // An add kept beside a refused one: its confirmation went with the sentence that named both.
  const unsaid = actions.flatMap((a) => {
    const p = a.type === 'add_to_cart' ? byId.get(a.productId) : undefined;
    return p &&
      !blocks.some((b) =>
        b.type === 'list' ? b.items.some((i) => mentionsAny(i, [p.name])) : mentionsAny(b.text, [p.name]),
      )
      ? [`${a.type === 'add_to_cart' ? a.quantity : 1} × ${p.name}`]
      : [];
  });
  if (refused.length && unsaid.length)
    notes.push({ type: 'paragraph', text: say(lang, 'added', { items: joinAnd(lang, unsaid) }) });
  if (unknown.length) {
    notes.push({
      type: 'note',
      text: say(lang, 'unknownData', {
        names: joinAnd(
          lang,
          unknown.map((p) => p.name),
        ),
      }),
    });
  }
  const out: AssistantReply = { ...reply, blocks: [...notes, ...blocks], products: shown, actions };
  return { reply: out, profile, removed: removed.map((p) => p.id), refused: refused.map((p) => p.id) };
}

/** The gated reply. */
export function gateReply(input: AssistantInput, reply: AssistantReply): AssistantReply {
  return gate(input, reply).reply;
}
