import { describe, expect, it } from 'vitest';
import { z } from '../zod.ts';
import { FIELD_PROBLEM_CODES, isUuid, zodFieldIssues } from './common.ts';

describe('isUuid', () => {
  it.each([
    ['0b6f6c8e-2f3a-4c55-9d1e-1f2a3b4c5d6e', true],
    ['0B6F6C8E-2F3A-4C55-9D1E-1F2A3B4C5D6E', true],
    ['0b6f6c8e-2f3a-4c55-9d1e-1f2a3b4c5d6', false],
    ['0b6f6c8e2f3a4c559d1e1f2a3b4c5d6e', false],
    ['', false],
    [42, false],
  ])('%j -> %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});

describe('zodFieldIssues: a code and the values of its message for every problem', () => {
  const schema = z.strictObject({
    name: z.string().max(120),
    count: z.number().int().min(1),
    tags: z.array(z.string()).max(2),
    kind: z.enum(['a', 'b']),
    email: z.email().optional(),
    spot: z
      .string()
      .refine((s) => s !== 'delivery', { error: 'is reserved', params: { code: 'reserved', name: 'delivery' } }),
  });

  it('names the rule by code, with the numbers and names as params', () => {
    const r = schema.safeParse(
      { name: 'x'.repeat(121), count: 0, tags: ['a', 'b', 'c'], kind: 'c', email: 'no', spot: 'delivery', extra: 1 },
      { reportInput: true },
    );
    const issues = zodFieldIssues(r.error!);
    const byPath = Object.fromEntries(issues.map((i) => [i.path, { code: i.code, params: i.params }]));
    expect(byPath).toEqual({
      name: { code: 'too_big', params: { max: 120, origin: 'string' } },
      count: { code: 'too_small', params: { min: 1, origin: 'number' } },
      tags: { code: 'too_big', params: { max: 2, origin: 'array' } },
      kind: { code: 'invalid_value', params: { values: ['a', 'b'] } },
      email: { code: 'invalid_format', params: { format: 'email' } },
      spot: { code: 'reserved', params: { name: 'delivery' } },
      '(root)': { code: 'unrecognized_keys', params: { keys: ['extra'] } },
    });
    for (const issue of issues) expect(FIELD_PROBLEM_CODES).toContain(issue.code);
  });

  it('calls a missing field required and prefixes the path', () => {
    const r = z
      .object({ items: z.array(z.object({ quantity: z.number() })) })
      .safeParse({ items: [{}] }, { reportInput: true });
    expect(zodFieldIssues(r.error!, ['order'])).toEqual([
      { path: 'order.items[0].quantity', code: 'required', message: 'is required' },
    ]);
  });
});
