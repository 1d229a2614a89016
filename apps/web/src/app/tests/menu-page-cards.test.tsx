import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { useCartStore } from '../../features/ordering/index.ts';
import { LONG, resetGuestPages } from './guest-pages-fixtures.ts';

// The menu's cards (the count in the cart, a long description) and a venue's text menu.

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  resetGuestPages();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const methodDialog = () => screen.queryByRole('dialog', { name: 'How would you like your order?' });

describe('the menu cards', () => {
  it('show how many of the product are in the cart', async () => {
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu?spot=1' });
    const card = await screen.findByRole('article', { name: 'Arancini' });
    expect(within(card).queryByText(/In the cart/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add Arancini to the order' }));
    expect(await within(card).findByText('In the cart: 1')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add Arancini to the order' }));
    expect(await within(card).findByText('In the cart: 2')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Amatriciana' })).queryByText(/In the cart/)).toBeNull();
  });

  it('open a long description in full with a "More" toggle', async () => {
    // jsdom has no layout: a clamped paragraph taller than its box is what the browser reports.
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.textContent === LONG ? 120 : 20;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(40);
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu?spot=1' });
    const long = await screen.findByRole('article', { name: 'Amatriciana' });
    const more = within(long).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const text = within(long).getByText(LONG);
    expect(text).toHaveClass('line-clamp-2');
    expect(more).toHaveAttribute('aria-controls', text.id);
    await user.click(more);
    expect(within(long).getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
    expect(text).not.toHaveClass('line-clamp-2');
    await user.click(within(long).getByRole('button', { name: 'Less' }));
    expect(text).toHaveClass('line-clamp-2');
    // A description that fits has no toggle.
    expect(
      within(screen.getByRole('article', { name: 'Arancini' })).queryByRole('button', { name: 'More' }),
    ).toBeNull();
    scroll.mockRestore();
  });
});

describe('a venue with a text menu', () => {
  it('shows no cart, no current order, no table or delivery question', async () => {
    await renderWithProviders(undefined, { route: '/the-anchor/menu?spot=1' });
    expect(await screen.findByRole('heading', { name: 'STARTERS' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(useCartStore.getState().dialog).toBeNull();
    expect(methodDialog()).not.toBeInTheDocument();
    // The Chat | Menu switch stays: the assistant can still answer about the menu.
    expect(screen.getByRole('navigation', { name: 'Chat or menu' })).toBeInTheDocument();
  });

  it('lays the text out: headings, dishes with the price in its own column, descriptions, notes', async () => {
    await renderWithProviders(undefined, { route: '/the-anchor/menu' });
    expect(await screen.findByRole('heading', { level: 3, name: 'STARTERS' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'DRINKS' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Wine (175 ml glass / bottle)' })).toBeInTheDocument();
    const dishes = screen.getAllByRole('listitem');
    const soup = dishes.find((li) => li.textContent?.startsWith('Soup of the day'))!;
    expect(within(soup).getByText('£6.50')).toBeInTheDocument();
    expect(within(soup).getByText('Served with crusty bloomer bread and butter.')).toBeInTheDocument();
    expect(within(soup).getByText('Soup of the day (v)')).toBeInTheDocument();
    const wine = dishes.find((li) => li.textContent?.startsWith('House red'))!;
    expect(within(wine).getByText('£6.50 / £24.00')).toBeInTheDocument();
    expect(screen.getByText('Served 12:00-21:30 daily.')).toBeInTheDocument();
    // No raw block of preformatted text.
    expect(document.querySelector('pre')).toBeNull();
  });
});
