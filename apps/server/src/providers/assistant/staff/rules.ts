/**
 * The staff assistant's rules, tried in the order of `STAFF_RULES` (the first whose guard holds and
 * whose handler answers wins; a handler may answer null to let the next rule try). Each rule has a
 * name, a guard that reads the parsed message and the conversation state, and a handler. To teach
 * it a new phrasing, add the words to lexicon.ts; to teach it a new command, add a rule here.
 */
import {
  allergensMeant,
  formatPrice,
  fromMinor,
  normaliseAllergens,
  toMinor,
  type AllergenId,
  type StaffCategory,
  type StaffProduct,
} from '@carte/domain';
import {
  ALLERGEN_WORDS,
  allergensIn,
  findWord,
  hasWord,
  normalise,
  PREFERENCE_WORDS,
  STAFF_LEXICON,
  tagsIn,
  wordPattern,
  wordPatternAll,
  wordsOf,
  type WordList,
} from './lexicon.ts';
import { say, STAFF_MESSAGES, tagName, type StaffMessageKey } from './messages.ts';
import {
  after,
  amountMinor,
  cleanEnds,
  displayName,
  findCategory,
  findNamed,
  parseAmounts,
  rawSpan,
  resolveOne,
  stripArticles,
  type Amount,
  type ParsedStaffMessage,
} from './parse.ts';
import {
  asRefusal,
  type Language,
  type StaffAction,
  type StaffBlock,
  type StaffInput,
  type StaffMenuPort,
  type PendingPrices,
  type StaffState,
  type UndoEntry,
} from './types.ts';
import { changeCard, valuesOf } from './values.ts';

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

const L = STAFF_LEXICON;
const p = (text: string): StaffBlock => ({ type: 'paragraph', text });
const t = (ctx: StaffContext, key: StaffMessageKey, values?: Record<string, string | number>) =>
  say(ctx.language, key, values);
const money = (ctx: StaffContext, minor: number) => formatPrice(minor, ctx.input.currency, ctx.language);
const priceOf = (ctx: StaffContext, price: number | null) =>
  price === null ? t(ctx, 'noPrice') : money(ctx, toMinor(price));

/** The words of a message that is only a yes ("yes", "oui", "sì", "ja", "ใช่", "yes please"). */
export function isYes(text: string): boolean {
  const bare = text
    .replace(/[.!,]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const yes = wordsOf(L.yes);
  if (yes.includes(bare)) return true;
  const [first, ...rest] = bare.split(' ');
  return yes.includes(first!) && rest.length <= 2 && rest.every((w) => wordsOf(L.yesTail).includes(w));
}

/** Thai puts its question words after the subject ("เมนูไหนหมดบ้าง"): they count anywhere. */
const THAI_QUESTION = L.question.th.map((w) => normalise(w));
const isQuestion = (pm: ParsedStaffMessage) =>
  pm.text.includes('?') || findWord(pm.text, L.question)?.index === 0 || THAI_QUESTION.some((w) => pm.text.includes(w));

/** Drops the words that close a command ("... umbenennen", "... bitte", "please") from the end of `s`. */
export function dropClosing(s: string): string {
  let out = cleanEnds(s);
  for (let again = true; again;) {
    again = false;
    for (const w of wordsOf(L.closing)) {
      if (out === w) return '';
      if (out.endsWith(` ${w}`)) {
        out = cleanEnds(out.slice(0, -w.length - 1));
        again = true;
      }
    }
  }
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
async function targetProduct(
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
function isKnownWord(word: string): boolean {
  knownWords ??= new Set(
    [...Object.values(STAFF_LEXICON), ...Object.values(ALLERGEN_WORDS), ...Object.values(PREFERENCE_WORDS)]
      .flatMap((list) => wordsOf(list))
      .flatMap((w) => w.split(/\s+/u))
      .concat(FILLERS),
  );
  return knownWords.has(word);
}

/**
 * Whether the text names a dish by an article and a word the staff chat does not know ("the risotto",
 * "le cassoulet", "den Schweinebraten"): then the dish last talked about is not meant.
 */
async function namesAnotherDish(ctx: StaffContext, text: string): Promise<boolean> {
  const categories = (await ctx.categories()).flatMap((c) => normalise(c.name).split(/\s+/u));
  const articles = /(?<![\p{L}])(?:the|le|la|les|l'|il|lo|gli|der|die|das|den|dem)\s*(\p{L}{3,})/gu;
  for (const m of text.matchAll(articles)) {
    const word = m[1]!;
    if (!isKnownWord(word) && !categories.includes(word)) return true;
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

const firstMoney = (pm: ParsedStaffMessage): Amount | undefined => pm.amounts.find((a) => a.kind !== 'percent');

// ---------------------------------------------------------------------------------------------

const confirmDelete: StaffRule = {
  name: 'confirm_delete',
  guard: (pm, s) => s.pendingDelete !== undefined && isYes(pm.text),
  async handle(ctx) {
    const pending = ctx.state.pendingDelete!;
    const menu = await ctx.menu();
    const product = menu.find((x) => x.id === pending.productId);
    if (!product) return { blocks: [p(t(ctx, 'notFound', { name: pending.name }))], state: {} };
    const result = await attempt(ctx, () => ctx.port.deleteProduct(product.id));
    if (!result.ok) return { ...result.answer, state: {} };
    return {
      blocks: [
        { type: 'card', title: t(ctx, 'productDeleted'), name: product.name, rows: [] },
        p(t(ctx, 'deleted', { name: product.name })),
      ],
      actions: [{ type: 'menu_changed', productId: product.id }],
      state: { undo: { kind: 'deleted', name: product.name, before: valuesOf(product) } },
    };
  },
};

/** The state without any change waiting for an answer. */
export function withoutPending(state: StaffState): StaffState {
  const { pendingDelete: _d, pendingPrices: _p, pendingCreate: _c, ...rest } = state;
  return rest;
}

/** "yes" to a list of prices the assistant showed: written at once, unless a dish changed meanwhile. */
const confirmPrices: StaffRule = {
  name: 'confirm_prices',
  guard: (pm, s) => s.pendingPrices !== undefined && isYes(pm.text),
  async handle(ctx) {
    const pending = ctx.state.pendingPrices!;
    const menu = await ctx.menu();
    const now = pending.changes.map((c) => ({ c, x: menu.find((m) => m.id === c.productId) }));
    if (now.some(({ c, x }) => !x || x.price !== c.from))
      return { blocks: [p(t(ctx, 'pendingStale'))], state: { focus: ctx.state.focus } };
    return applyPrices(
      ctx,
      now.map(({ c, x }) => ({ x: x!, minor: toMinor(c.to) })),
      pending.label,
    );
  },
};

/** The answer to "which category?" for a dish waiting to be created (anything else cancels it). */
const createInCategory: StaffRule = {
  name: 'create_in_category',
  guard: (_pm, s) => s.pendingCreate !== undefined,
  async handle(ctx) {
    const pm = ctx.parsed;
    const cat = findCategory(pm.text, await ctx.categories());
    if (!cat) return null;
    // Only an answer that names the category ("Desserts", "in the mains please"), never another command.
    const rest = cleanEnds(pm.text.slice(0, cat.index) + ' ' + pm.text.slice(cat.end))
      .split(/\s+/u)
      .filter(Boolean);
    const commands = [L.raise, L.lower, L.delete, L.soldOut, L.rename, L.undo] as const;
    if (pm.amounts.length || rest.length > 4 || commands.some((list) => hasWord(pm.text, list))) return null;
    return createDish(
      { ...ctx, state: withoutPending(ctx.state) },
      { ...ctx.state.pendingCreate!, category: cat.item.name },
    );
  },
};

/** Anything but a yes cancels what was proposed (the engine then reads the message afresh). */
const cancelPending: StaffRule = {
  name: 'cancel_pending',
  guard: (_pm, s) => s.pendingDelete !== undefined || s.pendingPrices !== undefined || s.pendingCreate !== undefined,
  async handle(ctx) {
    const s = ctx.state;
    const text = s.pendingDelete
      ? t(ctx, 'deleteCancelled', { name: s.pendingDelete.name })
      : s.pendingPrices
        ? t(ctx, 'pricesCancelled')
        : t(ctx, 'createCancelled', { name: s.pendingCreate!.name });
    return { blocks: [p(text)], state: withoutPending(s) };
  },
};

const undo: StaffRule = {
  name: 'undo',
  guard: (pm) => hasWord(pm.text, L.undo) && pm.text.split(' ').length <= 5,
  async handle(ctx) {
    const entry = ctx.state.undo;
    if (!entry) return { blocks: [p(t(ctx, 'nothingToUndo'))] };
    const keep = { focus: ctx.state.focus };
    if (entry.kind === 'created') {
      const r = await attempt(ctx, () => ctx.port.deleteProduct(entry.productId));
      if (!r.ok) return { ...r.answer, state: keep };
      return {
        blocks: [
          { type: 'card', title: t(ctx, 'productDeleted'), name: entry.name, rows: [] },
          p(t(ctx, 'undone', { what: entry.name })),
        ],
        actions: [{ type: 'menu_changed', productId: entry.productId }],
        state: {},
      };
    }
    if (entry.kind === 'deleted') {
      const { variations, variationGroups, ...rest } = entry.before;
      const r = await attempt(ctx, () => ctx.port.createProduct({ ...rest, variations, variationGroups }));
      if (!r.ok) return { ...r.answer, state: keep };
      return {
        ...changed(ctx, 'productRestored', null, r.value, {
          kind: 'created',
          productId: r.value.id,
          name: r.value.name,
        }),
        state: { focus: [r.value.id] },
      };
    }
    if (entry.kind === 'updated') {
      const menu = await ctx.menu();
      const actions: StaffAction[] = [];
      const rows: { label: string; before: string; after: string }[] = [];
      let single: StaffBlock | null = null;
      for (const { productId, before } of entry.products) {
        const now = menu.find((x) => x.id === productId);
        if (!now) continue;
        const r = await attempt(ctx, () => ctx.port.updateProduct({ id: productId, ...before }));
        if (!r.ok) {
          if (entry.products.length === 1) return { ...r.answer, state: keep };
          continue;
        }
        if (entry.products.length === 1)
          single = changeCard(t(ctx, 'productUpdated'), now, r.value, ctx.input.currency, ctx.language);
        else rows.push({ label: now.name, before: priceOf(ctx, now.price), after: priceOf(ctx, r.value.price) });
        actions.push({ type: 'menu_changed', productId });
      }
      const blocks: StaffBlock[] = single
        ? [single, p(t(ctx, 'undone', { what: (single as { name: string }).name }))]
        : [
            {
              type: 'card',
              title: t(ctx, 'productUpdated'),
              name: t(ctx, 'pricesChanged', { count: actions.length }),
              rows,
            },
            p(t(ctx, 'undone', { what: t(ctx, 'pricesChanged', { count: actions.length }) })),
          ];
      return {
        blocks,
        actions,
        products: actions.map((a) => a.productId),
        state: { focus: actions.map((a) => a.productId) },
      };
    }
    if (entry.kind === 'category_created') {
      const r = await attempt(ctx, () => ctx.port.deleteCategory(entry.categoryId));
      if (!r.ok) return { ...r.answer, state: keep };
      return { blocks: [p(t(ctx, 'undone', { what: entry.name }))], state: {} };
    }
    const r = await attempt(ctx, () => ctx.port.updateCategory({ id: entry.categoryId, name: entry.name }));
    if (!r.ok) return { ...r.answer, state: keep };
    return { blocks: [p(t(ctx, 'undone', { what: entry.name }))], state: {} };
  },
};

const help: StaffRule = {
  name: 'help',
  guard: (pm) => hasWord(pm.text, L.help) && pm.text.split(' ').length <= 5,
  async handle(ctx) {
    const items = STAFF_MESSAGES[ctx.language].helpItems;
    return { blocks: [p(t(ctx, 'help')), { type: 'list', items: [...items] }] };
  },
};

const noPhoto: StaffRule = {
  name: 'question_no_photo',
  guard: (pm) => hasWord(pm.text, L.noPhoto),
  async handle(ctx) {
    const list = (await ctx.menu()).filter((x) => !x.image);
    if (!list.length) return { blocks: [p(t(ctx, 'noPhotoNone'))] };
    return {
      blocks: [p(t(ctx, 'noPhotoList')), { type: 'list', items: list.map((x) => x.name) }],
      products: list.map((x) => x.id),
      state: { ...ctx.state, focus: list.length === 1 ? [list[0]!.id] : [] },
    };
  },
};

const soldOutQuestion: StaffRule = {
  name: 'question_sold_out',
  guard: (pm) => hasWord(pm.text, L.soldOut) && isQuestion(pm),
  async handle(ctx) {
    const menu = await ctx.menu();
    // "is the tiramisu sold out?" is about one dish; "what is sold out?" about the menu.
    const one = resolveOne(ctx.parsed.text, menu);
    const list = one.kind === 'one' ? [one.match.item] : menu.filter((x) => x.status === 'unavailable');
    if (one.kind === 'one') {
      const x = one.match.item;
      return {
        blocks: [p(`${x.name}: ${t(ctx, x.status === 'unavailable' ? 'unavailable' : 'available')}`)],
        products: [x.id],
        state: { ...ctx.state, focus: [x.id] },
      };
    }
    if (!list.length) return { blocks: [p(t(ctx, 'soldOutNone'))] };
    return {
      blocks: [p(t(ctx, 'soldOutList')), { type: 'list', items: list.map((x) => x.name) }],
      products: list.map((x) => x.id),
    };
  },
};

/**
 * A stored tag is the domain's id, or a word for it some menus store instead ("soy" for the bean
 * allergen): both are found by a question and removed by "no longer contains"; new tags are ids.
 */
const isTag = (stored: string, id: string, table: Record<string, WordList>) =>
  stored === id ||
  (table === ALLERGEN_WORDS && (allergensMeant(stored) ?? []).includes(id as AllergenId)) ||
  (table[id] !== undefined && wordsOf(table[id]).includes(normalise(stored)));

const containsQuestion: StaffRule = {
  name: 'question_contains',
  guard: (pm) =>
    isQuestion(pm) && (tagsIn(pm.text, ALLERGEN_WORDS).length > 0 || tagsIn(pm.text, PREFERENCE_WORDS).length > 0),
  async handle(ctx) {
    const allergens = allergensIn(ctx.parsed.text);
    const prefs = allergens.length ? [] : tagsIn(ctx.parsed.text, PREFERENCE_WORDS);
    const wanted = [...allergens, ...prefs];
    const table = allergens.length ? ALLERGEN_WORDS : PREFERENCE_WORDS;
    const has = (x: StaffProduct, id: string) =>
      allergens.length
        ? x.allergenes.some((v) => isTag(v, id, table)) ||
          x.variations.some((o) => o.allergenes.some((v) => isTag(v, id, table)))
        : x.preferences.some((v) => isTag(v, id, table));
    const list = (await ctx.menu()).filter((x) => wanted.some((id) => has(x, id)));
    const what = wanted.map((id) => tagName(ctx.language, id)).join(', ');
    if (!list.length) return { blocks: [p(t(ctx, 'containsNone', { what }))] };
    return {
      blocks: [p(t(ctx, 'containsList', { what })), { type: 'list', items: list.map((x) => x.name) }],
      products: list.map((x) => x.id),
    };
  },
};

const categoryList: StaffRule = {
  name: 'question_categories',
  guard: (pm) => isQuestion(pm) && hasWord(pm.text, L.category) && !hasWord(pm.text, L.add),
  async handle(ctx) {
    const cats = await ctx.categories();
    return { blocks: [p(t(ctx, 'categoryList')), { type: 'list', items: cats.map((c) => c.name) }] };
  },
};

/** The text without the dish's name (tag words inside a name like "Spicy wings" are not said of it). */
const outsideName = (text: string, at: { index: number; end: number }) =>
  text.slice(0, at.index) + ' ' + text.slice(at.end);

/** A tag word with an allergen / preference / "from" word beside it: the dish's tags change. */
const isTagChange = (text: string) =>
  hasWord(text, L.tagContext) && (tagsIn(text, ALLERGEN_WORDS).length > 0 || tagsIn(text, PREFERENCE_WORDS).length > 0);

const withoutMinus = (text: string) => wordsOf(L.minus).reduce((s, w) => s.replace(wordPatternAll(w), ' '), text);

/** "remove the extra egg option from the shoyu ramen": that option goes, the dish stays. */
const removeOption: StaffRule = {
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

const deleteProduct: StaffRule = {
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

/** The name a category command gives: quoted, else the text after the category word or the verb. */
function categoryNameIn(ctx: StaffContext): string {
  if (ctx.parsed.quoted[0]) return ctx.parsed.quoted[0];
  const text = ctx.parsed.text;
  const afterCat = after(text, L.category);
  const afterAdd = after(text, L.add);
  let name =
    afterCat && afterCat.rest
      ? afterCat.rest
      : afterAdd
        ? afterAdd.rest.replace(wordPattern(findWord(afterAdd.rest, L.category)?.word ?? '\u0000'), '')
        : '';
  name = stripArticles(dropClosing(name.replace(/^(?:called|named|appelée|chiamata|namens)\s+/u, '')));
  return displayName(rawSpan(ctx.parsed.raw, name));
}

const addCategory: StaffRule = {
  name: 'add_category',
  guard: (pm) => hasWord(pm.text, L.add) && hasWord(pm.text, L.category) && firstMoney(pm) === undefined,
  async handle(ctx) {
    const name = categoryNameIn(ctx);
    const r = await attempt(ctx, () => ctx.port.createCategory(name));
    if (!r.ok) return r.answer;
    return {
      blocks: [{ type: 'card', title: t(ctx, 'categoryCreated'), name: r.value.name, rows: [] }],
      state: { undo: { kind: 'category_created', categoryId: r.value.id, name: r.value.name } },
    };
  },
};

const renameCategory: StaffRule = {
  name: 'rename_category',
  guard: (pm) => hasWord(pm.text, L.rename) && hasWord(pm.text, L.category),
  async handle(ctx) {
    const cats = await ctx.categories();
    const cat = findCategory(ctx.parsed.text, cats);
    if (!cat) return null;
    const to = after(ctx.parsed.text, L.renameTo, cat.end);
    // German "benenne ... in Beilagen um": the particle closes the sentence.
    const toText = to ? stripArticles(dropClosing(to.rest)) : '';
    const newName =
      ctx.parsed.quoted.length >= 2
        ? ctx.parsed.quoted[1]!
        : toText
          ? displayName(rawSpan(ctx.parsed.raw, toText))
          : '';
    if (!newName) return null;
    const r = await attempt(ctx, () => ctx.port.updateCategory({ id: cat.item.id, name: newName }));
    if (!r.ok) return r.answer;
    return {
      blocks: [
        {
          type: 'card',
          title: t(ctx, 'categoryRenamed'),
          name: r.value.name,
          rows: [{ label: t(ctx, 'name'), before: cat.item.name, after: r.value.name }],
        },
      ],
      state: { undo: { kind: 'category_renamed', categoryId: cat.item.id, name: cat.item.name } },
    };
  },
};

/** New price of `minor` after a raise or a cut by `amount`; null when it would fall below zero. */
function adjusted(minor: number, amount: Amount, direction: 1 | -1): number {
  if (amount.kind === 'percent') return Math.round((minor * (100 + direction * Math.abs(amount.value))) / 100);
  return minor + direction * Math.abs(amountMinor(amount));
}

/** Whether the text just before the first amount ends with a word of `list` ("to 12", "by 2", "เป็น 12"). */
function saidBeforeAmount(pm: ParsedStaffMessage, list: WordList): boolean {
  const a = pm.amounts[0];
  if (!a) return false;
  const before = ` ${pm.text.slice(0, a.index).trimEnd()}`;
  return wordsOf(list).some((w) => (/[\u0e00-\u0e7f]/u.test(w) ? before.endsWith(w) : before.endsWith(` ${w}`)));
}

/**
 * Up (1), down (-1) or a new price (0): "to 12" sets even after "raise"; "by 2" changes, its sign
 * saying which way when no raise or lower word does ("bump the soup by 2", "change X by -1").
 */
const direction = (pm: ParsedStaffMessage): 1 | -1 | 0 => {
  if (saidBeforeAmount(pm, L.setTo)) return 0;
  const up = findWord(pm.text, L.raise);
  const down = findWord(pm.text, L.lower);
  if (up && (!down || up.index < down.index)) return 1;
  if (down) return -1;
  if (saidBeforeAmount(pm, L.changeBy)) return pm.amounts[0]!.value < 0 ? -1 : 1;
  return 0;
};

const bulkPrice: StaffRule = {
  name: 'bulk_price',
  guard: (pm) => direction(pm) !== 0 && pm.amounts.length > 0,
  async handle(ctx) {
    const pm = ctx.parsed;
    const dir = direction(pm) as 1 | -1;
    const amount = pm.amounts[0]!;
    const menu = await ctx.menu();
    const cats = await ctx.categories();
    const cat = findCategory(pm.text, cats);
    const all = hasWord(pm.text, L.all);
    let targets: StaffProduct[];
    if (cat) targets = menu.filter((x) => x.categories.some((c) => c.id === cat.item.id));
    else if (all || hasWord(pm.text, L.wholeMenu)) {
      // "all pizzas" without a Pizza category: the dishes whose name has the word; "all prices" or
      // "everything": the whole menu, only when said so; anything else is asked, never guessed.
      const rest = all ? after(pm.text, L.all)!.rest : pm.text;
      const named = findNamed(rest.split(' ').slice(0, 2).join(' '), menu).filter(
        (m) => m.score >= 0.3 && m.index >= 0,
      );
      if (named.length) targets = named.map((m) => m.item);
      else if (hasWord(pm.text, L.wholeMenu)) targets = menu;
      else return { blocks: [p(t(ctx, 'whichDish'))] };
    } else {
      // One dish: "raise the carbonara by 1".
      const target = await targetProduct(ctx);
      if (!target.ok) return target.answer;
      targets = [target.product];
    }
    return changePrices(ctx, targets, cat ? cat.item.name : null, amount, dir);
  },
};

/** A price the form accepts (0 to 100 000): anything else goes to the service, which refuses it. */
const isPlausible = (price: number) => Number.isFinite(price) && price >= 0 && price <= 100_000;

/** A move of more than half the old price (a typo such as 140 for 14.0, or 5 for 12) is asked first. */
export function movesMoreThanHalf(from: number | null, to: number): boolean {
  if (from === null || from <= 0) return false;
  return Math.abs(toMinor(to) - toMinor(from)) * 2 > toMinor(from);
}

/** Shows the changes as a list and waits for "yes" (kept server-side with the conversation state). */
export function proposePrices(ctx: StaffContext, label: string | null, changes: PendingPrices['changes']): RuleAnswer {
  return {
    blocks: [
      {
        type: 'card',
        title: t(ctx, 'notChangedYet'),
        name: label ?? (changes.length === 1 ? changes[0]!.name : t(ctx, 'pricesToChange', { count: changes.length })),
        rows: changes.map((c) => ({ label: c.name, before: priceOf(ctx, c.from), after: money(ctx, toMinor(c.to)) })),
      },
      { type: 'confirm', text: t(ctx, 'askPrices') },
    ],
    products: changes.map((c) => c.productId),
    state: {
      ...withoutPending(ctx.state),
      focus: changes.map((c) => c.productId),
      pendingPrices: { label, changes },
    },
  };
}

/** Raises or lowers the prices of `targets` (the offline rule and the model's tool): all or nothing. */
export async function changePrices(
  ctx: StaffContext,
  targets: StaffProduct[],
  label: string | null,
  amount: Amount,
  dir: 1 | -1,
): Promise<RuleAnswer> {
  const priced = targets.filter((x) => x.price !== null);
  if (!priced.length) return { blocks: [p(t(ctx, 'noPricedDishes'))] };
  // Every price is checked before any is written: one refusal changes nothing.
  const next = priced.map((x) => ({ x, minor: adjusted(toMinor(x.price!), amount, dir) }));
  const negative = next.find((n) => n.minor < 0);
  if (negative) {
    if (next.length === 1) return update(ctx, negative.x, { price: fromMinor(negative.minor) });
    return {
      blocks: [
        p(
          t(ctx, 'refused', {
            message: `${negative.x.name}: price must be at least 0 (${money(ctx, negative.minor)})`,
          }),
        ),
      ],
    };
  }
  const moving = next.filter((n) => n.minor !== toMinor(n.x.price!));
  if (
    moving.length > 1 ||
    moving.some((n) => isPlausible(fromMinor(n.minor)) && movesMoreThanHalf(n.x.price, fromMinor(n.minor)))
  ) {
    return proposePrices(
      ctx,
      label,
      moving.map((n) => ({ productId: n.x.id, name: n.x.name, from: n.x.price, to: fromMinor(n.minor) })),
    );
  }
  return applyPrices(ctx, next, label);
}

/** Writes new prices: one dish with its card, several in one transaction (a refusal writes none). */
async function applyPrices(
  ctx: StaffContext,
  next: { x: StaffProduct; minor: number }[],
  label: string | null,
): Promise<RuleAnswer> {
  if (next.length === 1) return update(ctx, next[0]!.x, { price: fromMinor(next[0]!.minor) });
  const changed = next.filter((n) => n.x.price === null || n.minor !== toMinor(n.x.price));
  const r = await attempt(ctx, () =>
    ctx.port.updateProducts(changed.map((n) => ({ id: n.x.id, price: fromMinor(n.minor) }))),
  );
  if (!r.ok) return { ...r.answer, state: withoutPending(ctx.state) };
  const done = changed.map((n) => ({ productId: n.x.id, before: valuesOf(n.x) }));
  const rows = changed.map((n) => ({
    label: n.x.name,
    before: priceOf(ctx, n.x.price),
    after: money(ctx, n.minor),
  }));
  return {
    blocks: [
      {
        type: 'card',
        title: t(ctx, 'productUpdated'),
        name: label ?? t(ctx, 'pricesChanged', { count: done.length }),
        rows,
      },
      p(t(ctx, 'pricesChanged', { count: done.length })),
    ],
    products: done.map((d) => d.productId),
    actions: done.map((d) => ({ type: 'menu_changed', productId: d.productId })),
    state: { undo: { kind: 'updated', products: done }, focus: done.map((d) => d.productId) },
  };
}

/** What follows the add verb: the new dish's name, price, options, category, description, tags. */
export interface NewDish {
  name: string;
  price: number | null;
  description: string | null;
  category: string | null;
  options: { name: string; price: number }[];
  allergenes: string[];
  preferences: string[];
}

/** Reads "add a vegan burger at 12.50 with fries as a +2 option, in mains, contains gluten, described as ...". */
export function readNewDish(pm: ParsedStaffMessage): NewDish | null {
  const add = findWord(pm.text, L.add);
  if (!add) return null;
  let text = pm.text.slice(add.index + add.word.length);
  // German "füge ... hinzu": the particle closes the sentence.
  text = text.replace(/\s+hinzu\s*[.!]?\s*$/u, '');
  let description: string | null = null;
  const desc = after(text, L.describe);
  if (desc) {
    const as = findWord(desc.rest, L.describeAs);
    const body = as && as.index <= 2 ? desc.rest.slice(as.index + as.word.length) : desc.rest;
    description = cleanEnds(rawSpan(pm.raw, cleanEnds(body)));
    text = text.slice(0, desc.index);
  }
  // Clauses: split on commas, semicolons and the "with" words.
  const withWords = wordsOf(L.with);
  const parts = text.split(/(?<!\d),|,(?!\d)|;| and (?=in |contains|allerg)/u);
  let head = parts.shift() ?? '';
  const clauses = parts.map((s) => s.trim()).filter(Boolean);
  for (const w of withWords) {
    const m = wordPattern(w).exec(head);
    if (m) {
      clauses.unshift(head.slice(m.index + w.length).trim());
      head = head.slice(0, m.index);
      break;
    }
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
    for (const w of wordsOf(L.priceAt)) {
      const re = new RegExp(`\\s(?:${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})\\s*$`, 'u');
      if (re.test(` ${nameText}`)) {
        nameText = ` ${nameText}`.replace(re, '');
        break;
      }
    }
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
    if (inCat && tail.slice(inCat.index + inCat.word.length).trim()) {
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
    if (hasWord(clause, L.contains)) {
      for (const a of allergensIn(clause)) allergenes.add(a);
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
      const optionName = stripArticles(
        cleanEnds(
          (clause.slice(0, amount.index) + ' ' + clause.slice(amount.end))
            // "with options ...": the with word opens the list; "extra egg" keeps its "extra".
            .replace(withAtStart(), ' ')
            .replace(/(?<![\p{L}])extra(?= \p{L})/gu, '\ue000')
            .replace(
              new RegExp(
                wordsOf(L.option)
                  .map((w) => `(?<![\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`)
                  .join('|'),
                'gu',
              ),
              ' ',
            )
            .replace(/(?<![\p{L}])(?:as an?|as|en|come|als|à|a|for|pour|per|für|at)(?![\p{L}])/gu, ' ')
            .replace(/\ue000/gu, 'extra')
            .replace(/\s+/g, ' '),
        ),
      );
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
      const cat = stripArticles(cleanEnds(clause.slice(catWord.word.length)));
      if (cat) {
        category = displayName(rawSpan(pm.raw, cat));
        continue;
      }
    }
    const inCat = findWord(clause, L.inCategory);
    if (inCat && inCat.index <= 1) {
      let cat = clause.slice(inCat.index + inCat.word.length);
      const catWord = findWord(cat, L.category);
      if (catWord) cat = cat.slice(0, catWord.index) + cat.slice(catWord.index + catWord.word.length);
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
  const words = wordsOf(L.and).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return clause
    .split(new RegExp(`\\s(?:${words.join('|')})\\s|และ`, 'u'))
    .map((x) => x.trim())
    .filter(Boolean);
}

let withStart: RegExp | undefined;
const withAtStart = () => (withStart ??= new RegExp(`^\\s*(?:${wordsOf(L.with).join('|')})(?![\\p{L}])`, 'u'));

/** Amounts re-read on a part of the normalised text (indexes relative to the part). */
const pmAmounts = (text: string): Amount[] => parseAmounts(text);

/**
 * A category of the menu named right after an "in" or "category" word ("in Drinks", "ในหมวด Drinks",
 * "dans la catégorie Desserts", "Kategorie Ramen"): its name and where the word starts.
 */
function categorySaid(text: string, cats: readonly StaffCategory[]): { category: string; index: number } | null {
  const words = [...wordsOf(L.inCategory), ...wordsOf(L.category)];
  const found: { category: string; index: number }[] = [];
  const filler = [...wordsOf(L.articles), ...words];
  for (const w of words) {
    for (const m of text.matchAll(wordPatternAll(w))) {
      const following = text.slice(m.index + m[0].length);
      const cat = findCategory(following, cats);
      if (!cat) continue;
      const between = following
        .slice(0, cat.index)
        .split(/[\s:,]+/u)
        .filter(Boolean);
      if (between.every((x) => filler.includes(x))) found.push({ category: cat.item.name, index: m.index });
    }
  }
  return found.sort((a, b) => a.index - b.index)[0] ?? null;
}

const createProduct: StaffRule = {
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

const setStatus: StaffRule = {
  name: 'set_status',
  guard: (pm) => hasWord(pm.text, L.soldOut) || (hasWord(pm.text, L.available) && !isQuestion(pm)),
  async handle(ctx) {
    const target = await targetProduct(ctx);
    if (!target.ok) return target.answer;
    const soldOut = hasWord(ctx.parsed.text, L.soldOut);
    return update(ctx, target.product, { status: soldOut ? 'unavailable' : 'available' });
  },
};

const renameProduct: StaffRule = {
  name: 'rename_product',
  guard: (pm) => hasWord(pm.text, L.rename),
  async handle(ctx) {
    const pm = ctx.parsed;
    const verb = findWord(pm.text, L.rename)!;
    let rest = pm.text.slice(verb.index + verb.word.length);
    // German verb-final order: "Gyoza in Pork Gyoza umbenennen" (the names are before the verb).
    if (!dropClosing(rest)) rest = pm.text.slice(0, verb.index);
    // The new name is after the last "to" / "en" / "in" / "zu" / "เป็น"; the old one before it.
    let cut = -1;
    let cutWord = '';
    for (const w of wordsOf(L.renameTo)) {
      const re = new RegExp(`(?<![\\p{L}])${w}(?![\\p{L}])`, 'gu');
      for (const m of rest.matchAll(re))
        if (m.index > cut) {
          cut = m.index;
          cutWord = w;
        }
    }
    if (cut < 0) return null;
    const oldText = rest.slice(0, cut);
    const newName =
      pm.quoted.length >= 2
        ? pm.quoted[1]!
        : displayName(rawSpan(pm.raw, stripArticles(dropClosing(rest.slice(cut + cutWord.length)))));
    const target = await targetProduct(ctx, oldText);
    if (!target.ok) return target.answer;
    if (!newName) return null;
    return update(ctx, target.product, { name: newName });
  },
};

const describeProduct: StaffRule = {
  name: 'describe_product',
  guard: (pm) => hasWord(pm.text, L.describe),
  async handle(ctx) {
    const pm = ctx.parsed;
    const verb = findWord(pm.text, L.describe)!;
    const rest = pm.text.slice(verb.index + verb.word.length);
    // The text starts at the first "as" / "to" / ":" after the dish's name ("change the description
    // of Tsukemen to: Dipping noodles with a rich broth": "with" inside the text is text).
    const menu = await ctx.menu();
    const marks = wordsOf(L.describeAs)
      .flatMap((w) => [...rest.matchAll(wordPatternAll(w))].map((m) => ({ word: w, index: m.index })))
      .sort((a, b) => a.index - b.index || b.word.length - a.word.length);
    const as =
      marks.find((m) => resolveOne(rest.slice(0, m.index), menu).kind === 'one') ??
      (marks[0] && !cleanEnds(rest.slice(0, marks[0].index)) ? marks[0] : undefined) ??
      marks.find((m) => m.word === ':') ??
      marks[0];
    const target = await targetProduct(ctx, as ? rest.slice(0, as.index) : pm.text.slice(0, verb.index));
    if (!target.ok) return target.answer;
    let body = as ? rest.slice(as.index + as.word.length) : rest;
    if (!as && target.index >= 0) body = rest.replace(normalizeName(target.product.name), '');
    const description = cleanEnds(rawSpan(pm.raw, dropClosing(body)));
    if (!description) return null;
    return update(ctx, target.product, { description });
  },
};
const normalizeName = (n: string) => n.normalize('NFC').toLowerCase();

/** "the soup costs seven fifty": a price must be in figures; asked again, nothing changed. */
const priceInWords: StaffRule = {
  name: 'price_in_words',
  guard: (pm) =>
    pm.amounts.length === 0 &&
    hasWord(pm.text, L.numberWords) &&
    (hasWord(pm.text, L.costs) || hasWord(pm.text, L.setTo) || hasWord(pm.text, L.raise) || hasWord(pm.text, L.lower)),
  async handle(ctx) {
    return { blocks: [p(t(ctx, 'priceInWords', { example: money(ctx, 1250) }))] };
  },
};

const setPrice: StaffRule = {
  name: 'set_price',
  guard: (pm) => firstMoney(pm) !== undefined,
  async handle(ctx) {
    const amount = firstMoney(ctx.parsed)!;
    const target = await targetProduct(ctx, ctx.parsed.text.slice(0, amount.index) || ctx.parsed.text);
    if (!target.ok) return target.answer;
    const price = amount.kind === 'cents' ? amount.value / 100 : amount.value;
    const x = target.product;
    if (isPlausible(price) && movesMoreThanHalf(x.price, price))
      return proposePrices(ctx, null, [{ productId: x.id, name: x.name, from: x.price, to: price }]);
    return update(ctx, x, { price });
  },
};

/** "the carbonara contains nuts", "X is vegan", "X is not spicy", "X has no gluten". */
const setTags: StaffRule = {
  name: 'set_tags',
  guard: (pm) => tagsIn(pm.text, ALLERGEN_WORDS).length > 0 || tagsIn(pm.text, PREFERENCE_WORDS).length > 0,
  async handle(ctx) {
    const target = await targetProduct(ctx);
    if (!target.ok) return target.answer;
    const x = target.product;
    // Tag words inside the dish's own name ("Spicy wings") are not instructions.
    const text = target.index >= 0 ? outsideName(ctx.parsed.text, target) : ctx.parsed.text;
    const negated =
      hasWord(text, L.not) ||
      hasWord(text, L.delete) ||
      /(?<![\p{L}])take(?![\p{L}]).*(?<![\p{L}])off(?![\p{L}])/u.test(text) ||
      /(?<![\p{L}])(?:no|without|sans|senza|ohne|ไม่มี)(?![\p{L}])/u.test(text);
    const allergens = allergensIn(text);
    const prefs = tagsIn(text, PREFERENCE_WORDS);
    if (!allergens.length && !prefs.length) return null;
    const apply = (list: string[], ids: string[], table: Record<string, WordList>) =>
      negated ? list.filter((v) => !ids.some((id) => isTag(v, id, table))) : [...new Set([...list, ...ids])];
    // Old identifiers ("nuts", "seafood") are read as the allergens they mean before the change, so
    // "no longer contains tree nuts" on a dish stored with "nuts" keeps its peanuts.
    const stored = normaliseAllergens(x.allergenes);
    return update(ctx, x, {
      ...(allergens.length ? { allergenes: normaliseAllergens(apply(stored, allergens, ALLERGEN_WORDS)) } : {}),
      ...(prefs.length ? { preferences: apply(x.preferences, prefs, PREFERENCE_WORDS) } : {}),
    });
  },
};

const recommend: StaffRule = {
  name: 'set_recommended',
  guard: (pm) => hasWord(pm.text, L.recommend),
  async handle(ctx) {
    const target = await targetProduct(ctx);
    if (!target.ok) return target.answer;
    return update(ctx, target.product, { recommended: !hasWord(ctx.parsed.text, L.not) });
  },
};

/** "move the tiramisu to desserts", "put X in drinks". */
const moveCategory: StaffRule = {
  name: 'move_category',
  guard: (pm) => hasWord(pm.text, L.inCategory),
  async handle(ctx) {
    const cat = findCategory(ctx.parsed.text, await ctx.categories());
    if (!cat) return null;
    const text = ctx.parsed.text.slice(0, cat.index) + ' ' + ctx.parsed.text.slice(cat.end);
    const target = await targetProduct(ctx, text);
    if (!target.ok) return null;
    return update(ctx, target.product, { categories: [cat.item.id] });
  },
};

const fallback: StaffRule = {
  name: 'fallback',
  guard: () => true,
  async handle(ctx) {
    const items = STAFF_MESSAGES[ctx.language].helpItems;
    return { blocks: [p(t(ctx, 'fallback')), p(t(ctx, 'help')), { type: 'list', items: [...items] }] };
  },
};

/** The rules in the order they are tried. */
export const STAFF_RULES: readonly StaffRule[] = [
  confirmDelete,
  confirmPrices,
  createInCategory,
  cancelPending,
  undo,
  help,
  noPhoto,
  soldOutQuestion,
  containsQuestion,
  categoryList,
  removeOption,
  deleteProduct,
  renameCategory,
  addCategory,
  bulkPrice,
  createProduct,
  renameProduct,
  describeProduct,
  setStatus,
  recommend,
  priceInWords,
  setPrice,
  setTags,
  moveCategory,
  fallback,
];
