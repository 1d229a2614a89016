import { TABLE_MEMBER_HEADER } from '@carte/domain/table-session';

/**
 * What a phone keeps of its table (localStorage, per venue; the table session feature writes it):
 * the code it scanned and, once joined, its member secret. One key in lib/ because the chat reads
 * it too: a message sent from a phone at a table carries the secret, and the assistant answers
 * "what did we order?" or "what do I owe?" from the table's session (issue 20 item 4).
 */
export const tableStorageKey = (venueUrl: string) => `carte.table.${venueUrl}`;

/** The member secret this phone holds at the venue's table, if it joined one. */
export function tableMemberSecret(venueUrl: string): string | null {
  try {
    const raw = localStorage.getItem(tableStorageKey(venueUrl));
    const stored = raw ? (JSON.parse(raw) as { memberToken?: unknown }) : null;
    return typeof stored?.memberToken === 'string' && stored.memberToken ? stored.memberToken : null;
  } catch {
    return null;
  }
}

/** The header a chat message sends from a phone at a table (none elsewhere). */
export function tableMemberHeaders(venueUrl: string): Record<string, string> {
  const secret = tableMemberSecret(venueUrl);
  return secret ? { [TABLE_MEMBER_HEADER]: secret } : {};
}
