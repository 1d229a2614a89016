import type {
  BillPartAnswer,
  JoinTableAnswer,
  JoinTableBody,
  TableMemberProfileBody,
  TableSession,
  TakeBillPartBody,
} from '@carte/domain/contracts/table-session';
import { TABLE_MEMBER_HEADER } from '@carte/domain/table-session';
import { apiRequest, apiUrl } from '../../../lib/api-client.ts';

export type { BillPartAnswer, JoinTableAnswer, TableSession, TakeBillPartBody };

const member = (secret: string) => ({ [TABLE_MEMBER_HEADER]: secret });

/** POST /api/table/join: joins the table's live session with its QR code's token (decision 034). */
export function joinTable(body: JoinTableBody): Promise<JoinTableAnswer> {
  return apiRequest<JoinTableAnswer>('/api/table/join', { method: 'POST', body });
}

/** PUT /api/table/member: the guest's allergies and diets changed; the table's next rounds carry them. */
export function setTableMemberProfile(
  secret: string,
  allergyProfile: TableMemberProfileBody['allergyProfile'],
): Promise<TableSession> {
  return apiRequest<TableSession>('/api/table/member', {
    method: 'PUT',
    headers: member(secret),
    body: { allergyProfile } satisfies TableMemberProfileBody,
  });
}

/** GET /api/table/session: members, the shared cart, the bill. */
export function getTableSession(secret: string, signal?: AbortSignal): Promise<TableSession> {
  return apiRequest<TableSession>('/api/table/session', { headers: member(secret), ...(signal ? { signal } : {}) });
}

export interface TableLineInput {
  productId: string;
  variationIds: string[];
  quantity: number;
  notes?: string | null;
}

/** POST /api/table/cart: a dish into the table's shared cart. */
export function addTableLine(secret: string, line: TableLineInput): Promise<TableSession> {
  return apiRequest<TableSession>('/api/table/cart', { method: 'POST', body: line, headers: member(secret) });
}

/** PATCH /api/table/cart: a line's quantity (0 removes it). */
export function changeTableLine(secret: string, lineId: string, quantity: number): Promise<TableSession> {
  return apiRequest<TableSession>('/api/table/cart', {
    method: 'PATCH',
    body: { lineId, quantity },
    headers: member(secret),
  });
}

/** POST /api/table/order: the shared cart to the kitchen (keyed: a retry makes no second round). */
export function sendTableRound(secret: string, key: string): Promise<TableSession> {
  return apiRequest<TableSession>('/api/table/order', {
    method: 'POST',
    headers: { ...member(secret), 'idempotency-key': key },
  });
}

/** The session's live stream (EventSource sends no headers: the secret is in the query). */
export function tableEventsUrl(secret: string): string {
  return apiUrl(`/api/table/session/events?member=${encodeURIComponent(secret)}`);
}

/** POST /api/table/bill/part: takes the guest's part of the bill (with their tip) and answers its card intent. */
export function takeBillPart(secret: string, body: TakeBillPartBody): Promise<BillPartAnswer> {
  return apiRequest<BillPartAnswer>('/api/table/bill/part', { method: 'POST', body, headers: member(secret) });
}

/** POST /api/table/bill/part/release: gives back a part the guest will not pay. */
export function releaseBillPart(secret: string, partId: string): Promise<TableSession> {
  return apiRequest<TableSession>('/api/table/bill/part/release', {
    method: 'POST',
    body: { partId },
    headers: member(secret),
  });
}
