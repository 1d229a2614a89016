import { Socket } from 'node:net';

/** The ESC/POS raw port most network thermal printers listen on ("port 9100", JetDirect). */
export const DEFAULT_PRINTER_PORT = 9100;

export interface PrinterAddress {
  host: string;
  port: number;
}

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

export class PrinterUnreachableError extends Error {
  constructor(
    readonly address: PrinterAddress,
    readonly reason: string,
  ) {
    super(`Printer ${address.host}:${address.port} did not take the ticket: ${reason}`);
    this.name = 'PrinterUnreachableError';
  }
}

/**
 * Sends bytes to a raw-port printer and resolves once they are handed to the network and the printer
 * has not refused the connection. A printer that does not answer within `timeoutMs` (switched off, out
 * of the network) or closes the connection with an error rejects with PrinterUnreachableError.
 */
export function sendToPrinter(address: PrinterAddress, bytes: Uint8Array, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    const done = (error?: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(new PrinterUnreachableError(address, error));
      else resolve();
    };
    socket.setTimeout(timeoutMs, () => done('no answer'));
    socket.once('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
    socket.connect(address.port, address.host, () => {
      socket.end(Buffer.from(bytes), () => done());
    });
  });
}
