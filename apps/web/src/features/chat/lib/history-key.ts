/** Where the browser keeps a venue's conversation (chat-history.ts), one per venue and admin flag. */
export function historyKey(venueUrl: string, isAdmin: boolean): string {
  return `carte:chat:${isAdmin ? 'admin' : 'guest'}:${venueUrl}`;
}

/**
 * Whether the stored conversation holds a reply of the assistant, which the chat will render (so
 * its sanitiser is needed). Read before the chat's own chunk is here; an expired conversation may
 * still answer yes (the chat then drops it), which costs only an early download.
 */
export function hasStoredReplies(venueUrl: string, isAdmin: boolean): boolean {
  try {
    const stored = JSON.parse(window.localStorage.getItem(historyKey(venueUrl, isAdmin)) ?? 'null') as {
      messages?: unknown;
    } | null;
    return (
      Array.isArray(stored?.messages) &&
      stored.messages.some((m) => typeof m === 'object' && m !== null && (m as { role?: unknown }).role === 'assistant')
    );
  } catch {
    return false;
  }
}
