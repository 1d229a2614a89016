import type { Answered, AsyncRule, Rule } from './types.ts';

/** Tries `rules` in order; the first whose guard holds and whose handler answers wins (null: none did). */
export function runRules<P, S, C, A>(
  rules: readonly Rule<P, S, C, A>[],
  parsed: P,
  state: S,
  ctx: C,
): Answered<A> | null {
  for (const rule of rules) {
    if (!rule.guard(parsed, state)) continue;
    const answer = rule.handle(ctx);
    if (answer !== null) return { rule: rule.name, answer };
  }
  return null;
}

/** `runRules` for handlers that await. */
export async function runRulesAsync<P, S, C, A>(
  rules: readonly AsyncRule<P, S, C, A>[],
  parsed: P,
  state: S,
  ctx: C,
): Promise<Answered<A> | null> {
  for (const rule of rules) {
    if (!rule.guard(parsed, state)) continue;
    const answer = await rule.handle(ctx);
    if (answer !== null) return { rule: rule.name, answer };
  }
  return null;
}

/** The names that appear more than once in a rule list (each rule's name must be its own). */
export function duplicateRuleNames(rules: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { name } of rules) (seen.has(name) ? twice : seen).add(name);
  return [...twice];
}

/** Rule names must be unique within a table (they name the intent in logs and tests): the names, or a throw. */
export function ruleNames(rules: readonly { name: string }[]): string[] {
  const twice = duplicateRuleNames(rules);
  if (twice.length) throw new Error(`rule "${twice[0]}" is listed twice`);
  return rules.map((r) => r.name);
}
