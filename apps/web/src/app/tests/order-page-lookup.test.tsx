import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { useCartStore } from '../../features/ordering/index.ts';
import { order, resetGuestPages } from './guest-pages-fixtures.ts';

// The order page found by its id, or the latest order placed on this device.

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  resetGuestPages();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the order page', () => {
  it.each([
    ['a malformed id (400)', 'garbage'],
    ['an unknown id (404)', '00000000-0000-4000-8000-000000000000'],
  ])('shows the not-found page for %s, never the error page', async (_name, id) => {
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/order?orderId=${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByText(`/trattoria-da-luca/order?orderId=${id}`)).toBeInTheDocument();
    expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();
  });

  it('without an id shows the latest order placed on this device', async () => {
    useCartStore.getState().syncVenue('trattoria-da-luca');
    useCartStore.getState().orderPlaced({ id: order.id, number: 42, date_created: order.date_created });
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/order' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeInTheDocument();
    expect(screen.getByText('Table Terrace A')).toBeInTheDocument();
  });

  it('without an id and no order on this device says there is none yet', async () => {
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/order' });
    expect(await screen.findByText('You have not placed an order yet.')).toBeInTheDocument();
  });

  it('writes money the French way in French', async () => {
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/order?orderId=${order.id}`, language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande n° 42' })).toBeInTheDocument();
    // "20,20 €" with a no-break space (the matcher reads it as a space).
    expect(screen.getAllByText('20,20 €').length).toBeGreaterThan(0);
  });
});
