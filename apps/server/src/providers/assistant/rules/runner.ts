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

/** Rule names must be unique within a table (they name the intent in logs and tests). */
export function ruleNames(rules: readonly { name: string }[]): string[] {
  const names = rules.map((r) => r.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new Error(`rule "${dup}" is listed twice`);
  return names;
}
