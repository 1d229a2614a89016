import { describe, expect, it } from 'vitest';
import { renderReplyText, type AssistantMenu, type Language } from '../types.ts';
import { replyOffline } from './engine.ts';
import { loadDemoMenu, storedMenu } from './test/demo-menus.ts';

/**
 * The guest engine's words ("nuts", "egg", "dairy", "lactose") against the 14 identifiers the menus
 * list ("peanuts", "tree-nuts", "eggs", "milk"): a question about an allergen the dish lists is
 * answered "yes", in the guest's words, and the listed allergens read in the guest's language. Before
 * this, the engine compared its old names with the new ones and told a guest asking about nuts that a
 * pesto listing peanuts and tree nuts "does not list nuts".
 */
const luca = storedMenu(loadDemoMenu('trattoria-da-luca'));
const baan = storedMenu(loadDemoMenu('baan-suan'));
const text = (language: Language, message: string, menu = luca) =>
  renderReplyText(replyOffline({ menu, language, message, history: [], cart: [] })).replace(/[\u00a0\u202f]/g, ' ');

describe('a dish that lists the allergen asked about is never said not to', () => {
  it.each<[Language, string, string, string, AssistantMenu?]>([
    ['en', 'does the pesto pasta have nuts in it?', 'Trofie al pesto genovese lists', 'does not list'],
    ['it', 'le trofie al pesto hanno frutta a guscio?', 'Trofie al pesto genovese', 'non indica'],
    ['fr', 'est-ce que les cannoli contiennent des noix ?', 'Cannoli siciliani', "n'indique pas"],
    ['de', 'ist im Tiramisu Ei?', 'Tiramisù', 'nicht unter seinen Allergenen'],
    ['en', 'does the massaman have peanuts', 'Massaman beef curry lists', 'does not list', baan],
    ['th', 'ส้มตำมีถั่วไหม', 'Som tam', 'ไม่ได้ระบุ', baan],
  ])('[%s] %s', (language, message, says, never, menu = luca) => {
    const reply = text(language, message, menu);
    expect(reply).toContain(says);
    expect(reply).not.toContain(never);
  });
});

describe('the listed allergens read in the guest language', () => {
  it.each<[Language, string, string]>([
    ['en', 'what allergens are in the tiramisu?', 'gluten, eggs, milk'],
    ['fr', 'quels sont les allergènes du tiramisu ?', 'gluten, œufs, lait'],
    ['it', 'quali allergeni ci sono nel tiramisù?', 'glutine, uova, latte'],
    ['de', 'welche Allergene hat das Tiramisu?', 'Gluten, Eier, Milch'],
  ])('[%s] %s', (language, message, list) => {
    expect(text(language, message)).toContain(list);
  });
});

describe('a lactose-intolerant guest is not offered a dish that lists milk', () => {
  it.each<[Language, string]>([
    ['de', 'Ich bin laktoseintolerant, welche Vorspeisen kann ich nehmen?'],
    ['en', "i'm lactose intolerant, which starters can i have?"],
    ['it', 'sono intollerante al lattosio, che antipasti posso prendere?'],
  ])('[%s] %s', (language, message) => {
    const r = replyOffline({ menu: luca, language, message, history: [], cart: [] });
    const milk = r.products.filter((id) => luca.products.find((p) => p.id === id)?.allergenes.includes('milk'));
    expect(milk).toEqual([]);
  });
});
