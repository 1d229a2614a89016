import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chatHistories, staffChatStates } from '../../db/schema.ts';

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
  db: Db | Tx,
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

/**
 * How long a staff member's conversation state is kept after their last message: a change waiting
 * for "yes" and the last change for "undo" are not applied once it has passed.
 */
export const STAFF_STATE_TTL_MINUTES = 30;

/** The staff chat state of one staff member at one venue; empty when none or when it expired. */
export async function loadStaffState(db: Db, venueId: string, userId: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ state: staffChatStates.state })
    .from(staffChatStates)
    .where(
      and(
        eq(staffChatStates.venueId, venueId),
        eq(staffChatStates.userId, userId),
        gt(staffChatStates.expiresAt, sql`now()`),
      ),
    );
  return row?.state ?? {};
}

/** Writes the state (one row per venue and staff member), expiring STAFF_STATE_TTL_MINUTES from now (database clock). */
export async function saveStaffState(
  db: Db | Tx,
  venueId: string,
  userId: string,
  state: Record<string, unknown>,
): Promise<void> {
  const expiresAt = sql`now() + make_interval(mins => ${STAFF_STATE_TTL_MINUTES})`;
  await db
    .insert(staffChatStates)
    .values({ venueId, userId, state, expiresAt })
    .onConflictDoUpdate({
      target: [staffChatStates.venueId, staffChatStates.userId],
      set: { state, expiresAt, updatedAt: sql`now()` },
    });
}
