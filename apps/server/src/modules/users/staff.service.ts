import { randomBytes } from 'node:crypto';
import type { StaffInvite, StaffInviteAnswer, StaffMember } from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { OrderEventBus } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import {
  deleteStaffLink,
  findUserByEmail,
  findVenueStaff,
  insertStaffLink,
  insertUserIfNew,
  lockVenueStaff,
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
     * Makes the person with that e-mail staff of the venue (manager unless told owner). A new
     * account gets a temporary password, returned once; an existing account is linked as it is.
     */
    async inviteStaff(input: StaffInvite): Promise<StaffInviteAnswer> {
      const role = input.role ?? 'manager';
      const temporaryPassword = generateTemporaryPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      return db.transaction(async (tx) => {
        const inserted = await insertUserIfNew(tx, input.email, passwordHash);
        const user = inserted ?? (await findUserByEmail(tx, input.email))!;
        if (!(await insertStaffLink(tx, user.id, input.venueId, role))) throw new AppError('STAFF_EXISTS');
        return {
          member: { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName, role },
          created: Boolean(inserted),
          temporaryPassword: inserted ? temporaryPassword : null,
        };
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
