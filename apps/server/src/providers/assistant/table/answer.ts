/**
 * The assistant knows the table (issue 20 item 4): when the guest's phone joined its table's live
 * session, "what did we order?", "what do I owe?" and "the same drinks again" are answered from the
 * session (its rounds, shared cart and bill), before any menu rule, whichever assistant is set. A
 * round asked again goes to the guest's cart as add actions, which then pass the safety gate like
 * any other add. Anything else: null, the menu rules answer.
 */
import { formatPrice, splitEqually } from '@carte/domain';
import { TABLE_WORDS, type TableTopic } from '../language/table-words.ts';
import { compilePhrases, matchPhrases, sameWord, tokenize, type Lang, type Token } from '../language/tokens.ts';
import { isStopword } from '../language/lexicon.ts';
import { isDrink, menuIndex } from '../offline/menu-index.ts';
import { replyLanguage } from '../offline/reply-language.ts';
import type {
  AssistantAction,
  AssistantInput,
  AssistantReply,
  AssistantTable,
  ReplyBlock,
  TableOrderedLine,
} from '../types.ts';
import { sayTable } from './messages.ts';

const LANGS: Lang[] = ['en', 'fr', 'it', 'de', 'th'];
const phrasesOf = (keep: (topic: TableTopic) => boolean) =>
  compilePhrases(
    LANGS.flatMap((l) =>
      (Object.entries(TABLE_WORDS[l]) as [TableTopic, string[]][])
        .filter(([topic]) => keep(topic))
        .flatMap(([topic, words]) => words.map((w): [string, TableTopic] => [w, topic])),
    ),
  );
const PHRASES = phrasesOf((topic) => topic !== 'drinks');
/** Read apart: "the same drinks" is a phrase of its own and still says drinks. */
const DRINK_WORDS = phrasesOf((topic) => topic === 'drinks');

/** What the message asks about the table, and the tokens those phrases took. */
export function readTableMessage(message: string): { topics: Set<TableTopic>; tokens: Token[]; used: Set<number> } {
  const tokens = tokenize(message);
  const found = matchPhrases(tokens, PHRASES);
  const used = new Set<number>();
  for (const m of found) for (let i = m.start; i <= m.end; i++) used.add(i);
  const topics = new Set(found.map((m) => m.value));
  const drinks = matchPhrases(tokens, DRINK_WORDS, { compoundHeads: true });
  if (topics.size && drinks.length) {
    topics.add('drinks');
    for (const m of drinks) for (let i = m.start; i <= m.end; i++) used.add(i);
  }
  return { topics, tokens, used };
}

function lineText(line: { quantity: number; name: string; variationNames?: string[] }): string {
  const options = line.variationNames?.length ? ` (${line.variationNames.join(', ')})` : '';
  return `${line.quantity} × ${line.name}${options}`;
}

function paragraph(text: string): ReplyBlock {
  return { type: 'paragraph', text };
}

function answer(
  intent: string,
  blocks: ReplyBlock[],
  products: string[] = [],
  actions: AssistantAction[] = [],
): AssistantReply {
  return { blocks, products, actions, intent };
}

function orderedReply(table: AssistantTable, lang: Lang, money: (minor: number) => string): AssistantReply {
  const blocks: ReplyBlock[] = [];
  if (!table.ordered.length) blocks.push(paragraph(sayTable(lang, 'nothingSent', { spot: table.spot })));
  else {
    blocks.push(paragraph(sayTable(lang, 'orderedIntro', { spot: table.spot })));
    const rounds = [...new Set(table.ordered.map((l) => l.round))].sort((a, b) => a - b);
    for (const round of rounds) {
      if (rounds.length > 1) blocks.push(paragraph(sayTable(lang, 'round', { n: String(round) })));
      blocks.push({ type: 'list', items: table.ordered.filter((l) => l.round === round).map(lineText) });
    }
    if (table.bill) blocks.push(paragraph(sayTable(lang, 'billSoFar', { total: money(table.bill.totalMinor) })));
  }
  if (table.cart.length) {
    blocks.push(paragraph(sayTable(lang, 'inCart')));
    blocks.push({ type: 'list', items: table.cart.map((l) => `${lineText(l)} · ${l.addedBy}`) });
  }
  return answer('table_ordered', blocks);
}

function oweReply(table: AssistantTable, lang: Lang, money: (minor: number) => string): AssistantReply {
  const bill = table.bill;
  if (!bill) return answer('table_bill', [paragraph(sayTable(lang, 'nothingToPay', { spot: table.spot }))]);
  if (bill.remainingMinor === 0 && bill.heldMinor === 0)
    return answer('table_bill', [paragraph(sayTable(lang, 'billPaid', { total: money(bill.totalMinor) }))]);
  const blocks: ReplyBlock[] = [
    paragraph(
      sayTable(lang, 'bill', {
        total: money(bill.totalMinor),
        paid: money(bill.paidMinor),
        remaining: money(bill.remainingMinor),
      }),
    ),
  ];
  if (bill.heldMinor > 0) blocks.push(paragraph(sayTable(lang, 'billHeld', { held: money(bill.heldMinor) })));
  if (bill.myPaidMinor > 0) blocks.push(paragraph(sayTable(lang, 'youPaid', { amount: money(bill.myPaidMinor) })));
  if (bill.myHeldMinor > 0) blocks.push(paragraph(sayTable(lang, 'youHold', { amount: money(bill.myHeldMinor) })));
  // Before anyone pays: what an equal split would be (the domain's rounding: the parts add up to the total).
  if (bill.paidMinor === 0 && bill.heldMinor === 0 && table.guests >= 2) {
    const parts = splitEqually(bill.totalMinor, table.guests);
    const min = Math.min(...parts);
    const max = Math.max(...parts);
    const count = String(table.guests);
    blocks.push(
      paragraph(
        min === max
          ? sayTable(lang, 'eachEqual', { count, amount: money(min) })
          : sayTable(lang, 'eachRange', { count, min: money(min), max: money(max) }),
      ),
    );
  }
  blocks.push(paragraph(sayTable(lang, 'howToPay')));
  return answer('table_bill', blocks);
}


/** The round asked again: dishes the message names, else the last round's drinks when it says drinks, else the last round. */
function repeatedLines(input: AssistantInput, table: AssistantTable, read: ReturnType<typeof readTableMessage>) {
  const idx = menuIndex(input.menu);
  const lastRound = (lines: TableOrderedLine[]) => {
    const round = Math.max(...lines.map((l) => l.round));
    return lines.filter((l) => l.round === round);
  };
  const meaningful = (t: Token) => !t.stop && !isStopword(t.fold) && (t.thai || t.fold.length >= 3);
  const words = read.tokens.filter((t, i) => !read.used.has(i) && meaningful(t));
  const named = table.ordered.filter((l) => {
    const name = tokenize(l.name).filter(meaningful);
    return name.some((n) => words.some((w) => sameWord(w, n, false)));
  });
  if (named.length) return { lines: lastRound(named), drinksAsked: false };
  if (read.topics.has('drinks')) {
    const drinks = table.ordered.filter((l) => {
      const ip = l.productId ? idx.byId.get(l.productId) : undefined;
      return ip !== undefined && isDrink(ip);
    });
    return { lines: drinks.length ? lastRound(drinks) : [], drinksAsked: true };
  }
  return { lines: lastRound(table.ordered), drinksAsked: false };
}

function repeatReply(
  input: AssistantInput,
  table: AssistantTable,
  lang: Lang,
  read: ReturnType<typeof readTableMessage>,
): AssistantReply {
  if (!table.ordered.length) return answer('table_repeat', [paragraph(sayTable(lang, 'repeatNothing'))]);
  const { lines, drinksAsked } = repeatedLines(input, table, read);
  if (!lines.length)
    return answer('table_repeat', [paragraph(sayTable(lang, drinksAsked ? 'repeatNoDrinks' : 'repeatNothing'))]);
  const byId = new Map(input.menu.products.map((p) => [p.id, p]));
  const actions: AssistantAction[] = [];
  const added: string[] = [];
  const gone: string[] = [];
  for (const line of lines) {
    const p = line.productId ? byId.get(line.productId) : undefined;
    const options = p && line.variationIds.every((id) => p.variations.some((v) => v.id === id));
    if (!p || !options || p.status !== 'available' || p.priceMinor === null) {
      gone.push(line.name);
      continue;
    }
    actions.push({
      type: 'add_to_cart',
      productId: p.id,
      variationIds: [...line.variationIds],
      quantity: line.quantity,
    });
    added.push(lineText(line));
  }
  const blocks: ReplyBlock[] = [];
  if (added.length) {
    blocks.push(paragraph(sayTable(lang, 'repeatAdded')), { type: 'list', items: added });
  }
  if (gone.length) blocks.push(paragraph(sayTable(lang, 'repeatGone', { names: [...new Set(gone)].join(', ') })));
  if (added.length) blocks.push(paragraph(sayTable(lang, 'repeatSend')));
  const products = [...new Set(actions.flatMap((a) => (a.type === 'add_to_cart' ? [a.productId] : [])))];
  return answer('table_repeat', blocks, products, actions);
}

/** The reply from the table's session, when the guest is at a table and asks about it; null otherwise. */
export function answerFromTable(input: AssistantInput): AssistantReply | null {
  const table = input.table;
  if (!table) return null;
  const read = readTableMessage(input.message);
  if (!read.topics.size) return null;
  const lang = replyLanguage(input.message, input.language) as Lang;
  const money = (minor: number) => formatPrice(minor, input.menu.currency, lang);
  if (read.topics.has('repeat')) return repeatReply(input, table, lang, read);
  if (read.topics.has('owe')) return oweReply(table, lang, money);
  if (read.topics.has('ordered')) return orderedReply(table, lang, money);
  return null;
}
