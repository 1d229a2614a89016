import {
  invitationRefSchema,
  inviteAcceptAnswerSchema,
  inviteAcceptSchema,
  inviteLookupAnswerSchema,
  inviteLookupSchema,
  nothing,
  pendingInvitationSchema,
  staffInvitationAnswerSchema,
  staffInvitationSchema,
  staffInviteAnswerSchema,
  staffInviteSchema,
  staffMemberSchema,
  staffRemoveQuerySchema,
  staffVenueQuerySchema,
} from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contract } from '../../http/contract.ts';
import {
  assertSameOrigin,
  authenticated,
  publicAddress,
  requireUser,
  requireVenueRole,
  setTokenCookies,
} from '../../http/auth.ts';
import { createAuthService } from '../auth/auth.service.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createStaffService } from './staff.service.ts';

const staffErrors = ['VENUE_NOT_FOUND'] as const;
const listStaff = contract({
  summary: "The venue's staff (owners only)",
  tag: 'staff',
  auth: 'staff',
  querystring: staffVenueQuerySchema,
  data: z.array(staffMemberSchema),
  errors: staffErrors,
});
const inviteStaff = contract({
  summary: 'Invite a person to the venue as owner or manager (owners only)',
  description:
    'Sends the person a one-time link by e-mail (48 hours; kept in the outbox without SMTP_URL). Answers 201 and ' +
    'the same shape whether or not the e-mail has an account, never a password: a new person sets their name and ' +
    'password through the link, an existing account accepts at its next sign-in. Inviting again renews the link.',
  tag: 'staff',
  auth: 'staff',
  body: staffInviteSchema,
  data: staffInviteAnswerSchema,
  status: 201,
  errors: [...staffErrors, 'STAFF_EXISTS'],
});
const removeStaff = contract({
  summary: 'Remove a person from the venue (owners only; a venue keeps one owner)',
  tag: 'staff',
  auth: 'staff',
  querystring: staffRemoveQuerySchema,
  data: nothing,
  errors: [...staffErrors, 'STAFF_NOT_FOUND', 'LAST_OWNER'],
});

const listInvitations = contract({
  summary: "The venue's invitations not yet accepted, expired ones included (owners only)",
  tag: 'staff',
  auth: 'staff',
  querystring: staffVenueQuerySchema,
  data: z.array(pendingInvitationSchema),
  errors: staffErrors,
});
const resendInvitation = contract({
  summary: 'Send a pending invitation again with a new link valid 48 hours (the previous link stops working)',
  tag: 'staff',
  auth: 'staff',
  body: invitationRefSchema,
  data: staffInviteAnswerSchema,
  errors: [...staffErrors, 'INVITATION_NOT_FOUND'],
});
const revokeInvitation = contract({
  summary: 'Withdraw a pending invitation (its link answers 404 from then on)',
  tag: 'staff',
  auth: 'staff',
  querystring: invitationRefSchema,
  data: nothing,
  errors: [...staffErrors, 'INVITATION_NOT_FOUND'],
});
const linkErrors = ['INVITATION_NOT_FOUND', 'INVITATION_USED', 'INVITATION_EXPIRED'] as const;
const lookupLink = contract({
  summary: "What an invitation link's page shows (the link's token is the right to see it)",
  description: 'An unknown, revoked or replaced link: 404; a used one: 409 INVITATION_USED; an expired one: 410.',
  tag: 'staff',
  auth: 'public',
  body: inviteLookupSchema,
  data: inviteLookupAnswerSchema,
  errors: linkErrors,
});
const acceptLink = contract({
  summary: 'A person without an account accepts an invitation link: sets a name and password, is signed in',
  description:
    'Creates the account, joins the venue and uses up the link in one transaction; the sign-in travels as ' +
    'httpOnly cookies. An e-mail that has an account: 409 INVITATION_SIGN_IN (sign in and accept there).',
  tag: 'staff',
  auth: 'public',
  body: inviteAcceptSchema,
  data: inviteAcceptAnswerSchema,
  status: 201,
  errors: [...linkErrors, 'INVITATION_SIGN_IN', 'CSRF_REJECTED'],
});

const myInvitations = contract({
  summary: "The invitations to a venue's staff waiting for the signed-in person's answer",
  tag: 'staff',
  auth: 'staff',
  data: z.array(staffInvitationSchema),
});
const answerInvitation = (choice: 'Accept' | 'Decline') =>
  contract({
    summary: `${choice} an invitation to a venue's staff (the invited person only)`,
    tag: 'staff',
    auth: 'staff',
    body: staffInvitationAnswerSchema,
    data: nothing,
    errors: choice === 'Accept' ? ['INVITATION_NOT_FOUND', 'INVITATION_EXPIRED'] : ['INVITATION_NOT_FOUND'],
  });

/** Per address and minute on the public link routes (a token is 256 bits: this only spares the server). */
const LINK_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/**
 * GET/POST/DELETE /api/venue/staff: an owner lists, invites and removes the venue's staff. Managers
 * and everyone else get 403; without a user, 401 before the input is looked at.
 */
export const staffRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createStaffService({
    db: deps.database.db,
    events: deps.events,
    mailer: deps.mailer,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const auth = createAuthService({ db: deps.database.db, events: deps.events, ...(deps.now ? { now: deps.now } : {}) });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/venue/staff', { preValidation: authenticated, schema: listStaff }, async (request) => {
    await requireVenueRole(request, request.query.venueId, ['owner']);
    return ok(await service.listStaff(request.query.venueId));
  });

  app.post('/venue/staff', { preValidation: authenticated, schema: inviteStaff }, async (request, reply) => {
    const owner = requireUser(request);
    await requireVenueRole(request, request.body.venueId, ['owner']);
    const answer = await service.inviteStaff(request.body, owner.id, publicAddress(request, deps.env).url);
    reply.status(201);
    return ok(answer);
  });

  app.get('/venue/staff/invitations', { preValidation: authenticated, schema: listInvitations }, async (request) => {
    await requireVenueRole(request, request.query.venueId, ['owner']);
    return ok(await service.listInvitations(request.query.venueId));
  });

  app.post(
    '/venue/staff/invitations/resend',
    { preValidation: authenticated, schema: resendInvitation },
    async (request) => {
      await requireVenueRole(request, request.body.venueId, ['owner']);
      return ok(
        await service.resendInvitation(request.body.venueId, request.body.id, publicAddress(request, deps.env).url),
      );
    },
  );

  app.delete(
    '/venue/staff/invitations',
    { preValidation: authenticated, schema: revokeInvitation },
    async (request) => {
      await requireVenueRole(request, request.query.venueId, ['owner']);
      await service.revokeInvitation(request.query.venueId, request.query.id);
      return ok(null);
    },
  );

  // The link's page (public: the token in the body is the right; it never appears in a URL).
  app.post('/staff/invite/lookup', { schema: lookupLink, config: { rateLimit: LINK_RATE_LIMIT } }, async (request) => {
    return ok(await service.lookupLink(request.body.token));
  });

  app.post(
    '/staff/invite/accept',
    { schema: acceptLink, config: { rateLimit: LINK_RATE_LIMIT } },
    async (request, reply) => {
      // It signs the browser in: a cross-site form must not.
      assertSameOrigin(request, deps.env);
      const joined = await service.acceptLink(request.body);
      const tokens = await auth.startSession(joined.userId);
      setTokenCookies(reply, deps.env, tokens);
      reply.status(201);
      return ok({
        venueId: joined.venueId,
        venueUrl: joined.venueUrl,
        expires: tokens.expires,
        expires_at: tokens.expires_at,
      });
    },
  );

  // The signed-in person's own invitations: listed at sign-in, accepted or declined by them alone.
  app.get('/staff/invitations', { preValidation: authenticated, schema: myInvitations }, async (request) => {
    return ok(await service.invitationsOf(requireUser(request).id));
  });

  app.post(
    '/staff/invitations/accept',
    { preValidation: authenticated, schema: answerInvitation('Accept') },
    async (request) => {
      await service.acceptInvitation(requireUser(request).id, request.body.venueId);
      return ok(null);
    },
  );

  app.post(
    '/staff/invitations/decline',
    { preValidation: authenticated, schema: answerInvitation('Decline') },
    async (request) => {
      await service.declineInvitation(requireUser(request).id, request.body.venueId);
      return ok(null);
    },
  );

  app.delete('/venue/staff', { preValidation: authenticated, schema: removeStaff }, async (request) => {
    await requireVenueRole(request, request.query.venueId, ['owner']);
    await service.removeStaff(request.query.venueId, request.query.userId);
    return ok(null);
  });
};
