/**
 * Reply sentences, one mechanism for every assistant (issue 17 item 7, decision 025): each assistant
 * keeps its sentences as data per language (guest offline/messages/, safety safety/messages.ts, staff
 * staff/messages.ts) and fills and joins them here, the same way.
 */
import type { Lang } from './tokens.ts';

export type MessageValues = Record<string, string | number>;

/** A template with its {placeholders} filled; a placeholder without a value stays as written. */
export function fill(template: string, values: MessageValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** "a, b and c" with the language's "and" (Thai lists with spaces, not commas). */
export function joinWithAnd(lang: Lang, items: readonly string[], and: string): string {
  if (items.length <= 1) return items[0] ?? '';
  const sep = lang === 'th' ? ' ' : ', ';
  return `${items.slice(0, -1).join(sep)} ${and} ${items[items.length - 1]}`;
}
