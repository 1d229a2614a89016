import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { fakeAuthBackend } from '../../testing/auth-handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';

const trattoria = makeVenueResponse({ venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' });

describe('error pages', () => {
  it("shows 'Page not found' and the path for an unknown venue", async () => {
    server.use(venueHandler([trattoria]));
    await renderWithProviders(undefined, { route: '/no-such-place/menu' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no-such-place/menu')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Chat or menu' })).not.toBeInTheDocument();
  });

  it("shows 'Page not found' and the path for an unknown page of a known venue", async () => {
    server.use(venueHandler([trattoria]));
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/wine-list' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/trattoria-da-luca/wine-list')).toBeInTheDocument();
  });

  it("shows 'Internal Server Error' when the venue cannot be loaded, with a retry", async () => {
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.get('*/api/public/venue', () =>
        HttpResponse.json(
          { success: false, error: 'An error occurred. Please try again later.', code: 'INTERNAL' },
          { status: 500 },
        ),
      ),
    );
    await renderWithProviders(undefined, { route: '/trattoria-da-luca' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it.each([
    { route: '/error', title: 'Internal Server Error' },
    { route: '/error?status=404&path=%2Fold-menu', title: 'Page not found' },
  ])('$route shows $title', async ({ route, title }) => {
    await renderWithProviders(undefined, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});

describe('language picker', () => {
  it('switches the interface, <html lang> and the i18n_redirected cookie', async () => {
    server.use(venueHandler([trattoria]));
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Trattoria da Luca' });

    const picker = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'ไทย' })).toBeInTheDocument();
    await user.selectOptions(picker, 'th');
    expect(await screen.findByRole('heading', { level: 1, name: 'ยินดีต้อนรับสู่ Trattoria da Luca' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('th');
    expect(document.cookie).toContain('i18n_redirected=th');
    expect(screen.getByRole('combobox', { name: 'ภาษา' })).toHaveValue('th');
  });
});

describe('staff area', () => {
  it('renders the admin shell without the cart, the order link or the order bar', async () => {
    // Nobody is signed in (the login page asks GET /api/_auth/session once).
    server.use(...fakeAuthBackend({ accounts: [] }).handlers);
    await renderWithProviders(undefined, { route: '/admin/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Chat or menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
  });
});
