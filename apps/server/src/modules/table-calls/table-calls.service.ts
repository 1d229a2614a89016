import type { CreateCallBody, TableCall, UpdateCallBody } from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { OrderEventPublisher } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import {
  countCallsSince,
  findCall,
  findVenueForCall,
  insertCall,
  listOpenCalls,
  toTableCall,
  updateCall,
} from './table-calls.repository.ts';

/** A table may call at most this many times in CALL_WINDOW_MS (a child pressing the button). */
export const CALLS_PER_TABLE = 6;
export const CALL_WINDOW_MS = 15 * 60 * 1000;

export interface TableCallsDeps {
  db: Db;
  events?: OrderEventPublisher;
  now?: () => number;
}

/**
 * Calls from the table (architecture 4.12): a guest calls the waiter or asks for the bill, the board
 * hears it (event `call.created`, across processes), staff acknowledge it (`call.updated`) and the
 * guest sees someone is coming.
 */
export function createTableCallsService(deps: TableCallsDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function publish(type: 'call.created' | 'call.updated', call: TableCall) {
    await deps.events?.publish({ type, orderId: call.id, venueId: call.venueId });
  }

  async function createCall(input: CreateCallBody): Promise<TableCall> {
    const venue = await findVenueForCall(db, input.venueUrl.toLowerCase());
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    if (!venue.spots.includes(input.spot)) throw new AppError('INVALID_SPOT');
    const recent = await countCallsSince(db, venue.id, input.spot, new Date(now() - CALL_WINDOW_MS));
    if (recent >= CALLS_PER_TABLE) {
      throw new AppError('CALLS_TOO_MANY', { logMessage: `${recent} calls from table ${input.spot}` });
    }
    const row = await insertCall(db, venue.id, input.spot, input.kind);
    if (!row) throw new AppError('CALL_OPEN');
    const call = toTableCall(row);
    await publish('call.created', call);
    return call;
  }

  async function getCall(id: string): Promise<TableCall> {
    const row = await findCall(db, id);
    if (!row) throw new AppError('CALL_NOT_FOUND');
    return toTableCall(row);
  }

  async function changeCall(input: UpdateCallBody, byUserId: string): Promise<TableCall> {
    const row = await updateCall(db, input.id, input.status, byUserId);
    if (!row) return getCall(input.id); // done already: nothing changes
    const call = toTableCall(row);
    await publish('call.updated', call);
    return call;
  }

  async function openCalls(venueId: string): Promise<TableCall[]> {
    return (await listOpenCalls(db, venueId)).map(toTableCall);
  }

  return { createCall, getCall, changeCall, openCalls };
}

export type TableCallsService = ReturnType<typeof createTableCallsService>;
