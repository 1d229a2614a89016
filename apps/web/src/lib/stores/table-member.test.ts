import { afterEach, describe, expect, it } from 'vitest';
import { tableMemberHeaders, tableMemberSecret, tableStorageKey } from './table-member.ts';

describe('the table member secret a chat message carries', () => {
  afterEach(() => localStorage.clear());
  const rows: { stored: string | null; secret: string | null; what: string }[] = [
    {
      what: 'a phone that joined its table',
      stored: JSON.stringify({ spot: '5', token: 't'.repeat(32), memberToken: 's3cret' }),
      secret: 's3cret',
    },
    {
      what: 'a phone invited but not joined yet',
      stored: JSON.stringify({ spot: '5', token: 't'.repeat(32) }),
      secret: null,
    },
    {
      what: 'a phone that chose to order alone',
      stored: JSON.stringify({ spot: '5', alone: true, memberToken: null }),
      secret: null,
    },
    { what: 'a phone never at a table', stored: null, secret: null },
    { what: 'a damaged entry', stored: '{not json', secret: null },
  ];
  for (const row of rows) {
    it(`${row.what}: ${row.secret ?? 'no header'}`, () => {
      if (row.stored !== null) localStorage.setItem(tableStorageKey('baan-suan'), row.stored);
      expect(tableMemberSecret('baan-suan')).toBe(row.secret);
      expect(tableMemberHeaders('baan-suan')).toEqual(row.secret ? { 'x-table-member': row.secret } : {});
      // Another venue's table is not this one.
      expect(tableMemberSecret('casa-verde')).toBeNull();
    });
  }
});
