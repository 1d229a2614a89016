// Creates a new PGlite data directory (initdb) and exits. Run in a child process by client.ts:
// initdb's WebAssembly memory can never be handed back, so the server would carry it for its
// whole life if it ran in the server's own process.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: init-pglite.mjs <data dir>');
  process.exit(2);
}
const db = new PGlite(dir);
await db.waitReady;
await db.close();
