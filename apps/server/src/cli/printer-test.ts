/**
 * npm run printer:test -- <host:port> [--width 80|58] [--language en|fr|it|de|th]
 * Prints a test ticket on a network thermal printer (ESC/POS on its raw port, 9100 when none is
 * given): the same layout and encoding as a kitchen ticket, with accents and Thai to check the code
 * pages, and the allergy banner white on black.
 */
import { parseArgs } from 'node:util';
import { isLanguage, layoutTicket, TICKET_WIDTHS, type TicketWidth } from '@carte/domain';
import { encodeTicket } from '../providers/printer/escpos.ts';
import { parsePrinterAddress, PrinterUnreachableError, sendToPrinter } from '../providers/printer/network-printer.ts';
import { CliError, out, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run printer:test -- <host:port> [--width 80|58] [--language en|fr|it|de|th]';

await runCli(async () => {
  let args: { positionals: string[]; values: { width?: string | undefined; language?: string | undefined } };
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { width: { type: 'string', short: 'w' }, language: { type: 'string', short: 'l' } },
    });
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`);
  }
  if (args.positionals.length !== 1) throw new CliError(USAGE);
  const address = parsePrinterAddress(args.positionals[0]!);
  if (!address)
    throw new CliError(`"${args.positionals[0]}" is not a printer address such as 192.168.1.50:9100\n${USAGE}`);
  const width = Number(args.values.width ?? 80) as TicketWidth;
  if (!TICKET_WIDTHS.includes(width)) throw new CliError(`--width must be 80 or 58\n${USAGE}`);
  const language = args.values.language ?? 'en';
  if (!isLanguage(language)) throw new CliError(`--language must be en, fr, it, de or th\n${USAGE}`);
  const rows = layoutTicket(
    {
      station: 'Carte printer test',
      number: 0,
      where: { kind: 'table', spot: 'Test' },
      placedAt: new Date().toISOString(),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language,
      allergies: ['Gluten', 'Milk'],
      lines: [
        { quantity: 1, name: 'Crème brûlée, Spätzle, Tiramisù', options: ['Ñ ç ß € £'] },
        {
          quantity: 2,
          name: 'ต้มยำกุ้ง',
          options: ['เผ็ดมาก'],
          notes: 'If this line shows Thai, the Thai code page works.',
        },
      ],
      notes: `${width} mm, ${address.host}:${address.port}`,
    },
    width,
  );
  try {
    await sendToPrinter(address, encodeTicket(rows, width));
  } catch (e) {
    if (e instanceof PrinterUnreachableError) throw new CliError(e.message);
    throw e;
  }
  await out(`Test ticket sent to ${address.host}:${address.port} (${width} mm).`);
});
