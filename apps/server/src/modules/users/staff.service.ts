import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_TTL_MS,
  unescapeAngleBrackets,
  type InviteLookupAnswer,
  type Language,
  type PendingInvitation,
  type StaffInvitation,
  type StaffInvite,
  type StaffInviteAnswer,
  type StaffMember,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { venues } from '../../db/schema.ts';
import type { OrderEventBus } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import type { MailService } from '../mail/mail.service.ts';
import { inviteMail } from './invite-mail.ts';
import {
  deleteInvite,
  deleteStaffLink,
  findInviteByToken,
  findInvitationsOf,
  findPendingInvites,
  findUserByEmail,
  findVenueStaff,
  insertNamedUser,
  insertStaffLink,
  lockInvitationOf,
  lockInviteByToken,
  lockPendingInvite,
  lockVenueStaff,
  markInviteAccepted,
  renewInvite,
  upsertInvite,
  type InviteRow,
} from './users.repository.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, hashPassword } from './users.service.ts';

/** The path of the page an invitation's link opens; the token follows `#` (never sent to a server). */
export const INVITE_PAGE_PATH = '/admin/invite';

/** A link's token: 256 random bits; only its sha256 is stored (like the sign-in tokens). */
function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StaffServiceDeps {
  db: Db;
  events?: Pick<OrderEventBus, 'publishAccess'> | undefined;
  /** Sends the invitation e-mails (absent: nothing is sent, for tools without a mailer). */
  mailer?: Pick<MailService, 'send'> | undefined;
  /** The clock links expire by (tests move it). */
  now?: () => number;
}

export function createStaffService(deps: StaffServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** The link's invitation if it can still be used: else 404 (unknown, revoked, replaced), 409 used, 410 expired. */
  function usable<T extends { invite: InviteRow }>(row: T | undefined, at: number): T {
    if (!row) throw new AppError('INVITATION_NOT_FOUND');
    if (row.invite.acceptedAt) throw new AppError('INVITATION_USED');
    if (row.invite.expiresAt.getTime() <= at) throw new AppError('INVITATION_EXPIRED');
    return row;
  }

  /** E-mails the link (after the invitation committed); the outbox keeps it whatever happens. */
  async function mailLink(invite: InviteRow, token: string, origin: string): Promise<StaffInviteAnswer['mail']> {
    if (!deps.mailer) return 'kept';
    const [venue] = await db.select({ name: venues.name }).from(venues).where(eq(venues.id, invite.venueId)).limit(1);
    const base = origin.replace(/\/+$/, '');
    const { subject, text } = inviteMail({
      language: invite.language as Language,
      venueName: venue?.name ?? '',
      role: invite.role,
      link: `${base}${INVITE_PAGE_PATH}#${token}`,
      expiresAt: invite.expiresAt,
    });
    const sent = await deps.mailer.send({
      venueId: invite.venueId,
      kind: 'invitation',
      to: invite.email,
      subject,
      text,
    });
    return sent.status;
  }

  const answerOf = (invite: InviteRow, mail: StaffInviteAnswer['mail']): StaffInviteAnswer => ({
    id: invite.id,
    email: invite.email,
    role: invite.role,
    status: 'invited',
    expires_at: invite.expiresAt.toISOString(),
    mail,
  });

  return {
    async listStaff(venueId: string): Promise<StaffMember[]> {
      return findVenueStaff(db, venueId);
    },

    /**
     * Invites the person with that e-mail (manager unless told owner) by a one-time link sent by
     * e-mail, valid 48 hours. The answer and the work done are the same whether or not the e-mail
     * has an account (nothing is created until the person accepts), so an owner learns nothing
     * about other people's accounts. Inviting the same e-mail again renews the invitation (the
     * previous link stops working). Someone already on this venue's staff: 409 STAFF_EXISTS.
     * `origin`: the address the link opens (PUBLIC_URL, else the request's own origin).
     */
    async inviteStaff(input: StaffInvite, invitedBy: string | null, origin: string): Promise<StaffInviteAnswer> {
      const role = input.role ?? 'manager';
      const { token, hash } = newInviteToken();
      const expiresAt = new Date(now() + INVITATION_TTL_MS);
      const invite = await db.transaction(async (tx) => {
        const staff = await findVenueStaff(tx, input.venueId);
        if (staff.some((m) => m.email === input.email)) throw new AppError('STAFF_EXISTS');
        return upsertInvite(tx, {
          venueId: input.venueId,
          email: input.email,
          role,
          language: input.language ?? 'en',
          tokenHash: hash,
          invitedBy,
          expiresAt,
        });
      });
      return answerOf(invite, await mailLink(invite, token, origin));
    },

    /** The venue's invitations not yet accepted, newest first (owners). */
    async listInvitations(venueId: string): Promise<PendingInvitation[]> {
      const at = now();
      return (await findPendingInvites(db, venueId)).map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        invited_at: i.createdAt.toISOString(),
        expires_at: i.expiresAt.toISOString(),
        expired: i.expiresAt.getTime() <= at,
      }));
    },

    /** A new link for a pending invitation (48 hours from now); the previous one stops working. */
    async resendInvitation(venueId: string, id: string, origin: string): Promise<StaffInviteAnswer> {
      const { token, hash } = newInviteToken();
      const invite = await db.transaction(async (tx) => {
        if (!(await lockPendingInvite(tx, venueId, id))) throw new AppError('INVITATION_NOT_FOUND');
        return renewInvite(tx, id, hash, new Date(now() + INVITATION_TTL_MS));
      });
      return answerOf(invite, await mailLink(invite, token, origin));
    },

    /** Withdraws a pending invitation: its link answers 404 from now on. */
    async revokeInvitation(venueId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await lockPendingInvite(tx, venueId, id))) throw new AppError('INVITATION_NOT_FOUND');
        await deleteInvite(tx, id);
      });
    },

    /** What the link's page shows; whether the e-mail has an account is for the link's holder only. */
    async lookupLink(token: string): Promise<InviteLookupAnswer> {
      const { invite, venueName } = usable(await findInviteByToken(db, hashInviteToken(token)), now());
      const account = (await findUserByEmail(db, invite.email)) ? 'existing' : 'new';
      return {
        email: invite.email,
        role: invite.role,
        venueName,
        expires_at: invite.expiresAt.toISOString(),
        account,
      };
    },

    /**
     * A person without an account accepts through the link: their account is created with the name
     * and password they chose, they join the venue, and the link is used up, in one transaction.
     * An e-mail that has an account: 409 INVITATION_SIGN_IN (they sign in and accept there).
     */
    async acceptLink(input: {
      token: string;
      first_name: string;
      last_name?: string | undefined;
      password: string;
    }): Promise<{ userId: string; venueId: string; venueUrl: string }> {
      const password = unescapeAngleBrackets(input.password);
      if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
        const message = `must be from ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`;
        throw new AppError('VALIDATION', {
          issues: [
            {
              path: 'password',
              code: password.length < MIN_PASSWORD_LENGTH ? 'too_small' : 'too_big',
              params: { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH, origin: 'string' },
              message,
            },
          ],
          message: `password: ${message}`,
        });
      }
      // Checked before the (slow) hash so that a used or expired link answers at once.
      usable(await findInviteByToken(db, hashInviteToken(input.token)), now());
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const { invite, venueUrl } = usable(await lockInviteByToken(tx, hashInviteToken(input.token)), now());
        const user = await insertNamedUser(tx, {
          email: invite.email,
          passwordHash,
          firstName: input.first_name.trim(),
          lastName: input.last_name?.trim() || null,
        });
        if (!user) throw new AppError('INVITATION_SIGN_IN');
        await insertStaffLink(tx, user.id, invite.venueId, invite.role);
        await markInviteAccepted(tx, invite.id, user.id, new Date(now()));
        return { userId: user.id, venueId: invite.venueId, venueUrl };
      });
    },

    /** The invitations of this user's e-mail waiting for their answer (not expired). */
    async invitationsOf(userId: string): Promise<StaffInvitation[]> {
      const rows = await findInvitationsOf(db, userId, new Date(now()));
      return rows.map((r) => ({
        venueId: r.venueId,
        venueName: r.venueName,
        venueUrl: r.venueUrl,
        role: r.role,
        invitedAt: r.invitedAt.toISOString(),
      }));
    },

    /** The user accepts: they join the venue with the invited role. 404 without an invitation, 410 expired. */
    async acceptInvitation(userId: string, venueId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const invite = await lockInvitationOf(tx, userId, venueId);
        if (!invite) throw new AppError('INVITATION_NOT_FOUND');
        if (invite.expiresAt.getTime() <= now()) throw new AppError('INVITATION_EXPIRED');
        await insertStaffLink(tx, userId, venueId, invite.role);
        await markInviteAccepted(tx, invite.id, userId, new Date(now()));
      });
    },

    /** The user declines: the invitation goes, nothing else changes. 404 without an invitation. */
    async declineInvitation(userId: string, venueId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const invite = await lockInvitationOf(tx, userId, venueId);
        if (!invite) throw new AppError('INVITATION_NOT_FOUND');
        await deleteInvite(tx, invite.id);
      });
    },

    /** Removes a person from the venue's staff; the last owner stays. Their account remains. */
    async removeStaff(venueId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const staff = await lockVenueStaff(tx, venueId);
        const target = staff.find((s) => s.userId === userId);
        if (!target) throw new AppError('STAFF_NOT_FOUND');
        if (target.role === 'owner' && staff.filter((s) => s.role === 'owner').length === 1) {
          throw new AppError('LAST_OWNER');
        }
        await deleteStaffLink(tx, userId, venueId);
      });
      // After the commit: their board streams on that venue close in every process.
      await deps.events?.publishAccess({ type: 'access.revoked', userId, venueId });
    },
  };
}
