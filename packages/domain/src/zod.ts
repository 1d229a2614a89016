import { z } from 'zod';

/**
 * zod for the domain's schemas. In a browser zod would probe whether it may compile validators with
 * `new Function` the first time an object schema is built; the page's CSP forbids eval (architecture
 * section 9), so the probe fails and the browser reports a CSP issue on every page that loads a
 * schema (Lighthouse counts it against best practices). Browsers get the interpreted validators from
 * the start; the server keeps the compiled ones.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
