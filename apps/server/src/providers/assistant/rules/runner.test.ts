import { describe, expect, it } from 'vitest';
import { GUEST_RULES } from '../offline/rules.ts';
import { STAFF_RULES } from '../staff/rules.ts';
import { duplicateRuleNames, ruleNames } from './runner.ts';

/** Issue 17 item 7: the unique-name check of the rule tables, called on the real tables. */
describe('rule tables: every rule has its own name', () => {
  it.each([
    ['the guest assistant', GUEST_RULES],
    ['the staff chat', STAFF_RULES],
  ] as const)('%s', (_table, rules) => {
    expect(duplicateRuleNames(rules)).toEqual([]);
    expect(ruleNames(rules)).toHaveLength(rules.length);
    expect(rules.length).toBeGreaterThan(10);
  });

  it.each([
    ['a guest rule listed twice', [...GUEST_RULES, GUEST_RULES[0]!], GUEST_RULES[0]!.name],
    ['a staff rule listed twice', [STAFF_RULES[1]!, ...STAFF_RULES], STAFF_RULES[1]!.name],
    ['two names each twice', [{ name: 'a' }, { name: 'b' }, { name: 'a' }, { name: 'b' }], 'a'],
  ] as const)('refuses %s', (_case, rules, name) => {
    expect(() => ruleNames(rules)).toThrow(`rule "${name}" is listed twice`);
  });
});
