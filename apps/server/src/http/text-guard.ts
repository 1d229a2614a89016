import { formatPath, type FieldIssue } from '@carte/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Text PostgreSQL cannot store, or cannot store as sent, is refused before any route sees it:
 * a NUL character (text and jsonb refuse it: the insert fails and the guest saw a 500) and a
 * lone UTF-16 surrogate (not a character: encoding it to UTF-8 silently turns it into U+FFFD).
 * A query string whose percent-encoding does not decode to UTF-8 is refused the same way.
 * Installed once for every /api route, so a new route is covered without doing anything.
 */

export const TEXT_ISSUES = {
  nul: 'must not contain a NUL character',
  surrogate: 'must not contain an unpaired surrogate (text that is not valid Unicode)',
  encoding: 'is not valid URL encoding',
} as const;

/** At most this many problems are reported: enough to fix a form, not a flood. */
const MAX_ISSUES = 10;
const MAX_DEPTH = 32;

// eslint-disable-next-line no-control-regex -- finding NUL is the point
const NUL = /\u0000/;
// eslint-disable-next-line no-control-regex -- NUL is one of the characters replaced
const UNSHOWABLE = /[\u0000\uD800-\uDFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string, or null. */
export function badTextReason(text: string): string | null {
  if (NUL.test(text)) return TEXT_ISSUES.nul;
  if (LONE_SURROGATE.test(text)) return TEXT_ISSUES.surrogate;
  return null;
}

/**
 * Walks a parsed JSON body or query object and lists the fields holding bad text (values and
 * property names), with paths like `deliveryInfo.fullName` or `items[0].notes`.
 */
export function findBadText(value: unknown, prefix: (string | number)[] = []): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const walk = (v: unknown, path: (string | number)[], depth: number) => {
    if (issues.length >= MAX_ISSUES || depth > MAX_DEPTH) return;
    if (typeof v === 'string') {
      const reason = badTextReason(v);
      if (reason) issues.push({ path: formatPath(path), code: 'invalid_text', message: reason });
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...path, i], depth + 1));
      return;
    }
    if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        const reason = badTextReason(key);
        if (reason) {
          // Name the property without the character that cannot be shown.
          issues.push({ path: formatPath([...path, key.replace(UNSHOWABLE, '\uFFFD')]), code: 'invalid_text', message: reason });
          if (issues.length >= MAX_ISSUES) return;
          continue;
        }
        walk(item, [...path, key], depth + 1);
      }
    }
  };
  walk(value, prefix, 0);
  return issues;
}

/** The query string's parameters whose percent-encoding does not decode (e.g. `%E0%A4%A`, `%ZZ`). */
export function findBadQueryEncoding(url: string): FieldIssue[] {
  const at = url.indexOf('?');
  if (at < 0) return [];
  const issues: FieldIssue[] = [];
  for (const pair of url.slice(at + 1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    let key: string;
    try {
      key = decodeURIComponent(rawKey.replaceAll('+', ' '));
    } catch {
      key = rawKey;
      issues.push({ path: key, code: 'invalid_text', message: TEXT_ISSUES.encoding });
      continue;
    }
    try {
      decodeURIComponent(rawValue.replaceAll('+', ' '));
    } catch {
      issues.push({ path: key, code: 'invalid_text', message: TEXT_ISSUES.encoding });
    }
    if (issues.length >= MAX_ISSUES) break;
  }
  return issues;
}

/** preValidation hook: 400 VALIDATION naming every bad field of the query and the JSON body. */
export async function refuseBadText(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const issues = findBadQueryEncoding(request.url);
  const named = new Set(issues.map((i) => i.path));
  issues.push(...findBadText(request.query).filter((i) => !named.has(i.path)));
  if (issues.length < MAX_ISSUES) issues.push(...findBadText(request.body));
  if (issues.length) {
    throw new AppError('VALIDATION', {
      issues: issues.slice(0, MAX_ISSUES),
      logMessage: 'request refused: text that cannot be stored',
    });
  }
}
