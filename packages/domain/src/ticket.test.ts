import { describe, expect, it } from 'vitest';
import { layoutTicket, printedWidth, ticketColumns, wrapText, type TicketInput, type TicketRow } from './ticket.ts';

const base: TicketInput = {
  station: 'Kitchen',
  number: 42,
  where: { kind: 'table', spot: '5' },
  placedAt: '2026-12-01T18:42:00.000Z',
  timezone: 'Europe/Paris',
  language: 'en',
  lines: [
    { quantity: 2, name: 'Pizza Margherita', options: ['Large', 'Extra mozzarella'], notes: 'Well done' },
    { quantity: 1, name: 'Tiramisù', options: [] },
  ],
};

const text = (rows: TicketRow[]) => rows.map((r) => (r.rule ? '----' : r.text));

describe('layoutTicket', () => {
  it('a table order on an 80 mm printer', () => {
    const rows = layoutTicket(base, 80);
    expect(text(rows)).toEqual([
      'KITCHEN',
      '#42 Table 5',
      '19:42',
      '----',
      '2 x Pizza Margherita',
      '  + Large',
      '  + Extra mozzarella',
      '  ! Well done',
      '1 x Tiramisù',
      '----',
    ]);
    expect(rows[1]).toMatchObject({ bold: true, large: true });
    expect(rows[7]).toMatchObject({ bold: true });
  });

  it('the allergy banner is large, bold and inverted, in the venue’s language', () => {
    const rows = layoutTicket({ ...base, language: 'fr', allergies: ['Gluten', 'Lait'] }, 80);
    const banner = rows.filter((r) => r.inverted);
    expect(banner).toEqual([{ text: 'ALLERGIE: Gluten, Lait', bold: true, large: true, inverted: true }]);
    expect(rows[1]!.text).toBe('#42 Table 5');
  });

  it.each<[TicketInput['where'], string]>([
    [{ kind: 'delivery' }, '#42 DELIVERY'],
    [{ kind: 'pickup', at: '2026-12-01T19:15:00.000Z' }, '#42 PICKUP 20:15'],
    [{ kind: 'pickup' }, '#42 PICKUP'],
  ])('%j', (where, heading) => expect(layoutTicket({ ...base, where }, 80)[1]!.text).toBe(heading));

  it('a reprint and a waiter’s order say so; the order note closes the ticket', () => {
    const rows = text(
      layoutTicket({ ...base, reprint: true, source: 'staff', notes: 'Birthday: candle on the tiramisù' }, 80),
    );
    expect(rows[0]).toBe('*** REPRINT ***');
    expect(rows).toContain('19:42  (Waiter)');
    expect(rows.slice(-3)).toEqual(['----', 'Note: Birthday: candle on the tiramisù', '----']);
  });

  it('lines wrap to the 58 mm printer’s 16 large columns, with a hanging indent', () => {
    const rows = layoutTicket(
      { ...base, lines: [{ quantity: 12, name: 'Spaghetti alle vongole veraci', options: [] }] },
      58,
    );
    const lines = rows
      .filter((r) => r.large && !r.inverted)
      .slice(1)
      .map((r) => r.text);
    expect(lines).toEqual(['12 x Spaghetti', '     alle', '     vongole', '     veraci']);
    for (const r of rows)
      expect(printedWidth(r.text)).toBeLessThanOrEqual(r.large ? ticketColumns(58) / 2 : ticketColumns(58));
  });

  it('Thai labels, and Thai marks above and below take no column', () => {
    const rows = layoutTicket(
      { ...base, language: 'th', lines: [{ quantity: 1, name: 'ต้มยำกุ้ง', options: ['เผ็ดมาก'] }] },
      80,
    );
    expect(rows[1]!.text).toBe('#42 โต๊ะ 5');
    expect(printedWidth('ต้มยำกุ้ง')).toBe(6);
  });

  it('every row fits its printer at both widths', () => {
    const long: TicketInput = {
      ...base,
      allergies: ['Cereals containing gluten', 'Crustaceans', 'Tree nuts', 'Sesame', 'Sulphites'],
      notes: 'x'.repeat(120),
      lines: [{ quantity: 3, name: 'A'.repeat(70), options: ['B'.repeat(90)], notes: 'C '.repeat(60) }],
    };
    for (const width of [80, 58] as const) {
      for (const r of layoutTicket(long, width)) {
        expect(printedWidth(r.text)).toBeLessThanOrEqual(r.large ? ticketColumns(width) / 2 : ticketColumns(width));
      }
    }
  });
});

describe('wrapText', () => {
  it.each<[string, number, string, string[]]>([
    ['one two three', 7, '', ['one two', 'three']],
    ['abcdefghij', 4, '', ['abcd', 'efgh', 'ij']],
    ['a bcdefghij', 4, '  ', ['a', '  bc', '  de', '  fg', '  hi', '  j']],
    ['', 10, '', ['']],
  ])('%j in %i columns', (input, columns, indent, lines) => expect(wrapText(input, columns, indent)).toEqual(lines));
});
