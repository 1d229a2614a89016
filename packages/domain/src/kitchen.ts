import { z } from './zod.ts';
import { withinChars } from './options.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { TICKET_WIDTHS, type TicketWidth } from './ticket.ts';

/**
 * Kitchen stations and the rules that send an order's lines to them (issue 18 item 3,
 * architecture.md 4.11). Pure: the server stores and prints, the import and the settings validate.
 */

/** The ESC/POS raw port most network thermal printers listen on ("port 9100", JetDirect). */
export const DEFAULT_PRINTER_PORT = 9100;

export interface PrinterAddress {
  host: string;
  port: number;
}

export const PRINTER_ADDRESS_MESSAGE = 'must be a printer address such as 192.168.1.50:9100';

/**
 * `host:port` (or a bare host, port 9100) as staff type it in the settings; IPv6 hosts in brackets
 * (`[fd00::12]:9100`). Returns null for anything else.
 */
export function parsePrinterAddress(value: string): PrinterAddress | null {
  const text = value.trim();
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?))(?::(\d{1,5}))?$/.exec(text);
  if (!m) return null;
  const port = m[3] === undefined ? DEFAULT_PRINTER_PORT : Number(m[3]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host: m[1] ?? m[2]!, port };
}

export const PRINT_ON = ['accepted', 'placed'] as const;
export type PrintOn = (typeof PRINT_ON)[number];
export const MAX_STATIONS = 20;

export interface Station {
  id: string;
  name: string;
  /** `host:port` of a network ESC/POS printer; absent: the pass prints the ticket page from its browser. */
  printer?: string | null | undefined;
  width?: TicketWidth | undefined;
  /** The language of its tickets' labels (the station's staff); default English. */
  language?: Language | undefined;
}

export const stationSchema = z
  .object(
    {
      id: z
        .string({ error: 'must be a string' })
        .trim()
        .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/i, { error: 'must be letters, digits, - or _ (at most 40)' }),
      name: z
        .string({ error: 'must be a string' })
        .trim()
        .min(1, { error: 'must not be empty' })
        .refine(withinChars(40), { error: 'must be at most 40 characters' }),
      printer: z
        .string({ error: 'must be a string' })
        .trim()
        .refine((s) => s === '' || parsePrinterAddress(s) !== null, { error: PRINTER_ADDRESS_MESSAGE })
        .transform((s) => (s === '' ? null : s))
        .nullish(),
      width: z
        .union(TICKET_WIDTHS.map((w) => z.literal(w)) as [z.ZodLiteral<80>, z.ZodLiteral<58>], {
          error: 'must be 80 or 58',
        })
        .optional(),
      language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }).optional(),
    },
    { error: 'must be an object' },
  )
  .strict();

export const stationsSchema = z
  .array(stationSchema, { error: 'must be a list of stations' })
  .max(MAX_STATIONS, { error: `must have at most ${MAX_STATIONS} stations` })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      if (seen.has(s.id))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `station "${s.id}" is listed twice` });
      seen.add(s.id);
    });
  });

export const printOnSchema = z.enum(PRINT_ON, { error: `must be one of ${PRINT_ON.join(', ')}` });

/** A venue that named no station still gets its tickets: one kitchen, printed from the pass's browser. */
export const DEFAULT_STATION: Station = { id: 'kitchen', name: 'Kitchen' };

/** The venue's stations, or the default one. */
export function effectiveStations(stations: readonly Station[] | null | undefined): Station[] {
  return stations?.length ? [...stations] : [DEFAULT_STATION];
}

export function unknownStationMessage(stations: readonly Station[]): string {
  return stations.length
    ? `must be one of the venue's stations: ${stations.map((s) => s.id).join(', ')}`
    : 'the venue has no stations yet';
}

/**
 * The station of a line: the station of its first category that names one, else the first station
 * (a category's unset station, a dish without category, a station since removed).
 */
export function stationOfLine(categoryStations: readonly (string | null)[], stations: readonly Station[]): Station {
  const all = effectiveStations(stations);
  for (const id of categoryStations) {
    const found = id ? all.find((s) => s.id === id) : undefined;
    if (found) return found;
  }
  return all[0]!;
}

/**
 * Splits an order's lines by station: one group per station that has lines, in the venue's order of
 * stations, each with the indexes of its lines in the order.
 */
export function splitByStation(
  lines: readonly { categoryStations: readonly (string | null)[] }[],
  stations: readonly Station[],
): { station: Station; lineIndexes: number[] }[] {
  const all = effectiveStations(stations);
  const groups = new Map<string, number[]>();
  lines.forEach((line, i) => {
    const s = stationOfLine(line.categoryStations, all);
    groups.set(s.id, [...(groups.get(s.id) ?? []), i]);
  });
  return all.filter((s) => groups.has(s.id)).map((station) => ({ station, lineIndexes: groups.get(station.id)! }));
}

export const TICKET_STATUSES = ['pending', 'printed', 'failed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * The wait before the next try of a ticket whose printer did not answer: 2 s doubled per attempt,
 * at most a minute (a printer out of paper or switched off comes back within minutes).
 */
export function ticketRetryDelayMs(attempts: number): number {
  return Math.min(60_000, 2000 * 2 ** Math.max(0, attempts - 1));
}
