import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeProduct, makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { useCartStore } from '../../features/ordering/index.ts';

/** Pickup and the delivery minimum in the guest's checkout (decision 032). */

const arancini = makeProduct({ id: 'arancini', name: 'Arancini', price: 8.5 });
const pickupVenue = makeVenueResponse(
  {
    venueUrl: 'trattoria-da-luca',
    spots: ['1', '2'],
    enable_uber_direct: false,
    pickup: { enabled: true, slotMinutes: 15 },
  },
  [arancini],
);
const deliveryVenue = makeVenueResponse(
  {
    venueUrl: 'trattoria-da-luca',
    spots: ['1', '2'],
    enable_uber_direct: true,
    deliveryRules: { minimumOrder: 20 },
  },
  [arancini],
);
// Slots written with the venue's offset: the select shows the venue's wall clock, whatever the phone's zone.
const SLOTS = ['2099-06-01T19:30:00+02:00', '2099-06-01T19:45:00+02:00'];

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  localStorage.clear();
  useCartStore.getState().syncVenue('reset-between-tests');
});

async function openMenu(venue: ReturnType<typeof makeVenueResponse>, route: string) {
  const user = userEvent.setup();
  server.use(venueHandler([venue]));
  await renderWithProviders(undefined, { route });
  await screen.findByRole('article', { name: 'Arancini', hidden: true });
  return user;
}

describe('pickup in the checkout', { timeout: 20_000 }, () => {
  it('the guest picks pickup, must choose a time, and the order carries it; a time gone is said and the list read again', async () => {
    let slotReads = 0;
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/public/pickup-slots', () => {
        slotReads += 1;
        return HttpResponse.json({
          success: true,
          data: { timezone: 'Europe/Rome', slotMinutes: 15, slots: slotReads === 1 ? SLOTS : SLOTS.slice(1) },
        });
      }),
      http.post('*/api/order', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            success: false,
            error: 'This pickup time is no longer available: please choose another one.',
            code: 'PICKUP_SLOT_UNAVAILABLE',
            issues: [
              { path: 'pickup.at', code: 'slot_unavailable', message: 'is not one of the pickup times offered now' },
            ],
            slots: SLOTS.slice(1),
          },
          { status: 409 },
        );
      }),
    );
    const user = await openMenu(pickupVenue, '/trattoria-da-luca/menu');
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const tables = await screen.findByRole('dialog', { name: 'Choose your table' });
    await user.click(within(tables).getByRole('button', { name: 'Pickup instead' }));

    const recap = await screen.findByRole('dialog', { name: 'Your order (1)' });
    expect(within(recap).getByText('Pickup')).toBeInTheDocument();
    const place = within(recap).getByRole('button', { name: 'Place order · €8.50' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription('Choose a pickup time to place your order.');
    const time = await within(recap).findByRole('combobox', { name: 'Pickup time' });
    // Another day than today: the day is named before the venue's time, in English "Mon 07:30 PM".
    const labels = within(time)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(labels[0]).toBe('Choose a time');
    expect(labels.slice(1)).toEqual([expect.stringMatching(/ 07:30 PM$/), expect.stringMatching(/ 07:45 PM$/)]);

    await user.selectOptions(time, SLOTS[0]!);
    expect(place).toBeEnabled();
    await user.click(place);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ spot: 'pickup', delivery: false, pickup: { at: SLOTS[0] } });
    expect(
      await screen.findByText('This pickup time is no longer available: please choose another one.'),
    ).toBeInTheDocument();
    // The list is read again; the time that went is no choice any more.
    await waitFor(() =>
      expect(within(screen.getByRole('combobox', { name: 'Pickup time' })).getAllByRole('option')).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'Place order · €8.50' })).toBeDisabled();
    expect(useCartStore.getState().cart.lines).toHaveLength(1);
  });

  it('a venue without pickup offers no pickup choice', async () => {
    const user = await openMenu(
      makeVenueResponse({ venueUrl: 'trattoria-da-luca', spots: ['1', '2'], enable_uber_direct: false }, [arancini]),
      '/trattoria-da-luca/menu',
    );
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const tables = await screen.findByRole('dialog', { name: 'Choose your table' });
    expect(within(tables).queryByRole('button', { name: 'Pickup instead' })).not.toBeInTheDocument();
  });
});

describe('the delivery minimum in the checkout', { timeout: 20_000 }, () => {
  it('shows what is missing and keeps the address step closed until the dishes reach the minimum', async () => {
    const user = await openMenu(deliveryVenue, '/trattoria-da-luca/menu?spot=delivery');
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const recap = await screen.findByRole('dialog', { name: 'Your order (1)' });
    const next = within(recap).getByRole('button', { name: 'Choose address' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Delivery from €20.00: add €11.50 more to order.');

    await user.click(within(recap).getByRole('button', { name: 'One more Arancini' }));
    await user.click(within(recap).getByRole('button', { name: 'One more Arancini' }));
    expect(next).toBeEnabled();
    expect(within(recap).getByText('Minimum for delivery: €20.00')).toBeInTheDocument();
  });
});

describe('the delivery area in the checkout', { timeout: 20_000 }, () => {
  it('the chosen suggestion’s postcode and coordinates go with the order; outside the area the guest is told and can change the address', async () => {
    const bodies: { deliveryInfo?: unknown }[] = [];
    server.use(
      http.get('*/api/address', () =>
        HttpResponse.json({
          success: true,
          data: [
            {
              full_address: 'Via Appia Nuova 12, 00183 Roma, Italia',
              postcode: '00183',
              location: { lat: 41.88, lng: 12.51 },
            },
          ],
        }),
      ),
      http.post('*/api/delivery-quote', () =>
        HttpResponse.json({
          success: true,
          data: { fee: 3.9, quoteId: 'q1', currency: 'eur', expiresAt: new Date(Date.now() + 600_000).toISOString() },
        }),
      ),
      http.post('*/api/order', async ({ request }) => {
        bodies.push((await request.json()) as { deliveryInfo?: unknown });
        return HttpResponse.json(
          {
            success: false,
            error: 'This address is outside the delivery area.',
            code: 'DELIVERY_OUTSIDE_AREA',
            issues: [
              { path: 'deliveryInfo.location', code: 'outside_area', message: 'is farther than 3 km from the venue' },
            ],
          },
          { status: 422 },
        );
      }),
    );
    const user = await openMenu(
      makeVenueResponse(
        { venueUrl: 'trattoria-da-luca', spots: ['1'], enable_uber_direct: true, deliveryRules: { radiusKm: 3 } },
        [arancini],
      ),
      '/trattoria-da-luca/menu?spot=delivery',
    );
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Your order (1)' })).getByRole('button', {
        name: 'Choose address',
      }),
    );
    const form = await screen.findByRole('dialog', { name: 'Delivery address' });
    // The area is said before the guest types an address.
    expect(within(form).getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(
      'Type at least 3 characters, then choose your address from the list. We deliver within 3 km.',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Ana Bianchi');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await user.type(within(form).getByRole('textbox', { name: 'Address' }), 'Via Appia');
    await user.click(await within(form).findByRole('button', { name: 'Via Appia Nuova 12, 00183 Roma, Italia' }));
    await user.click(within(form).getByRole('button', { name: 'Confirm address' }));
    const recap = await screen.findByRole('dialog', { name: 'Delivery order' });
    await user.click(await within(recap).findByRole('button', { name: 'Place order · €12.40' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.deliveryInfo).toMatchObject({ postcode: '00183', location: { lat: 41.88, lng: 12.51 } });
    expect(
      await screen.findByText('We do not deliver to this address. Choose another address or order for pickup.'),
    ).toBeInTheDocument();
    // Not the order-error page: the address form is open again, the cart kept.
    expect(await screen.findByRole('dialog', { name: 'Delivery address' })).toBeInTheDocument();
    expect(useCartStore.getState().cart.lines).toHaveLength(1);
  });
});
