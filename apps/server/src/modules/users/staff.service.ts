import { randomBytes } from 'node:crypto';
import type { StaffInvitation, StaffInvite, StaffInviteAnswer, StaffMember } from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { OrderEventBus } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import {
  deleteStaffLink,
  findInvitationsOf,
  findUserByEmail,
  findVenueStaff,
  insertStaffLink,
  insertUserIfNew,
  lockVenueStaff,
  takeInvitation,
  upsertInvitation,
} from './users.repository.ts';
import { hashPassword } from './users.service.ts';

/**
 * A temporary password for a new account: 96 random bits in 16 URL-safe characters, shown once to
 * the owner who invited the person (no mail server is needed).
 */
export function generateTemporaryPassword(): string {
  return randomBytes(12).toString('base64url');
}

export function createStaffService(deps: { db: Db; events?: Pick<OrderEventBus, 'publishAccess'> | undefined }) {
  const { db } = deps;
  return {
    async listStaff(venueId: string): Promise<StaffMember[]> {
      return findVenueStaff(db, venueId);
    },

    /**
     * Invites the person with that e-mail (manager unless told owner). The answer and the work done
     * are the same whether or not the e-mail has an account, so an owner learns nothing about other
     * people's accounts: an account is created for a new e-mail (its temporary password is in the
     * answer), and either way the person joins only once they accept, at their next sign-in.
     * Someone already on this venue's staff: 409 STAFF_EXISTS (the owner sees them in the list).
     */
    async inviteStaff(input: StaffInvite, invitedBy: string | null = null): Promise<StaffInviteAnswer> {
      const role = input.role ?? 'manager';
      const temporaryPassword = generateTemporaryPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      return db.transaction(async (tx) => {
        const inserted = await insertUserIfNew(tx, input.email, passwordHash);
        const user = inserted ?? (await findUserByEmail(tx, input.email))!;
        const staff = await findVenueStaff(tx, input.venueId);
        if (staff.some((m) => m.id === user.id)) throw new AppError('STAFF_EXISTS');
        await upsertInvitation(tx, { userId: user.id, venueId: input.venueId, role, invitedBy });
        return { email: user.email, role, status: 'invited' as const, temporaryPassword };
      });
    },

    /** The invitations waiting for this user's answer. */
    async invitationsOf(userId: string): Promise<StaffInvitation[]> {
      const rows = await findInvitationsOf(db, userId);
      return rows.map((r) => ({ ...r, invitedAt: r.invitedAt.toISOString() }));
    },

    /** The user accepts: they join the venue with the invited role. 404 without an invitation. */
    async acceptInvitation(userId: string, venueId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const invitation = await takeInvitation(tx, userId, venueId);
        if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
        await insertStaffLink(tx, userId, venueId, invitation.role);
      });
    },

    /** The user declines: the invitation goes, nothing else changes. 404 without an invitation. */
    async declineInvitation(userId: string, venueId: string): Promise<void> {
      if (!(await takeInvitation(db, userId, venueId))) throw new AppError('INVITATION_NOT_FOUND');
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
