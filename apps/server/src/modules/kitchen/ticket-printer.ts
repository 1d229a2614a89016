import { randomUUID } from 'node:crypto';
import { parsePrinterAddress, ticketRetryDelayMs } from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { isOrderEvent, type BusLog, type OrderEventBus } from '../../events/order-events.ts';
import type { CarteMetrics } from '../../metrics/metrics.ts';
import { encodeTicket } from '../../providers/printer/escpos.ts';
import {
  PrinterUnreachableError,
  sendToPrinter,
  type PrinterAddress,
} from '../../providers/printer/network-printer.ts';
import { claimDueTicket, markTicketFailed, markTicketPrinted, type TicketRow } from './tickets.repository.ts';
import { ticketRows } from './tickets.service.ts';

export interface TicketPrinterOptions {
  /** How often this process looks for tickets due (retries, another process's orders when events are lost). */
  pollMs: number;
  /** How long a claim holds a ticket: longer than a send may take. */
  leaseMs: number;
  /** A printer that does not answer this long is a failed try. */
  sendTimeoutMs: number;
  /** After this many failed tries the server stops (the board shows the failure and reprints). */
  maxAttempts: number;
  /** Tickets this process sends at once. */
  concurrency: number;
}

export const DEFAULT_TICKET_PRINTER_OPTIONS: TicketPrinterOptions = {
  pollMs: 1000,
  leaseMs: 30_000,
  sendTimeoutMs: 5000,
  maxAttempts: 60,
  concurrency: 4,
};

export type SendTicket = (address: PrinterAddress, bytes: Uint8Array, timeoutMs: number) => Promise<void>;

/**
 * Sends kitchen tickets to network printers (architecture 4.11). Every server process runs one; each
 * ticket is claimed in the database before it is sent, so it is printed once whichever process
 * sees the order first. Wakes on every order event and polls for retries that come due.
 */
export class TicketPrinter {
  private readonly id = randomUUID();
  private running = false;
  private again = false;
  private closed = false;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly events: OrderEventBus,
    private readonly metrics: Pick<CarteMetrics, 'ticketsPrinted'>,
    private readonly log: BusLog & { error(obj: object, msg: string): void },
    private readonly options: TicketPrinterOptions = DEFAULT_TICKET_PRINTER_OPTIONS,
    private readonly send: SendTicket = sendToPrinter,
  ) {
    this.unsubscribe = events.subscribe((event) => isOrderEvent(event.type) && this.kick(), {
      onResync: () => this.kick(),
    });
    this.timer = setInterval(() => this.kick(), options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for due tickets now (or right after the current run). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.current = this.run().finally(() => {
      this.running = false;
    });
  }

  private async run(): Promise<void> {
    // A few tickets at a time: one slow or switched-off printer must not hold up the others.
    const worker = async () => {
      while (!this.closed) {
        const ticket = await claimDueTicket(this.db, this.id, this.options.leaseMs);
        if (!ticket) break;
        await this.print(ticket);
      }
    };
    try {
      do {
        this.again = false;
        await Promise.all(Array.from({ length: this.options.concurrency }, worker));
      } while (this.again && !this.closed);
    } catch (err) {
      if (!this.closed) this.log.warn({ err }, 'Kitchen tickets: could not read the tickets due; trying again shortly');
    }
  }

  private async print(ticket: TicketRow): Promise<void> {
    const address = parsePrinterAddress(ticket.printer ?? '');
    let error: string | null = null;
    if (!address) error = 'not a printer address';
    else {
      try {
        const width = ticket.width === 58 ? 58 : 80;
        const bytes = encodeTicket(await ticketRows(this.db, ticket, width), width);
        await this.send(address, bytes, this.options.sendTimeoutMs);
      } catch (err) {
        error = err instanceof PrinterUnreachableError ? err.reason : err instanceof Error ? err.message : String(err);
      }
    }
    if (error === null) {
      if (await markTicketPrinted(this.db, ticket.id, this.id)) this.metrics.ticketsPrinted.inc();
    } else {
      const retry = ticket.attempts >= this.options.maxAttempts ? null : ticketRetryDelayMs(ticket.attempts);
      await markTicketFailed(this.db, ticket.id, this.id, error, retry);
      this.log.warn(
        { orderId: ticket.orderId, station: ticket.station, attempts: ticket.attempts, error },
        'Kitchen tickets: the printer did not take the ticket',
      );
    }
    await this.events.publish({ type: 'order.updated', orderId: ticket.orderId, venueId: ticket.venueId });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.unsubscribe();
    await this.current;
  }
}
