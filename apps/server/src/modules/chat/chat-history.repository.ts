import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatHistories } from '../../db/schema.ts';

/** The chat history kept per venue and admin flag (spec section 3). */

export interface StoredChat {
  messages: { role: 'user' | 'assistant'; html: string }[];
  state: Record<string, unknown>;
  updatedAt: Date | null;
}

export async function loadChat(db: Db, venueId: string, isAdmin: boolean): Promise<StoredChat> {
  const [row] = await db
    .select()
    .from(chatHistories)
    .where(and(eq(chatHistories.venueId, venueId), eq(chatHistories.isAdmin, isAdmin)));
  return row
    ? { messages: row.messages, state: row.state, updatedAt: row.updatedAt }
    : { messages: [], state: {}, updatedAt: null };
}

/** Writes the whole history (messages with role `error` are dropped here, whoever sends them). */
export async function saveChat(
  db: Db,
  venueId: string,
  isAdmin: boolean,
  messages: { role: string; html: string }[],
  state: Record<string, unknown>,
): Promise<void> {
  const kept = messages.filter((m): m is StoredChat['messages'][number] => m.role === 'user' || m.role === 'assistant');
  await db
    .insert(chatHistories)
    .values({ venueId, isAdmin, messages: kept, state, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [chatHistories.venueId, chatHistories.isAdmin],
      set: { messages: kept, state, updatedAt: sql`now()` },
    });
}
