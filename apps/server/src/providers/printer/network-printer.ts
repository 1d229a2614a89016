import { Socket } from 'node:net';

import { DEFAULT_PRINTER_PORT, parsePrinterAddress, type PrinterAddress } from '@carte/domain';

// The address rules live in the domain: the import file and the settings check them too.
export { DEFAULT_PRINTER_PORT, parsePrinterAddress, type PrinterAddress };

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
