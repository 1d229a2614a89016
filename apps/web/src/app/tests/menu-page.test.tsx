import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProduct, makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { useMessageToChat } from '../../lib/stores/message-to-chat.ts';
import { chatHandler, chatReply, streamed, type ChatRequestSeen } from '../../testing/chat-handlers.ts';

const starters = { id: 'starters', name: 'Starters' };
const mains = { id: 'mains', name: 'Mains' };
const desserts = { id: 'desserts', name: 'Desserts' };

const trattoria = makeVenueResponse(
  { venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca', categories: [starters, mains, desserts] },
  [
    makeProduct({ name: 'Burrata', categories: [starters], price: 11.5, recommended: true }),
    makeProduct({ name: 'Tagliatelle al ragù', categories: [mains], price: 16 }),
    makeProduct({ name: 'Arancini', categories: [starters, mains], price: 8 }),
    makeProduct({ name: 'Chef surprise', categories: [], price: null }),
  ],
);

describe('menu page /:id/menu', () => {
  it('lists the products by category from /api/public/venue, with chips that jump to each section', async () => {
    server.use(venueHandler([trattoria]));
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Starters' })).toBeInTheDocument();
    const sections = screen.getAllByRole('region');
    expect(sections.map((s) => within(s).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Starters',
      'Mains',
      'Other',
    ]);
    // Desserts has no products: no empty section.
    expect(screen.queryByRole('heading', { name: 'Desserts' })).not.toBeInTheDocument();

    const [startersSection, mainsSection, otherSection] = sections;
    expect(
      within(startersSection!)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading').textContent),
    ).toEqual(['Burrata', 'Arancini']);
    // A product in two categories appears in each.
    expect(within(mainsSection!).getByRole('article', { name: 'Arancini' })).toBeInTheDocument();
    expect(within(otherSection!).getByRole('article', { name: 'Chef surprise' })).toHaveTextContent('Ask for price');

    const chips = screen.getByRole('navigation', { name: 'Menu categories' });
    const links = within(chips).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Starters', 'Mains', 'Other']);
    expect(links[1]).toHaveAttribute('href', `#${mainsSection!.id}`);

    // Header: venue name; order bar: Menu is the current view.
    expect(screen.getByRole('link', { name: 'Trattoria da Luca' })).toHaveAttribute('href', '/trattoria-da-luca');
    const bar = screen.getByRole('navigation', { name: 'Chat or menu' });
    expect(within(bar).getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/trattoria-da-luca');
    // The venue theme colour is applied, with white text on the dark orange.
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#9a3412');
    expect(document.documentElement.style.getPropertyValue('--brand-contrast')).toBe('#ffffff');
  });

  it('shows skeletons while the menu loads', async () => {
    server.use(venueHandler([trattoria]));
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu' });
    expect(screen.getByText('Loading the menu…')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Burrata' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the menu…')).not.toBeInTheDocument();
  });

  it('sends the chat starter text to the chat page, with the what-about prefix when it is not a question', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(venueHandler([trattoria]), chatHandler([streamed(chatReply('<p>Tiramisu it is.</p>'))], seen));
    useMessageToChat.setState({ messageToChat: null });
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu' });
    await screen.findByRole('article', { name: 'Burrata' });
    const box = screen.getByRole('searchbox', { name: 'Ask about the menu' });
    expect(box).toHaveAttribute('placeholder', 'Ask Luca anything');

    await user.type(box, '   {Enter}');
    expect(useMessageToChat.getState().messageToChat).toBeNull();
    expect(screen.getByRole('searchbox')).toBeInTheDocument();

    await user.type(box, '  tiramisu {Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Trattoria da Luca' })).toBeInTheDocument();
    // The chat page sends it once.
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Tiramisu it is.')).toBeInTheDocument();
    expect(within(log).getByText('What about tiramisu')).toBeInTheDocument();
    expect(seen.map((r) => r.message)).toEqual(['What about tiramisu']);
    expect(useMessageToChat.getState().messageToChat).toBeNull();
  });

  it('keeps a question as typed', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(venueHandler([trattoria]), chatHandler([streamed(chatReply('<p>Yes.</p>'))], seen));
    useMessageToChat.setState({ messageToChat: null });
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu' });
    await user.type(await screen.findByRole('searchbox'), 'Is the burrata vegetarian?{Enter}');
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Yes.')).toBeInTheDocument();
    expect(seen.map((r) => r.message)).toEqual(['Is the burrata vegetarian?']);
  });

  it("shows a text-menu venue's menu as laid-out text, not cards", async () => {
    const text = 'PIZZE\nMargherita ... 9\nDiavola ... 11';
    server.use(
      venueHandler([makeVenueResponse({ venueUrl: 'pizzeria', name: 'Pizzeria', useTextMenu: true, textMenu: text })]),
    );
    await renderWithProviders(undefined, { route: '/pizzeria/menu' });
    const section = await screen.findByRole('region', { name: 'Menu' });
    expect(within(section).getByRole('heading', { name: 'PIZZE' })).toBeInTheDocument();
    const [margherita, diavola] = within(section).getAllByRole('listitem');
    expect(within(margherita!).getByText('Margherita')).toBeInTheDocument();
    expect(within(margherita!).getByText('9')).toBeInTheDocument();
    expect(within(diavola!).getByText('11')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('chat page / and /:id', () => {
  it('shows the default venue at / with its intro and localised suggestion chips that send their question', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(venueHandler([trattoria]), chatHandler([streamed(chatReply('<p>Voici.</p>'))], seen));
    useMessageToChat.setState({ messageToChat: null });
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/', language: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenue chez Trattoria da Luca' }),
    ).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Discussion ou carte' });
    expect(within(bar).getByRole('link', { name: 'Discussion' })).toHaveAttribute('aria-current', 'page');
    await user.click(await screen.findByRole('button', { name: 'Plats végétariens' }));
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Voici.')).toBeInTheDocument();
    expect(seen.map((r) => [r.message, r.language, r.venueUrl])).toEqual([
      ['Plats végétariens', 'fr', 'trattoria-da-luca'],
    ]);
    // The first test to open the chat compiles its lazy chunk and the French one.
  }, 15_000);
});
