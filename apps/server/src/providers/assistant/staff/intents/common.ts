/**
 * The staff rules' shared context and helpers: the rule shape, replies, the dish a message is about,
 * and the one update path (card, undo entry) every intent uses.
 */
import { formatPrice, toMinor, type StaffCategory, type StaffProduct } from '@carte/domain';
import { isThai, type Token } from '../../language/tokens.ts';
import {
  ALLERGEN_WORDS,
  endsWithWord,
  findAll,
  findWord,
  isAnswer,
  normalise,
  PREFERENCE_WORDS,
  STAFF_LEXICON,
  tokensOf,
  wordsOf,
} from '../lexicon.ts';
import { say, type StaffMessageKey } from '../messages.ts';
import { cleanEnds, resolveOne, type Amount, type ParsedStaffMessage } from '../parse.ts';
import {
  asRefusal,
  type Language,
  type StaffAction,
  type StaffBlock,
  type StaffInput,
  type StaffMenuPort,
  type StaffState,
  type UndoEntry,
} from '../types.ts';
import { changeCard, valuesOf } from '../values.ts';

export interface StaffContext {
  input: StaffInput;
  parsed: ParsedStaffMessage;
  state: StaffState;
  port: StaffMenuPort;
  language: Language;
  /** The whole menu (loaded once per message, on first use). */
  menu(): Promise<StaffProduct[]>;
  categories(): Promise<StaffCategory[]>;
}

export interface RuleAnswer {
  blocks: StaffBlock[];
  products?: string[];
  actions?: StaffAction[];
  /** The state after this answer (pending deletion, undo, focus); absent keeps the old one. */
  state?: StaffState;
}

export interface StaffRule {
  name: string;
  guard(parsed: ParsedStaffMessage, state: StaffState): boolean;
  handle(ctx: StaffContext): Promise<RuleAnswer | null>;
}

export const L = STAFF_LEXICON;

export const p = (text: string): StaffBlock => ({ type: 'paragraph', text });

export const t = (ctx: StaffContext, key: StaffMessageKey, values?: Record<string, string | number>) =>
  say(ctx.language, key, values);

export const money = (ctx: StaffContext, minor: number) => formatPrice(minor, ctx.input.currency, ctx.language);

export const priceOf = (ctx: StaffContext, price: number | null) =>
  price === null ? t(ctx, 'noPrice') : money(ctx, toMinor(price));

/** The words of a message that is only a yes ("yes", "oui", "sì", "ja", "ใช่", "yes please"). */
export function isYes(text: string): boolean {
  return isAnswer(text, L.yes, { list: L.yesTail, max: 2 });
}

/** A question: a question mark, a question word first, or a Thai one anywhere (Thai puts them after the subject: "เมนูไหนหมดบ้าง"). */
export const isQuestion = (pm: ParsedStaffMessage) =>
  pm.text.includes('?') ||
  findWord(pm.text, L.question)?.index === 0 ||
  findAll(pm.text, L.question).some((at) => isThai(at.word));

/** Drops the words that close a command ("... umbenennen", "... bitte", "please") from the end of `s`. */
export function dropClosing(s: string): string {
  let out = cleanEnds(s);
  for (let at = endsWithWord(out, L.closing); at; at = endsWithWord(out, L.closing)) out = cleanEnds(out.slice(0, at.index));
  return out;
}

/** Runs one service call; a refusal (validation, not found, no edits) is the form's message, nothing changed. */
export async function attempt<T>(
  ctx: StaffContext,
  fn: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; answer: RuleAnswer }> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    const detail = refusal.issues?.length
      ? `${refusal.message} ${refusal.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`
      : refusal.message;
    return { ok: false, answer: { blocks: [p(t(ctx, 'refused', { message: detail }))] } };
  }
}

/** The one dish a message is about: named in it, else the one last talked about ("it", "that one"). */
export async function targetProduct(
  ctx: StaffContext,
  text = ctx.parsed.text,
): Promise<{ ok: true; product: StaffProduct; index: number; end: number } | { ok: false; answer: RuleAnswer }> {
  const menu = await ctx.menu();
  const found = resolveOne(text, menu);
  if (found.kind === 'one')
    return { ok: true, product: found.match.item, index: found.match.index, end: found.match.end };
  if (found.kind === 'ambiguous') {
    return {
      ok: false,
      answer: {
        blocks: [p(t(ctx, 'ambiguous', { names: found.matches.map((m) => m.item.name).join(', ') }))],
        products: found.matches.map((m) => m.item.id),
        state: { ...ctx.state, focus: found.matches.map((m) => m.item.id) },
      },
    };
  }
  const focus = ctx.state.focus?.length === 1 ? menu.find((x) => x.id === ctx.state.focus![0]) : undefined;
  // "it" is the dish last talked about; "the risotto" (a name this menu lacks) is not.
  if (focus && !(await namesAnotherDish(ctx, text))) return { ok: true, product: focus, index: -1, end: -1 };
  return { ok: false, answer: { blocks: [p(t(ctx, 'whichDish'))] } };
}

/** Single words the staff chat reads as commands, tags or fillers: not a dish's name. */
let knownWords: Set<string> | undefined;

const FILLERS = [
  'is',
  'are',
  'was',
  'now',
  'today',
  'tonight',
  'again',
  'also',
  'price',
  'dish',
  'same',
  'one',
  'last',
];

/** Whether the staff chat knows this word (the stem of any word of its lists, or a filler). */
function isKnownWord(word: Token): boolean {
  knownWords ??= new Set(
    [...Object.values(STAFF_LEXICON), ...Object.values(ALLERGEN_WORDS), ...Object.values(PREFERENCE_WORDS)]
      .flatMap((list) => wordsOf(list))
      .concat(FILLERS)
      .flatMap((w) => tokensOf(w).map((t) => t.stem)),
  );
  return knownWords.has(word.stem);
}

/**
 * Whether the text names a dish by a definite article and a word the staff chat does not know ("the
 * risotto", "le cassoulet", "den Schweinebraten"): then the dish last talked about is not meant.
 */
async function namesAnotherDish(ctx: StaffContext, text: string): Promise<boolean> {
  const categories = new Set((await ctx.categories()).flatMap((c) => tokensOf(normalise(c.name)).map((t) => t.stem)));
  const tokens = tokensOf(text);
  for (const article of findAll(text, L.definite)) {
    const next = tokens.find((t) => t.offset >= article.end);
    if (!next || next.stop || next.thai || next.fold.length < 3 || !/^\p{L}+$/u.test(next.raw)) continue;
    if (!isKnownWord(next) && !categories.has(next.stem)) return true;
  }
  return false;
}

export function changed(
  ctx: StaffContext,
  title: StaffMessageKey,
  before: StaffProduct | null,
  after: StaffProduct,
  undo: UndoEntry,
): RuleAnswer {
  return {
    blocks: [changeCard(t(ctx, title), before, after, ctx.input.currency, ctx.language)],
    products: [after.id],
    actions: [{ type: 'menu_changed', productId: after.id }],
    state: { focus: [after.id], undo },
  };
}

/** Updates one product with `patch`, answering the card (or the form's message). */
export async function update(
  ctx: StaffContext,
  product: StaffProduct,
  patch: Record<string, unknown>,
): Promise<RuleAnswer> {
  const result = await attempt(ctx, () => ctx.port.updateProduct({ id: product.id, ...patch }));
  if (!result.ok) return { ...result.answer, state: { ...ctx.state, focus: [product.id] } };
  return changed(ctx, 'productUpdated', product, result.value, {
    kind: 'updated',
    products: [{ productId: product.id, before: valuesOf(product) }],
  });
}

export const firstMoney = (pm: ParsedStaffMessage): Amount | undefined => pm.amounts.find((a) => a.kind !== 'percent');

/** The text without the dish's name (tag words inside a name like "Spicy wings" are not said of it). */
export const outsideName = (text: string, at: { index: number; end: number }) =>
  text.slice(0, at.index) + ' ' + text.slice(at.end);

/** The state without any change waiting for an answer. */
export function withoutPending(state: StaffState): StaffState {
  const { pendingDelete: _d, pendingPrices: _p, pendingCreate: _c, ...rest } = state;
  return rest;
}
