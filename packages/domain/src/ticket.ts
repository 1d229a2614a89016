import { localTime } from './hours.ts';
import { isLanguage, type Language } from './languages.ts';

/**
 * A kitchen ticket (issue 18, architecture.md 4.11): what one station needs of one order, laid out
 * in monospaced lines for a thermal printer. The same lines feed the ESC/POS encoder (network
 * printers) and the print-ready page the pass prints from its browser, so both show the same ticket.
 */

export const TICKET_WIDTHS = [80, 58] as const;
export type TicketWidth = (typeof TICKET_WIDTHS)[number];

/** Characters per line in the printer's normal font (Font A, 12 x 24 dots). */
export function ticketColumns(width: TicketWidth): number {
  return width === 58 ? 32 : 48;
}

export type TicketWhere =
  { kind: 'table'; spot: string } | { kind: 'delivery' } | { kind: 'pickup'; at?: string | null | undefined };

export interface TicketLineInput {
  quantity: number;
  name: string;
  /** The chosen options' names. */
  options: readonly string[];
  notes?: string | null | undefined;
}

export interface TicketInput {
  station: string;
  number: number;
  where: TicketWhere;
  /** ISO 8601: when the order was placed. */
  placedAt: string;
  timezone: string;
  language: string;
  lines: readonly TicketLineInput[];
  /** The guest's allergies and diets, already in the venue's language; empty or absent: no banner. */
  allergies?: readonly string[] | null | undefined;
  notes?: string | null | undefined;
  /** A reprint says so, so the kitchen does not cook twice. */
  reprint?: boolean | undefined;
  /** 'staff' when a waiter entered it. */
  source?: 'guest' | 'staff' | undefined;
}

export interface TicketRow {
  text: string;
  bold?: boolean;
  /** Double width and height: half as many columns. */
  large?: boolean;
  /** White on black: the allergy banner. */
  inverted?: boolean;
  align?: 'left' | 'center';
  /** A full-width rule instead of text. */
  rule?: boolean;
}

const LABELS: Record<
  Language,
  Record<'table' | 'delivery' | 'pickup' | 'allergy' | 'reprint' | 'notes' | 'waiter', string>
> = {
  en: {
    table: 'Table',
    delivery: 'DELIVERY',
    pickup: 'PICKUP',
    allergy: 'ALLERGY',
    reprint: 'REPRINT',
    notes: 'Note',
    waiter: 'Waiter',
  },
  fr: {
    table: 'Table',
    delivery: 'LIVRAISON',
    pickup: 'À EMPORTER',
    allergy: 'ALLERGIE',
    reprint: 'RÉIMPRESSION',
    notes: 'Note',
    waiter: 'Serveur',
  },
  it: {
    table: 'Tavolo',
    delivery: 'CONSEGNA',
    pickup: 'ASPORTO',
    allergy: 'ALLERGIA',
    reprint: 'RISTAMPA',
    notes: 'Nota',
    waiter: 'Cameriere',
  },
  de: {
    table: 'Tisch',
    delivery: 'LIEFERUNG',
    pickup: 'ABHOLUNG',
    allergy: 'ALLERGIE',
    reprint: 'NACHDRUCK',
    notes: 'Notiz',
    waiter: 'Service',
  },
  th: {
    table: 'โต๊ะ',
    delivery: 'เดลิเวอรี่',
    pickup: 'รับเอง',
    allergy: 'แพ้อาหาร',
    reprint: 'พิมพ์ซ้ำ',
    notes: 'หมายเหตุ',
    waiter: 'พนักงาน',
  },
};

const segmenter =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * Columns a text takes on a thermal printer: one per character, none for the marks printed above or
 * below the character they follow (Thai vowels and tone marks, combining accents).
 */
export function printedWidth(text: string): number {
  let width = 0;
  for (const ch of text) if (!/[\p{Mn}\p{Me}]/u.test(ch)) width += 1;
  return width;
}

/**
 * Words wrapped to `columns`; a word longer than a line is cut between graphemes. The first line
 * starts with `lead`, the others with `indent`.
 */
export function wrapText(text: string, columns: number, indent = '', lead = ''): string[] {
  const out: string[] = [];
  let line = lead;
  const push = () => {
    out.push(line);
    line = indent;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const sep = line.trim() && line !== lead ? ' ' : '';
    if (printedWidth(line + sep + word) <= columns) {
      line += sep + word;
      continue;
    }
    if (line.trim() && line !== lead && line !== indent) push();
    let rest = word;
    while (printedWidth(line + rest) > columns) {
      const graphemes = segmenter ? [...segmenter.segment(rest)].map((s) => s.segment) : [...rest];
      let take = '';
      for (const g of graphemes) {
        if (printedWidth(line + take + g) > columns) break;
        take += g;
      }
      if (!take) break;
      line += take;
      rest = rest.slice(take.length);
      push();
    }
    line += rest;
  }
  if ((line.trim() && line !== indent) || !out.length) out.push(line);
  return out;
}

function hhmm(iso: string, timezone: string): string {
  const { minutes } = localTime(Date.parse(iso), timezone);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The ticket's rows for a printer of that width. */
export function layoutTicket(ticket: TicketInput, width: TicketWidth): TicketRow[] {
  const columns = ticketColumns(width);
  const large = Math.floor(columns / 2);
  const t = LABELS[isLanguage(ticket.language) ? ticket.language : 'en'];
  const rows: TicketRow[] = [];
  if (ticket.reprint) rows.push({ text: `*** ${t.reprint} ***`, bold: true, align: 'center' });
  rows.push({ text: ticket.station.toUpperCase(), bold: true, align: 'center' });
  const where =
    ticket.where.kind === 'table'
      ? `${t.table} ${ticket.where.spot}`
      : ticket.where.kind === 'delivery'
        ? t.delivery
        : ticket.where.at
          ? `${t.pickup} ${hhmm(ticket.where.at, ticket.timezone)}`
          : t.pickup;
  for (const text of wrapText(`#${ticket.number} ${where}`, large)) rows.push({ text, bold: true, large: true });
  const time = hhmm(ticket.placedAt, ticket.timezone);
  rows.push({ text: ticket.source === 'staff' ? `${time}  (${t.waiter})` : time });
  if (ticket.allergies?.length) {
    rows.push({ text: '', rule: true });
    for (const text of wrapText(`${t.allergy}: ${ticket.allergies.join(', ')}`, large)) {
      rows.push({ text, bold: true, large: true, inverted: true });
    }
  }
  rows.push({ text: '', rule: true });
  for (const line of ticket.lines) {
    const head = `${line.quantity} x `;
    for (const text of wrapText(`${head}${line.name}`, large, ' '.repeat(head.length))) {
      rows.push({ text, bold: true, large: true });
    }
    for (const option of line.options) {
      for (const text of wrapText(option, columns, '    ', '  + ')) rows.push({ text });
    }
    if (line.notes) {
      for (const text of wrapText(line.notes, columns, '    ', '  ! ')) rows.push({ text, bold: true });
    }
  }
  if (ticket.notes) {
    rows.push({ text: '', rule: true });
    for (const text of wrapText(`${t.notes}: ${ticket.notes}`, columns)) rows.push({ text, bold: true });
  }
  rows.push({ text: '', rule: true });
  return rows;
}
