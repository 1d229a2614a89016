import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import CodepageEncoder from '@point-of-sale/codepage-encoder';

/**
 * A network thermal printer on 127.0.0.1 for tests: it listens on a raw port like a real one (9100),
 * decodes the ESC/POS it receives (text in its code page, bold, double size, inverted, alignment, cut)
 * into printed lines, and can be switched off (connections refused) and on again on the same port.
 */

export interface PrintedLine {
  /** As printed, with the spaces that centre it. */
  text: string;
  bold: boolean;
  large: boolean;
  inverted: boolean;
  align: 'left' | 'center' | 'right';
}

export interface PrintedTicket {
  lines: PrintedLine[];
  /** The paper was cut at the end. */
  cut: boolean;
  /** When the last byte arrived (ms since epoch). */
  receivedAt: number;
  bytes: number;
}

export interface FakePrinter {
  host: string;
  port: number;
  /** `host:port`, as a venue's station names its printer. */
  address: string;
  tickets: PrintedTicket[];
  /** Resolves when `count` tickets have been printed in all. */
  waitForTickets(count: number, timeoutMs?: number): Promise<PrintedTicket[]>;
  /** Stops listening: connections are refused, as with a printer switched off. */
  switchOff(): Promise<void>;
  /** Listens again on the same port. */
  switchOn(): Promise<void>;
  close(): Promise<void>;
}

/** Code pages by their ESC t number in the Epson set (the ones the encoder picks for Carte's languages). */
const EPSON_PAGES: Record<number, string> = {
  0: 'cp437',
  2: 'cp850',
  16: 'windows1252',
  17: 'cp866',
  18: 'cp852',
  19: 'cp858',
  20: 'thai42',
  21: 'thai11',
  26: 'thai13',
};

const reverseTables = new Map<string, Map<number, string>>();

function reverseTable(page: string): Map<number, string> {
  let table = reverseTables.get(page);
  if (table) return table;
  table = new Map();
  const ranges: [number, number][] = [
    [0x20, 0x24f],
    [0x0e00, 0x0e7f],
    [0x2010, 0x2030],
    [0x20ac, 0x20ac],
  ];
  for (const [from, to] of ranges) {
    for (let cp = from; cp <= to; cp++) {
      const ch = String.fromCodePoint(cp);
      const bytes = CodepageEncoder.encode(ch, page as never);
      // A character the page lacks comes back as '?'.
      if (bytes.length === 1 && (bytes[0] !== 0x3f || ch === '?') && !table.has(bytes[0]!)) table.set(bytes[0]!, ch);
    }
  }
  reverseTables.set(page, table);
  return table;
}

/** Decodes the ESC/POS subset Carte sends into printed lines. */
export function decodeEscPos(data: Uint8Array): Omit<PrintedTicket, 'receivedAt'> {
  const lines: PrintedLine[] = [];
  let page = 'cp437';
  let bold = false;
  let large = false;
  let inverted = false;
  let align: PrintedLine['align'] = 'left';
  let current: PrintedLine | null = null;
  let cut = false;
  const reset = () => {
    page = 'cp437';
    bold = false;
    large = false;
    inverted = false;
    align = 'left';
  };
  for (let i = 0; i < data.length; i++) {
    const b = data[i]!;
    if (b === 0x1b) {
      const cmd = data[++i];
      if (cmd === 0x40) reset();
      else if (cmd === 0x74) page = EPSON_PAGES[data[++i]!] ?? `page-${data[i]}`;
      else if (cmd === 0x45) bold = data[++i] === 1;
      else if (cmd === 0x61) align = (['left', 'center', 'right'] as const)[data[++i]! % 48] ?? 'left';
      else if (cmd === 0x21) {
        const n = data[++i]!;
        bold = (n & 0x08) !== 0;
        large = (n & 0x30) === 0x30;
      } else if (cmd === 0x4d || cmd === 0x2d || cmd === 0x34 || cmd === 0x33 || cmd === 0x64) i += 1;
      else if (cmd === 0x32) {
        // default line spacing: no parameter
      } else throw new Error(`Unknown ESC command 0x${cmd?.toString(16)} at byte ${i}`);
      continue;
    }
    if (b === 0x1d) {
      const cmd = data[++i];
      if (cmd === 0x42) inverted = data[++i] === 1;
      else if (cmd === 0x21) large = data[++i] !== 0;
      else if (cmd === 0x56) {
        const m = data[++i]!;
        if (m === 65 || m === 66) i += 1;
        cut = true;
      } else throw new Error(`Unknown GS command 0x${cmd?.toString(16)} at byte ${i}`);
      continue;
    }
    if (b === 0x1c) {
      // FS . (cancel Kanji mode) and FS & / FS C: no effect on the text.
      const cmd = data[++i];
      if (cmd === 0x43) i += 1;
      continue;
    }
    if (b === 0x0a) {
      lines.push(current ?? { text: '', bold, large, inverted, align });
      current = null;
      continue;
    }
    if (b === 0x0d) continue;
    const ch = b < 0x80 ? String.fromCharCode(b) : (reverseTable(page).get(b) ?? '\uFFFD');
    current ??= { text: '', bold, large, inverted, align };
    // A line's look is the one its first printed character has (centring pads with plain spaces).
    if (!current.text.trim() && ch !== ' ') Object.assign(current, { bold, large, inverted });
    current.text += ch;
  }
  if (current) lines.push(current);
  return { lines, cut, bytes: data.length };
}

export async function startFakePrinter(port = 0): Promise<FakePrinter> {
  const tickets: PrintedTicket[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let boundPort = port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('error', () => {});
        socket.on('close', () => {
          sockets.delete(socket);
          const bytes = Buffer.concat(chunks);
          if (!bytes.length) return;
          tickets.push({ ...decodeEscPos(bytes), receivedAt: Date.now() });
          for (const w of [...waiters]) {
            if (tickets.length >= w.count) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve();
            }
          }
        });
        // A printer closes its side once the sender has finished.
        socket.on('end', () => socket.end());
      });
      s.once('error', reject);
      s.listen(boundPort, '127.0.0.1', () => {
        boundPort = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await listen();
  return {
    host: '127.0.0.1',
    get port() {
      return boundPort;
    },
    get address() {
      return `127.0.0.1:${boundPort}`;
    },
    tickets,
    waitForTickets(count, timeoutMs = 10_000) {
      if (tickets.length >= count) return Promise.resolve(tickets.slice(0, count));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`The printer received ${tickets.length} of ${count} tickets`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(tickets.slice(0, count));
          },
        });
      });
    },
    switchOff: stop,
    switchOn: listen,
    close: stop,
  };
}

/**
 * Stand-alone: started by the Playwright config beside the server (a station's `printer` points at
 * `--port`). What it printed is read over HTTP on `--http-port`: GET /tickets answers
 * `{tickets: [{text, lines, cut, receivedAt}]}`, each ticket's decoded lines in order.
 */
const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const printer = await startFakePrinter(Number(arg('port') ?? 0));
  const http = createHttpServer((req, res) => {
    if (req.method !== 'GET' || (req.url !== '/tickets' && req.url !== '/')) {
      res.writeHead(404).end();
      return;
    }
    const tickets = printer.tickets.map((t) => ({
      text: t.lines.map((l) => l.text.trim()).join('\n'),
      lines: t.lines,
      cut: t.cut,
      receivedAt: t.receivedAt,
    }));
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ address: printer.address, tickets }));
  });
  await new Promise<void>((resolve) => http.listen(Number(arg('http-port') ?? 0), '127.0.0.1', resolve));
  console.log(
    `fake ESC/POS printer on ${printer.address}, its tickets at http://127.0.0.1:${arg('http-port')}/tickets`,
  );
  const stop = () => void printer.close().then(() => http.close(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
