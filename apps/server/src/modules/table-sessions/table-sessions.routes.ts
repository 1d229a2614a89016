import {
  addTableLineBodySchema,
  billPartAnswerSchema,
  releaseBillPartBodySchema,
  takeBillPartBodySchema,
  changeTableLineBodySchema,
  joinTableAnswerSchema,
  joinTableBodySchema,
  TABLE_MEMBER_HEADER,
  tableClosedAnswerSchema,
  tableCodeAnswerSchema,
  tableEventsQuerySchema,
  tableSessionSchema,
  tableMemberProfileBodySchema,
  tableSpotBodySchema,
} from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated, requireVenueRole } from '../../http/auth.ts';
import { contract, rawContract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { readIdempotencyKey } from '../orders/orders.service.ts';
import { createPaymentsService } from '../payments/payments.service.ts';
import { createTableSessionsService } from './table-sessions.service.ts';
import { TableStreams } from './table-streams.ts';

const MEMBER = `The member's secret from POST /api/table/join goes in the \`${TABLE_MEMBER_HEADER}\` header.`;
const MENU_ERRORS = [
  'PRODUCT_NOT_IN_MENU',
  'VARIATION_NOT_OF_PRODUCT',
  'PRODUCT_WITHOUT_PRICE',
  'INVALID_VARIATIONS',
  'INVALID_QUANTITY',
] as const;

const join = contract({
  summary: "Join the table's live session with the token of its QR code (opens one when none is open)",
  description: 'Answers the member secret once: the phone keeps it and sends it with every later call.',
  tag: 'table-session',
  auth: 'public',
  body: joinTableBodySchema,
  data: joinTableAnswerSchema,
  status: 201,
  errors: ['VENUE_NOT_FOUND', 'INVALID_SPOT', 'TABLE_TOKEN_INVALID'],
});
const getSession = contract({
  summary: "The table's session: members, shared cart, bill",
  description: MEMBER,
  tag: 'table-session',
  auth: 'public',
  data: tableSessionSchema,
  errors: ['TABLE_MEMBER_UNKNOWN', 'TABLE_SESSION_CLOSED'],
});
const events = rawContract({
  summary: "The table's session, live: `event: session` on connect and after every change",
  description: "EventSource cannot send headers: the member's secret goes in `member`.",
  tag: 'table-session',
  auth: 'public',
  querystring: tableEventsQuerySchema,
  produces: { 'text/event-stream': 'server-sent events, each `data:` the whole session, `id:` its version' },
  errors: ['TABLE_MEMBER_UNKNOWN', 'TABLE_SESSION_CLOSED'],
});
const addLine = contract({
  summary: "Add a dish to the table's shared cart",
  description: MEMBER,
  tag: 'table-session',
  auth: 'public',
  body: addTableLineBodySchema,
  data: tableSessionSchema,
  status: 201,
  errors: ['TABLE_MEMBER_UNKNOWN', 'TABLE_SESSION_CLOSED', ...MENU_ERRORS],
});
const changeLine = contract({
  summary: "Change a line's quantity in the shared cart (0 removes it)",
  description: MEMBER,
  tag: 'table-session',
  auth: 'public',
  body: changeTableLineBodySchema,
  data: tableSessionSchema,
  errors: ['TABLE_MEMBER_UNKNOWN', 'TABLE_SESSION_CLOSED', 'TABLE_LINE_NOT_FOUND'],
});
const memberProfile = contract({
  summary: 'Tell the table your allergies and diets: every round of the table carries them to the kitchen',
  description: `${MEMBER} The bill's allergy banner is every guest's at the table; a round that adds to it needs the staff's acknowledgement again.`,
  tag: 'table-session',
  auth: 'public',
  body: tableMemberProfileBodySchema,
  data: tableSessionSchema,
  errors: ['TABLE_MEMBER_UNKNOWN', 'TABLE_SESSION_CLOSED'],
});
const sendRound = contract({
  summary: "Send the shared cart to the kitchen: the first round makes the table's bill, later ones add to it",
  description: `${MEMBER} An \`Idempotency-Key\` header makes a retry answer without a second round.`,
  tag: 'table-session',
  auth: 'public',
  data: tableSessionSchema,
  errors: [
    'TABLE_MEMBER_UNKNOWN',
    'TABLE_SESSION_CLOSED',
    'TABLE_CART_EMPTY',
    'ORDER_NOT_OPEN',
    'VENUE_CLOSED',
    'ORDERING_PAUSED',
    'NOT_AVAILABLE_NOW',
    'ORDER_TOTAL_TOO_HIGH',
    ...MENU_ERRORS,
  ],
});
const takePart = contract({
  summary: "Take your part of the table's bill and pay it by card: by items, one of N equal shares, or an amount",
  description:
    `${MEMBER} The part is held for you while you pay (15 minutes); parts held and paid never exceed the bill, ` +
    'and two guests never hold the same line or share. Pay with the answered intent as for an order (4.9).',
  tag: 'table-session',
  auth: 'public',
  body: takeBillPartBodySchema,
  data: billPartAnswerSchema,
  status: 201,
  errors: [
    'TABLE_MEMBER_UNKNOWN',
    'TABLE_SESSION_CLOSED',
    'TABLE_NO_BILL',
    'TABLE_PART_TAKEN',
    'TABLE_AMOUNT_TOO_HIGH',
    'TABLE_NOTHING_LEFT',
    'TABLE_BILL_LINE_UNKNOWN',
    'TABLE_BILL_SPLIT',
    'ORDER_ALREADY_PAID',
    'INVALID_TIP',
    'CARD_PAYMENT_UNAVAILABLE',
    'PAYMENT_FAILED',
  ],
});
const releasePart = contract({
  summary: 'Give back a part you hold (you will not pay it): the others may take it',
  description: MEMBER,
  tag: 'table-session',
  auth: 'public',
  body: releaseBillPartBodySchema,
  data: tableSessionSchema,
  errors: ['TABLE_MEMBER_UNKNOWN', 'TABLE_SESSION_CLOSED', 'TABLE_PART_NOT_FOUND'],
});
const newCode = contract({
  summary: "A new QR code for a table (staff): the old code's photos join no more",
  tag: 'table-session',
  auth: 'staff',
  body: tableSpotBodySchema,
  data: tableCodeAnswerSchema,
  errors: ['VENUE_NOT_FOUND', 'INVALID_SPOT'],
});
const closeTable = contract({
  summary: "End a table's session (staff): its phones are told and must scan again",
  tag: 'table-session',
  auth: 'staff',
  body: tableSpotBodySchema,
  data: tableClosedAnswerSchema,
  errors: ['VENUE_NOT_FOUND'],
});

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
  connection: 'close',
};

function memberSecret(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[header.length - 1] : header;
}

/** The table's live session (issue 20, decision 034): guests' routes under /api/table, staff's under /api/venue/table. */
export const tableSessionsRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payments = createPaymentsService({
    db: deps.database.db,
    payments: deps.payments,
    events: deps.events,
    log: fastify.log,
    metrics: deps.metrics,
  });
  const service = createTableSessionsService({
    db: deps.database.db,
    payments,
    events: deps.events,
    publicUrl: deps.env.PUBLIC_URL,
  });
  const streams = new TableStreams(deps.events, service.readBase, fastify.log, deps.streams?.heartbeatMs);
  fastify.addHook('preClose', async () => streams.closeAll());
  fastify.addHook('onClose', async () => streams.closeAll());
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const limit = { rateLimit: { max: deps.env.ORDER_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };
  const secret = (request: { headers: Record<string, string | string[] | undefined> }) =>
    memberSecret(request.headers[TABLE_MEMBER_HEADER]);
  const staff = { preValidation: authenticated };

  app.post('/table/join', { schema: join, config: limit }, async (request, reply) => {
    const answer = await service.join(request.body);
    reply.status(201);
    return ok(answer);
  });

  app.get('/table/session', { schema: getSession }, async (request) => ok(await service.getSession(secret(request))));

  app.get('/table/session/events', { compress: false, schema: events }, async (request, reply) => {
    const { member, session } = await service.authenticate(request.query.member);
    const base = await service.readBase(session.id);
    if (!base) return reply.status(410).send();
    const body = streams.open(base, { id: member.id, name: member.name }, reply.raw);
    return reply.headers(STREAM_HEADERS).send(body);
  });

  app.post('/table/cart', { schema: addLine }, async (request, reply) => {
    const session = await service.addLine(secret(request), request.body);
    reply.status(201);
    return ok(session);
  });

  app.patch('/table/cart', { schema: changeLine }, async (request) =>
    ok(await service.changeLine(secret(request), request.body)),
  );

  app.put('/table/member', { schema: memberProfile }, async (request) =>
    ok(await service.setProfile(secret(request), request.body)),
  );

  app.post('/table/order', { schema: sendRound, config: limit }, async (request) =>
    ok(await service.sendRound(secret(request), readIdempotencyKey(request.headers['idempotency-key']))),
  );

  app.post('/table/bill/part', { schema: takePart, config: limit }, async (request, reply) => {
    const answer = await service.takePart(secret(request), request.body);
    reply.status(201);
    return ok(answer);
  });

  app.post('/table/bill/part/release', { schema: releasePart }, async (request) =>
    ok(await service.releasePart(secret(request), request.body)),
  );

  app.post('/venue/table/code', { ...staff, schema: newCode }, async (request) => {
    await requireVenueRole(request, request.body.venueId);
    return ok(await service.newTableCode(request.body));
  });

  app.post('/venue/table/close', { ...staff, schema: closeTable }, async (request) => {
    await requireVenueRole(request, request.body.venueId);
    return ok(await service.closeTable(request.body));
  });
};
