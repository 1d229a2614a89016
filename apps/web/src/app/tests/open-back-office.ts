import type { StaffMember } from '@carte/domain/contracts/staff';
import type { PublicProduct } from '@carte/domain/public-types';
import { fakeAuthBackend, type FakeStaffAccount } from '../../testing/auth-handlers.ts';
import { fakeBackOffice, makeStaffVenue } from '../../testing/back-office-handlers.ts';
import { makeProduct } from '../../testing/data-generators.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import type { StaffVenueSettings } from '../../lib/staff/venue-api.ts';

export const luca = { id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' };

export function menu(): PublicProduct[] {
  return [
    makeProduct({
      id: 'burrata',
      name: 'Burrata',
      description: 'Creamy burrata with cherry tomatoes',
      price: 11.5,
      categories: [{ id: 'starters', name: 'Starters' }],
      allergenes: ['dairy'],
    }),
    makeProduct({
      id: 'margherita',
      name: 'Pizza Margherita',
      description: 'Tomato, mozzarella, basil',
      price: 9,
      categories: [{ id: 'pizza', name: 'Pizza' }],
    }),
    makeProduct({
      id: 'diavola',
      name: 'Pizza Diavola',
      description: 'Spicy salami',
      price: 11,
      status: 'unavailable',
      categories: [{ id: 'pizza', name: 'Pizza' }],
      preferences: ['spicy'],
    }),
  ];
}

/** Signs in as the owner (or a manager) of Trattoria da Luca and opens `path` of its back office. */
export async function openBackOffice(
  path: string,
  options: {
    role?: 'owner' | 'manager';
    venue?: Partial<StaffVenueSettings>;
    products?: PublicProduct[];
    staff?: StaffMember[];
    invitations?: Parameters<typeof fakeBackOffice>[0]['invitations'];
    mail?: Parameters<typeof fakeBackOffice>[0]['mail'];
    refuse?: Parameters<typeof fakeBackOffice>[0]['refuse'];
    language?: 'en' | 'fr' | 'it' | 'de' | 'th';
  } = {},
) {
  const role = options.role ?? 'owner';
  const account: FakeStaffAccount = {
    id: 'user-me',
    email: `${role}@example.com`,
    password: 'x',
    venues: [{ ...luca, role }],
  };
  server.use(...fakeAuthBackend({ accounts: [account], signedInAs: account.email }).handlers);
  const backend = fakeBackOffice({
    venue: makeStaffVenue({ role, ...options.venue }),
    products: options.products ?? menu(),
    staff: options.staff ?? [],
    refuse: options.refuse ?? {},
    ...(options.invitations ? { invitations: options.invitations } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
  });
  server.use(...backend.handlers);
  const view = await renderWithProviders(undefined, {
    route: `/admin/trattoria-da-luca${path}`,
    ...(options.language ? { language: options.language } : {}),
  });
  return { ...view, backend };
}

/**
 * Loads the staff pages' modules once, before a file's first test: the pages are lazy, and on a busy
 * machine compiling them on first use took longer than a test's wait for its first heading.
 */
export async function warmStaffPages(): Promise<void> {
  await Promise.all([
    import('../routes/admin/admin-page.tsx'),
    import('../routes/admin/menu-page.tsx'),
    import('../routes/admin/settings-page.tsx'),
    import('../routes/admin/tables-page.tsx'),
    import('../routes/admin/printing-page.tsx'),
    import('../routes/admin/staff-page.tsx'),
    import('../routes/admin/account-page.tsx'),
    import('../routes/admin/invite-page.tsx'),
    import('../routes/admin/outbox-page.tsx'),
  ]);
}
