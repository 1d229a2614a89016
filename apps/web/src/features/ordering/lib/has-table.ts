import { tableStorageKey } from '../../../lib/stores/table-member.ts';

/**
 * Whether this phone is at a table of the venue: the page's address carries a table's token (its QR
 * code), or the phone joined (or was invited to) one before. Tiny and eager: app/ loads the table's
 * chunk only then.
 */
export function hasTable(venueUrl: string, token: string | null): boolean {
  if (token) return true;
  try {
    return localStorage.getItem(tableStorageKey(venueUrl)) !== null;
  } catch {
    return false;
  }
}
