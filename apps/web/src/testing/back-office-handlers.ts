import { http, HttpResponse } from 'msw';
import type { PendingInvitation, StaffMember } from '@carte/domain/contracts/staff';
import type { FieldIssue } from '@carte/domain/errors';
import type { PublicProduct } from '@carte/domain/public-types';
import type { StaffVenueSettings } from '../lib/staff/venue-api.ts';

/**
 * A fake of the staff menu and venue calls (architecture.md 4.7) over one venue, with state: a
 * product PATCH changes what the next GET answers. Every call is recorded with its body and query,
 * so tests check what the browser sent. `refuse` makes one call answer a given envelope.
 */
export interface BackOfficeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
}

type Refusal = { status: number; code: string; error: string; issues?: FieldIssue[] };

export function makeStaffVenue(overrides: Partial<StaffVenueSettings> = {}): StaffVenueSettings {
  return {
    id: 'venue-luca',
    venueUrl: 'trattoria-da-luca',
    name: 'Trattoria da Luca',
    currency: 'eur',
    headerIcon: null,
    headerIconUrl: null,
    inputPlaceholder: 'Ask me about our dishes',
    theme: { primary: '#b5532f', accent: '#5f7a3a' },
    spots: ['1', '2', '3', '4', 'Terrace A'],
    useTextMenu: false,
    textMenu: null,
    enable_uber_direct: true,
    deliveryFee: 3.9,
    pickupAddress: 'Via dei Coronari 48, Roma',
    pickupPhone: '+39 06 6880 1234',
    cardPayment: true,
    timezone: null,
    hours: null,
    closures: [],
    specialHours: [],
    lastOrderMinutes: null,
    prepMinutes: null,
    categories: [
      { id: 'starters', name: 'Starters', position: 0 },
      { id: 'pizza', name: 'Pizza', position: 1 },
    ],
    role: 'owner',
    ...overrides,
  };
}

export function fakeBackOffice(options: {
  venue?: StaffVenueSettings;
  products?: PublicProduct[];
  staff?: StaffMember[];
  /** Invitations not yet accepted (GET /api/venue/staff/invitations). */
  invitations?: PendingInvitation[];
  /** How an invitation e-mail leaves: `kept` in the outbox (no SMTP_URL, the default), `sent`, `failed`. */
  mail?: 'sent' | 'kept' | 'failed';
  /** `METHOD /path` -> the refusal that call answers. */
  refuse?: Record<string, Refusal>;
}) {
  const calls: BackOfficeCall[] = [];
  const state = {
    venue: options.venue ?? makeStaffVenue(),
    products: [...(options.products ?? [])],
    staff: [...(options.staff ?? [])],
    invitations: [...(options.invitations ?? [])],
    refuse: { ...(options.refuse ?? {}) },
    nextId: 1,
  };
  const record = async (request: Request) => {
    let body: Record<string, unknown> | null = null;
    const type = request.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      try {
        body = (await request.clone().json()) as Record<string, unknown>;
      } catch {
        body = null;
      }
    }
    const url = new URL(request.url);
    const call = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
    calls.push(call);
    return call;
  };
  const refusal = (method: string, path: string) => {
    const r = state.refuse[`${method} ${path}`];
    if (!r) return null;
    return HttpResponse.json(
      { success: false, error: r.error, code: r.code, ...(r.issues ? { issues: r.issues } : {}) },
      { status: r.status },
    );
  };
  const ok = (data: unknown, status = 200) => HttpResponse.json({ success: true, data }, { status });

  const handlers = [
    http.get('*/api/venue', async ({ request }) => {
      await record(request);
      return refusal('GET', '/api/venue') ?? ok(state.venue);
    }),
    http.patch('*/api/venue', async ({ request }) => {
      const { body } = await record(request);
      const refused = refusal('PATCH', '/api/venue');
      if (refused) return refused;
      const { id: _id, ...patch } = body ?? {};
      state.venue = { ...state.venue, ...(patch as Partial<StaffVenueSettings>) };
      return ok(state.venue);
    }),
    http.get('*/api/product', async ({ request }) => {
      await record(request);
      return refusal('GET', '/api/product') ?? ok(state.products);
    }),
    http.post('*/api/product', async ({ request }) => {
      const { body } = await record(request);
      const refused = refusal('POST', '/api/product');
      if (refused) return refused;
      const input = body as Record<string, unknown>;
      const product: PublicProduct & { taxRate: string | null } = {
        id: `product-new-${state.nextId++}`,
        name: String(input.name),
        description: (input.description as string | null) ?? null,
        price: (input.price as number | null) ?? null,
        image: input.image ? `/media/${String(input.image)}.webp` : null,
        status: 'available',
        recommended: Boolean(input.recommended),
        preferences: (input.preferences as string[]) ?? [],
        allergenes: (input.allergenes as string[]) ?? [],
        categories: ((input.categories as string[]) ?? []).map((id) => ({
          id,
          name: state.venue.categories.find((c) => c.id === id)?.name ?? id,
        })),
        variations: [],
        variationGroups: [],
        taxRate: (input.taxRate as string | null | undefined) ?? null,
      };
      state.products.push(product);
      return ok(product, 201);
    }),
    http.patch('*/api/product', async ({ request }) => {
      const { body } = await record(request);
      const refused = refusal('PATCH', '/api/product');
      if (refused) return refused;
      const { id, ...patch } = body ?? {};
      const index = state.products.findIndex((p) => p.id === id);
      if (index < 0)
        return HttpResponse.json(
          { success: false, error: 'Product not found on update action', code: 'NOT_FOUND' },
          { status: 404 },
        );
      const updated = { ...state.products[index]!, ...(patch as Partial<PublicProduct>) };
      if ('categories' in patch) {
        updated.categories = (patch.categories as string[]).map((cid) => ({ id: cid, name: cid }));
      }
      state.products[index] = updated;
      return ok(updated);
    }),
    http.delete('*/api/product', async ({ request }) => {
      const { query } = await record(request);
      const refused = refusal('DELETE', '/api/product');
      if (refused) return refused;
      state.products = state.products.filter((p) => p.id !== query.id);
      return ok(null);
    }),
    http.post('*/api/category', async ({ request }) => {
      const { body } = await record(request);
      const refused = refusal('POST', '/api/category');
      if (refused) return refused;
      const category = {
        id: `category-${state.nextId++}`,
        name: String(body?.name),
        position: state.venue.categories.length,
      };
      state.venue = { ...state.venue, categories: [...state.venue.categories, category] };
      return ok(category, 201);
    }),
    http.patch('*/api/category', async ({ request }) => {
      const { body } = await record(request);
      const refused = refusal('PATCH', '/api/category');
      if (refused) return refused;
      const { id, ...patch } = body ?? {};
      const category = state.venue.categories.find((c) => c.id === id);
      if (!category)
        return HttpResponse.json(
          { success: false, error: 'Category not found', code: 'CATEGORY_NOT_FOUND' },
          { status: 404 },
        );
      const updated = { ...category, ...(patch as Partial<typeof category>) };
      state.venue = { ...state.venue, categories: state.venue.categories.map((c) => (c.id === id ? updated : c)) };
      return ok(updated);
    }),
    http.post('*/api/asset', async ({ request }) => {
      await record(request);
      const refused = refusal('POST', '/api/asset');
      if (refused) return refused;
      const id = `asset-${state.nextId++}`;
      return ok({ id, url: `/media/${id}.webp` }, 201);
    }),
    http.get('*/api/venue/qr', async ({ request }) => {
      await record(request);
      return (
        refusal('GET', '/api/venue/qr') ??
        new HttpResponse(new TextEncoder().encode('%PDF-1.7\n%fake\n'), {
          headers: { 'content-type': 'application/pdf' },
        })
      );
    }),
    http.get('*/api/venue/staff', async ({ request }) => {
      await record(request);
      return refusal('GET', '/api/venue/staff') ?? ok(state.staff);
    }),
    http.post('*/api/venue/staff', async ({ request }) => {
      const { body } = await record(request);
      const refused = refusal('POST', '/api/venue/staff');
      if (refused) return refused;
      const email = String(body?.email);
      // As the server: the same answer whether or not the e-mail has an account, never a password;
      // the person joins the staff list only once they accept the link (or at their next sign-in).
      const expires = new Date(Date.now() + 48 * 3600_000).toISOString();
      const invitation = {
        id: `invitation-${state.nextId++}`,
        email,
        role: 'manager' as const,
        invited_at: new Date().toISOString(),
        expires_at: expires,
        expired: false,
      };
      state.invitations = [invitation, ...state.invitations.filter((i) => i.email !== email)];
      const answer = { id: invitation.id, email, role: 'manager', status: 'invited', expires_at: expires };
      return ok({ ...answer, mail: options.mail ?? 'kept' }, 201);
    }),
    http.get('*/api/venue/staff/invitations', async ({ request }) => {
      await record(request);
      return refusal('GET', '/api/venue/staff/invitations') ?? ok(state.invitations);
    }),
    http.post('*/api/venue/staff/invitations/resend', async ({ request }) => {
      const { body } = await record(request);
      const refused = refusal('POST', '/api/venue/staff/invitations/resend');
      if (refused) return refused;
      const found = state.invitations.find((i) => i.id === body?.id);
      if (!found) {
        return HttpResponse.json(
          { success: false, code: 'INVITATION_NOT_FOUND', error: 'This invitation no longer exists.' },
          { status: 404 },
        );
      }
      const expires = new Date(Date.now() + 48 * 3600_000).toISOString();
      Object.assign(found, { expires_at: expires, expired: false });
      return ok({
        id: found.id,
        email: found.email,
        role: found.role,
        status: 'invited',
        expires_at: expires,
        mail: options.mail ?? 'kept',
      });
    }),
    http.delete('*/api/venue/staff/invitations', async ({ request }) => {
      const { query } = await record(request);
      const refused = refusal('DELETE', '/api/venue/staff/invitations');
      if (refused) return refused;
      state.invitations = state.invitations.filter((i) => i.id !== query.id);
      return ok(null);
    }),
    http.delete('*/api/venue/staff', async ({ request }) => {
      const { query } = await record(request);
      const refused = refusal('DELETE', '/api/venue/staff');
      if (refused) return refused;
      state.staff = state.staff.filter((s) => s.id !== query.userId);
      return ok(null);
    }),
  ];

  return {
    handlers,
    calls,
    state,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    refuse: (key: string, value: Refusal | null) => {
      if (value) state.refuse[key] = value;
      else delete state.refuse[key];
    },
  };
}
