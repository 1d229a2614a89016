import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_RESET_MS } from '@carte/domain/session-expiry';
import { makeProduct, makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import {
  chatFailure,
  chatHandler,
  chatReply,
  gate,
  streamed,
  type ChatRequestSeen,
} from '../../testing/chat-handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { useMessageToChat } from '../../lib/stores/message-to-chat.ts';
import { useAllergyProfile } from '../../lib/stores/allergy-profile.ts';
import { useCartStore } from '../../features/ordering/index.ts';
import { loadSanitizer } from '../../features/chat/lib/sanitizer.ts';

const minestrone = makeProduct({
  id: '7d1c2a52-7c1e-4a51-9a52-000000000001',
  name: 'Minestrone',
  price: 9,
  preferences: ['vegan'],
});
const burrata = makeProduct({ id: '7d1c2a52-7c1e-4a51-9a52-000000000002', name: 'Burrata', price: 11.5 });
const trattoria = makeVenueResponse({ venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' }, [
  minestrone,
  burrata,
]);
const casaVerde = makeVenueResponse({ venueUrl: 'casa-verde', name: 'Casa Verde' }, []);
const HISTORY_KEY = 'carte:chat:guest:trattoria-da-luca';

const veganReply = chatReply(
  '<p>Our <strong>vegan</strong> dishes:</p><ul><li>Minestrone</li></ul><p class="note">Please confirm allergens with the staff.</p>',
  [minestrone.id, 'not-on-the-menu'],
);

async function openChat(route = '/trattoria-da-luca', language: 'en' | 'fr' = 'en') {
  const user = userEvent.setup();
  const view = await renderWithProviders(undefined, { route, language });
  await screen.findByRole('log');
  return { user, ...view };
}

async function ask(user: ReturnType<typeof userEvent.setup>, text: string, box = 'Ask about the menu', send = 'Ask') {
  await user.type(screen.getByRole('searchbox', { name: box }), text);
  await user.click(screen.getByRole('button', { name: send }));
}

const log = () => screen.getByRole('log', { name: /Conversation|Discussion/ });

// The chat and the replies' sanitiser are lazy chunks: compile them once before the timed tests
// (chat-sanitizer-*.test.tsx test the replies that come before the sanitiser).
// The page's lazy chunks (the route, the chat feature, its sender, the sanitiser) load once here,
// not inside the first test's time limit: on a loaded machine their first import alone took seconds.
beforeAll(async () => {
  await Promise.all([
    import('../routes/chat-page.tsx'),
    import('../routes/guest-pages.ts'),
    import('../../features/chat/index.ts'),
    import('../../features/chat/api/post-chat.ts'),
  ]);
  await loadSanitizer();
}, 30_000);

beforeEach(() => {
  localStorage.clear();
  useMessageToChat.setState({ messageToChat: null });
  useAllergyProfile.getState().clear();
  useCartStore.setState(useCartStore.getInitialState(), true);
});

describe('guest chat /:id', () => {
  it('sends the message with the what-about prefix, shows the typing indicator, streams the reply in, then the dishes as cards', async () => {
    const seen: ChatRequestSeen[] = [];
    const first = gate();
    const second = gate();
    server.use(
      venueHandler([trattoria]),
      chatHandler(
        [
          {
            stream: [
              { wait: first.promise },
              { delta: '<p>Our <strong>vegan</strong> dishes:</p>' },
              { wait: second.promise },
              { delta: '<ul><li>Minestrone</li></ul>' },
              { done: veganReply },
            ],
          },
        ],
        seen,
      ),
    );
    const { user } = await openChat();
    expect(screen.getByRole('list', { name: 'Suggestions' })).toBeInTheDocument();

    await ask(user, '  vegan dishes  ');
    expect(await within(log()).findByText('What about vegan dishes')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The assistant is typing…');
    // The chips are for first-time guests only.
    expect(screen.queryByRole('list', { name: 'Suggestions' })).not.toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      venueUrl: 'trattoria-da-luca',
      language: 'en',
      message: 'What about vegan dishes',
      history: [],
      cart: [],
      accept: 'text/event-stream',
    });

    act(() => first.open());
    expect(await within(log()).findByText('vegan')).toBeInTheDocument();
    expect(screen.queryByText('The assistant is typing…')).not.toBeInTheDocument();
    expect(log()).toHaveAttribute('aria-busy', 'true');
    expect(within(log()).queryByRole('article')).not.toBeInTheDocument();

    act(() => second.open());
    const card = await within(log()).findByRole('article', { name: 'Minestrone' });
    expect(card).toHaveAttribute('data-variation', 'order');
    expect(card).toHaveTextContent('€9.00');
    // An id that is not on the menu shows nothing; the reply appears once.
    expect(within(log()).getAllByRole('article')).toHaveLength(1);
    expect(within(log()).getAllByText('Minestrone', { selector: 'li' })).toHaveLength(1);
    expect(within(log()).getByText('Please confirm allergens with the staff.')).toHaveClass('note');
    expect(log()).toHaveAttribute('aria-busy', 'false');
  });

  it('prefixes only the first message: later ones go as the guest typed them', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(
      venueHandler([trattoria]),
      chatHandler([streamed(chatReply('<p>Hello there.</p>', [])), streamed(chatReply('<p>Added.</p>', []))], seen),
    );
    const { user } = await openChat();
    await ask(user, 'hello');
    expect(await within(log()).findByText('Hello there.')).toBeInTheDocument();
    await ask(user, 'two tiramisu please');
    expect(await within(log()).findByText('Added.')).toBeInTheDocument();
    expect(seen.map((r) => r.message)).toEqual(['What about hello', 'two tiramisu please']);
  });

  it('shows the first three dishes of a long answer, and all of them on request', async () => {
    const many = Array.from({ length: 6 }, (_, i) =>
      makeProduct({ id: `7d1c2a52-7c1e-4a51-9a52-10000000000${i}`, name: `Dish ${i + 1}`, price: 5 + i }),
    );
    server.use(
      venueHandler([makeVenueResponse({ venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' }, many)]),
      chatHandler([
        streamed(
          chatReply(
            '<p>Six dishes.</p>',
            many.map((p) => p.id),
          ),
        ),
      ]),
    );
    const { user } = await openChat();
    await ask(user, 'Everything?');
    const dishes = await within(log()).findByRole('list', { name: 'Dishes in this reply' });
    expect(
      within(dishes)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading').textContent),
    ).toEqual(['Dish 1', 'Dish 2', 'Dish 3']);
    await user.click(within(log()).getByRole('button', { name: 'Show all dishes (6)' }));
    expect(within(dishes).getAllByRole('article')).toHaveLength(6);
    expect(within(log()).queryByRole('button', { name: /Show all dishes/ })).not.toBeInTheDocument();
    await waitFor(() => expect(dishes).toHaveFocus());
  });

  it('sends a question as typed, and nothing at all for an empty input', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(venueHandler([trattoria]), chatHandler([streamed(chatReply('<p>Yes, it is.</p>'))], seen));
    const { user } = await openChat();
    await ask(user, '   ');
    expect(seen).toHaveLength(0);
    await ask(user, 'Is the minestrone vegan?');
    expect(await within(log()).findByText('Yes, it is.')).toBeInTheDocument();
    expect(seen.map((s) => s.message)).toEqual(['Is the minestrone vegan?']);
  });

  it('keeps an allergy said in the chat as the guest profile, joined to the one set on the menu, and sends it next time', async () => {
    const seen: ChatRequestSeen[] = [];
    useAllergyProfile.getState().setProfile({ allergens: ['milk'], diets: [] });
    server.use(
      venueHandler([trattoria]),
      chatHandler(
        [
          streamed({
            ...chatReply('<p>Noted: no peanuts or tree nuts.</p>'),
            allergyProfile: { allergens: ['peanuts', 'tree-nuts', 'milk'], diets: ['vegan'] },
          }),
          streamed(chatReply('<p>The minestrone.</p>', [minestrone.id])),
        ],
        seen,
      ),
    );
    const { user } = await openChat();
    await ask(user, 'my son cant have nuts, we are vegan');
    expect(await within(log()).findByText('Noted: no peanuts or tree nuts.')).toBeInTheDocument();
    expect(useAllergyProfile.getState().profile).toEqual({
      allergens: ['peanuts', 'milk', 'tree-nuts'],
      diets: ['vegan'],
    });
    await ask(user, 'a soup?');
    expect(await within(log()).findByText('The minestrone.')).toBeInTheDocument();
    expect(seen[1]!.allergyProfile).toEqual({
      allergens: ['peanuts', 'milk', 'tree-nuts'],
      diets: ['vegan'],
    });
  });

  it('cuts a message at 2000 characters, never inside an emoji (half of one is text the server refuses)', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(venueHandler([trattoria]), chatHandler([streamed(chatReply('<p>Noted.</p>'))], seen));
    // What another page hands to the chat has no input's maxlength: the hook cuts it.
    useMessageToChat.getState().setMessageToChat(`${'a'.repeat(1999)}🍕🍕 and more`);
    await openChat();
    expect(await within(log()).findByText('Noted.')).toBeInTheDocument();
    expect(seen[0]!.message).toBe(`${'a'.repeat(1999)}🍕`);
  });

  it('speaks the guest language: French prefix and language in the request', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(venueHandler([trattoria]), chatHandler([streamed(chatReply('<p>Voici.</p>'))], seen));
    const { user } = await openChat('/trattoria-da-luca', 'fr');
    await ask(user, 'plats végans', 'Poser une question sur la carte', 'Demander');
    expect(await within(log()).findByText('Voici.')).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ language: 'fr', message: 'Et pour plats végans' });
  });

  it('sends what a suggestion chip or the menu search box put in messageToChat', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(
      venueHandler([trattoria]),
      chatHandler([streamed(chatReply('<p>The burrata.</p>', [burrata.id]))], seen),
    );
    useMessageToChat.getState().setMessageToChat('What about tiramisu');
    await openChat();
    expect(await within(log()).findByText('What about tiramisu')).toBeInTheDocument();
    expect(await within(log()).findByRole('article', { name: 'Burrata' })).toBeInTheDocument();
    expect(useMessageToChat.getState().messageToChat).toBeNull();

    await userEvent.click(screen.getByRole('searchbox', { name: 'Ask about the menu' }));
    expect(screen.queryByRole('button', { name: 'What do you recommend?' })).not.toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['a 500 envelope', chatFailure(500)],
    ['the rate limit (429)', chatFailure(429, 'RATE_LIMITED')],
    [
      'an error event in the stream',
      {
        stream: [{ delta: '<p>Our</p>' }, { error: { success: false as const, error: 'x', code: 'ASSISTANT_FAILED' } }],
      },
    ],
    ['a stream that stops before done', { stream: [{ delta: '<p>Our</p>' }] }],
  ])('offers a retry after %s, and the retry sends the same message', async (_name, failure) => {
    const seen: ChatRequestSeen[] = [];
    server.use(venueHandler([trattoria]), chatHandler([failure, streamed(veganReply)], seen));
    const { user } = await openChat();
    await ask(user, 'Anything vegan?');
    expect(
      await within(log()).findByText("I couldn't load the message. Please reload the window and try again."),
    ).toBeInTheDocument();
    // A failed message is never stored.
    const stored = JSON.parse(localStorage.getItem(HISTORY_KEY)!);
    expect(stored.messages.map((m: { role: string }) => m.role)).toEqual(['user']);

    await user.click(within(log()).getByRole('button', { name: 'Try again' }));
    expect(await within(log()).findByRole('article', { name: 'Minestrone' })).toBeInTheDocument();
    expect(within(log()).queryByText(/couldn't load the message/)).not.toBeInTheDocument();
    expect(within(log()).getAllByText('Anything vegan?')).toHaveLength(1);
    expect(seen.map((s) => [s.message, s.history.length])).toEqual([
      ['Anything vegan?', 0],
      ['Anything vegan?', 0],
    ]);
  });

  it('keeps the conversation per venue across visits, sends it as history, and never stores error messages', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(venueHandler([trattoria, casaVerde]), chatHandler([streamed(veganReply), chatFailure(500)], seen));
    const first = await openChat();
    await ask(first.user, 'Anything <b>vegan</b>?');
    await within(log()).findByRole('article', { name: 'Minestrone' });
    await ask(first.user, 'And for dessert?');
    await within(log()).findByText(/couldn't load the message/);
    expect(seen[1]!.history).toEqual([
      { role: 'user', html: '<p>Anything &lt;b&gt;vegan&lt;/b&gt;?</p>' },
      { role: 'assistant', html: veganReply.message.html },
    ]);
    first.unmount();

    const stored = JSON.parse(localStorage.getItem(HISTORY_KEY)!);
    expect(stored).toMatchObject({ venue: 'trattoria-da-luca', isAdmin: false });
    expect(stored.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);

    // Back later: the conversation is there, the failed message is not, and no chips.
    await openChat();
    expect(await within(log()).findByRole('article', { name: 'Minestrone' })).toBeInTheDocument();
    expect(within(log()).getByText('Anything <b>vegan</b>?')).toBeInTheDocument();
    expect(within(log()).getByText('And for dessert?')).toBeInTheDocument();
    expect(within(log()).queryByText(/couldn't load the message/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Suggestions' })).not.toBeInTheDocument();
  });

  it('shows another venue its own (empty) conversation', async () => {
    server.use(venueHandler([trattoria, casaVerde]));
    localStorage.setItem(
      HISTORY_KEY,
      JSON.stringify({
        venue: 'trattoria-da-luca',
        isAdmin: false,
        updatedAt: Date.now(),
        messages: [{ role: 'user', text: 'Hello', html: '<p>Hello</p>' }],
      }),
    );
    await openChat('/casa-verde');
    expect(within(log()).queryByText('Hello')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Suggestions' })).toBeInTheDocument();
  });

  it.each([
    ['1 hour ago', 3_600_000, true],
    ['over 2 hours ago', SESSION_RESET_MS + 60_000, false],
  ])('a conversation last used %s is kept: %s', async (_name, age, kept) => {
    server.use(venueHandler([trattoria]));
    localStorage.setItem(
      HISTORY_KEY,
      JSON.stringify({
        venue: 'trattoria-da-luca',
        isAdmin: false,
        updatedAt: Date.now() - age,
        messages: [{ role: 'user', text: 'Hello there', html: '<p>Hello there</p>' }],
      }),
    );
    await openChat();
    expect(within(log()).queryByText('Hello there') !== null).toBe(kept);
    expect(localStorage.getItem(HISTORY_KEY) !== null).toBe(kept);
  });

  it('aborts the request when the guest leaves the page', async () => {
    const seen: ChatRequestSeen[] = [];
    const never = gate();
    server.use(venueHandler([trattoria]), chatHandler([{ stream: [{ wait: never.promise }] }], seen));
    const { user, unmount } = await openChat();
    await ask(user, 'Anything vegan?');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.signal.aborted).toBe(false);
    unmount();
    await waitFor(() => expect(seen[0]!.signal.aborted).toBe(true));
    never.open();
  });
});

describe('guest chat and the cart', () => {
  it('adds a dish from its card in the reply; the assistant adds, removes and opens the cart through the same store, with undo', async () => {
    const seen: ChatRequestSeen[] = [];
    const add = (productId: string, quantity: number) => ({
      type: 'add_to_cart',
      productId,
      variationIds: [],
      quantity,
    });
    server.use(
      venueHandler([trattoria]),
      chatHandler(
        [
          streamed(veganReply),
          streamed(chatReply('<p>Two burrata added.</p>', [burrata.id], [add(burrata.id, 2)])),
          streamed(
            chatReply(
              '<p>Done.</p>',
              [],
              [{ type: 'remove_from_cart', productId: minestrone.id, variationIds: [], quantity: 1 }],
            ),
          ),
          streamed(chatReply('<p>Here is your order.</p>', [], [{ type: 'open_cart' }])),
        ],
        seen,
      ),
    );
    const { user } = await openChat();
    expect(await screen.findByRole('button', { name: 'Cart, empty' })).toBeInTheDocument();

    await ask(user, 'vegan dishes');
    const card = await within(log()).findByRole('article', { name: 'Minestrone' });
    await user.click(within(card).getByRole('button', { name: 'Add Minestrone to the order' }));
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();

    await ask(user, 'two burrata please');
    expect(await screen.findByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(seen[1]!.cart).toEqual([{ productId: minestrone.id, variationIds: [], quantity: 1 }]);
    // The same undo toast as the menu page.
    const toast = await screen.findByText('Burrata added to the order');
    await user.click(within(toast.closest('li')!).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();

    await ask(user, 'no minestrone after all');
    expect(await screen.findByRole('button', { name: 'Cart, empty' })).toBeInTheDocument();

    // Reloading the conversation never replays its actions.
    expect(useCartStore.getState().dialog).toBeNull();
    await ask(user, "I'm ready to order");
    await waitFor(() => expect(useCartStore.getState().dialog).toBe('selectSpot'));
    // The table choice is modal: the reply is in the conversation behind it.
    expect(
      within(screen.getByRole('log', { name: /Conversation|Discussion/, hidden: true })).getByText(
        'Here is your order.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Choose your table' })).toBeInTheDocument();
  }, 20_000);
});

describe('guest chat: no markup from a guest or a reply reaches the page live', () => {
  const attacks = [
    '<script>window.__xss = 1</script>',
    '<img src=x onerror="window.__xss = 1">',
    '<a href="javascript:window.__xss = 1">click me</a>',
  ];

  function expectNoLiveMarkup(container: HTMLElement) {
    expect(container.querySelector('script, img, a, iframe, svg, [onerror], [onclick], [href]')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  }

  it.each(attacks)('shows the guest message %s as text', async (attack) => {
    server.use(venueHandler([trattoria]), chatHandler([streamed(chatReply('<p>Sorry?</p>'))]));
    const { user } = await openChat();
    await ask(user, `${attack}?`);
    expect(await within(log()).findByText(`${attack}?`)).toBeInTheDocument();
    await within(log()).findByText('Sorry?');
    expectNoLiveMarkup(log());
  });

  it.each(attacks)('removes %s from the assistant html, streamed and final', async (attack) => {
    const html = `<p>Try this</p>${attack}<p onclick="window.__xss = 1">End</p>`;
    const hold = gate();
    server.use(
      venueHandler([trattoria]),
      chatHandler([{ stream: [{ delta: html }, { wait: hold.promise }, { done: chatReply(html) }] }]),
    );
    const { user } = await openChat();
    await ask(user, 'Anything?');
    await within(log()).findByText('End');
    expectNoLiveMarkup(log());
    act(() => hold.open());
    await waitFor(() => expect(log()).toHaveAttribute('aria-busy', 'false'));
    expectNoLiveMarkup(log());
  });

  it('sanitises a tampered stored history too', async () => {
    server.use(venueHandler([trattoria]));
    localStorage.setItem(
      HISTORY_KEY,
      JSON.stringify({
        venue: 'trattoria-da-luca',
        isAdmin: false,
        updatedAt: Date.now(),
        messages: [
          { role: 'user', text: attacks[1], html: attacks[1] },
          { role: 'assistant', html: `<p>Stored</p>${attacks.join('')}`, products: [] },
        ],
      }),
    );
    await openChat();
    expect(await within(log()).findByText('Stored')).toBeInTheDocument();
    expect(within(log()).getByText(attacks[1]!)).toBeInTheDocument();
    expectNoLiveMarkup(log());
  });
});
