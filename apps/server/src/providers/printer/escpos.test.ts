import { afterEach, describe, expect, it } from 'vitest';
import { layoutTicket, type TicketInput } from '@carte/domain';
import { decodeEscPos, startFakePrinter, type FakePrinter } from '../../../test/fake-escpos-printer.ts';
import { encodeTicket } from './escpos.ts';
import { parsePrinterAddress, PrinterUnreachableError, sendToPrinter } from './network-printer.ts';

const ticket: TicketInput = {
  station: 'Cuisine',
  number: 7,
  where: { kind: 'table', spot: 'Terrasse 2' },
  placedAt: '2026-12-01T18:42:00.000Z',
  timezone: 'Europe/Paris',
  language: 'fr',
  lines: [
    { quantity: 2, name: 'Crème brûlée', options: ['Sans sucre glace'], notes: 'Une bougie' },
    { quantity: 1, name: 'Steak frites', options: ['À point'] },
  ],
  allergies: ['Œufs', 'Lait'],
};

describe('ESC/POS encoding', () => {
  it('prints the layout’s rows with accents, sizes, bold, the inverted banner and a cut', () => {
    const printed = decodeEscPos(encodeTicket(layoutTicket(ticket, 80), 80));
    expect(printed.cut).toBe(true);
    const lines = printed.lines.filter((l) => l.text.trim());
    expect(lines.map((l) => l.text.trim())).toEqual([
      'CUISINE',
      '#7 Table Terrasse 2',
      '19:42',
      '-'.repeat(48),
      'ALLERGIE: Œufs, Lait',
      '-'.repeat(48),
      '2 x Crème brûlée',
      '+ Sans sucre glace',
      '! Une bougie',
      '1 x Steak frites',
      '+ À point',
      '-'.repeat(48),
    ]);
    expect(lines[0]).toMatchObject({ bold: true, large: false });
    expect(lines[0]!.text).toBe(`${' '.repeat(20)}CUISINE`);
    expect(lines[1]).toMatchObject({ bold: true, large: true });
    expect(lines[4]).toMatchObject({ bold: true, large: true, inverted: true });
    expect(lines[6]).toMatchObject({ large: true });
    expect(lines[7]).toMatchObject({ large: false, inverted: false, bold: false });
  });

  it('prints Thai through a Thai code page', () => {
    const printed = decodeEscPos(
      encodeTicket(
        layoutTicket(
          { ...ticket, language: 'th', allergies: [], lines: [{ quantity: 1, name: 'ต้มยำกุ้ง', options: ['เผ็ดมาก'] }] },
          58,
        ),
        58,
      ),
    );
    const text = printed.lines.map((l) => l.text.trim());
    expect(text).toContain('1 x ต้มยำกุ้ง');
    expect(text).toContain('+ เผ็ดมาก');
    // 17 columns: wrapped on the 58 mm printer's 16 large ones.
    expect(text).toContain('#7 โต๊ะ Terrasse');
  });
});

describe('parsePrinterAddress', () => {
  it.each<[string, { host: string; port: number } | null]>([
    ['192.168.1.50:9100', { host: '192.168.1.50', port: 9100 }],
    ['192.168.1.50', { host: '192.168.1.50', port: 9100 }],
    ['kitchen-printer.local:9101', { host: 'kitchen-printer.local', port: 9101 }],
    ['[fd00::12]:9100', { host: 'fd00::12', port: 9100 }],
    [' 10.0.0.7:9100 ', { host: '10.0.0.7', port: 9100 }],
    ['10.0.0.7:0', null],
    ['10.0.0.7:70000', null],
    ['http://10.0.0.7:9100', null],
    ['kitchen printer', null],
    ['', null],
  ])('%j', (value, expected) => expect(parsePrinterAddress(value)).toEqual(expected));
});

describe('sending to a network printer', () => {
  let printer: FakePrinter | undefined;
  afterEach(async () => printer?.close());

  it('delivers the ticket once, and fails clearly while the printer is off, then prints once it is on', async () => {
    printer = await startFakePrinter();
    const bytes = encodeTicket(layoutTicket(ticket, 80), 80);
    await sendToPrinter({ host: printer.host, port: printer.port }, bytes);
    const [first] = await printer.waitForTickets(1);
    expect(first!.lines.some((l) => l.text.includes('Crème brûlée'))).toBe(true);

    await printer.switchOff();
    await expect(sendToPrinter({ host: printer.host, port: printer.port }, bytes, 1000)).rejects.toBeInstanceOf(
      PrinterUnreachableError,
    );
    await printer.switchOn();
    await sendToPrinter({ host: printer.host, port: printer.port }, bytes);
    await printer.waitForTickets(2);
    expect(printer.tickets).toHaveLength(2);
  });
});
