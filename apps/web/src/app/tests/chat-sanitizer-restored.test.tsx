import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { makeProduct, makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { gate } from '../../testing/chat-handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';

/**
 * A stored conversation with replies needs the replies' sanitiser (DOMPurify, a chunk of its own):
 * the chat waits for it and then shows the conversation formatted, sanitised, at once. The chunk's
 * module is mocked to wait until the test lets it through, then to be the real one (once per file:
 * chat-sanitizer-late.test.tsx has the reply that comes first and the failed download).
 */
const chunk = vi.hoisted(() => ({ attempts: 0, wait: [] as Promise<void>[] }));
vi.mock('../../features/chat/lib/sanitize-html.ts', async (importOriginal) => {
  await chunk.wait[chunk.attempts++];
  return importOriginal();
});

const minestrone = makeProduct({ id: '7d1c2a52-7c1e-4a51-9a52-000000000001', name: 'Minestrone', price: 9 });
const trattoria = makeVenueResponse({ venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' }, [minestrone]);
const HISTORY_KEY = 'carte:chat:guest:trattoria-da-luca';

const log = () => screen.getByRole('log', { name: 'Conversation' });

// The chat is a lazy chunk: compile it once before the timed test.
beforeAll(async () => {
  await import('../../features/chat/index.ts');
}, 30_000);

describe('a stored conversation with replies', () => {
  it('appears once the sanitiser is here: formatted, sanitised, with its dishes, and no suggestions', async () => {
    const held = gate();
    chunk.wait[0] = held.promise;
    server.use(venueHandler([trattoria]));
    localStorage.setItem(
      HISTORY_KEY,
      JSON.stringify({
        venue: 'trattoria-da-luca',
        isAdmin: false,
        updatedAt: Date.now(),
        messages: [
          { role: 'user', text: 'Anything vegan?', html: '<p>Anything vegan?</p>' },
          {
            role: 'assistant',
            html: '<p>Our <strong>vegan</strong> dishes:</p><ul><li>Minestrone</li></ul><script>window.__xss = 1</script><img src=x onerror="window.__xss = 1"><p class="note" onclick="window.__xss = 1">Please confirm allergens with the staff.</p>',
            products: [minestrone.id],
          },
        ],
      }),
    );
    await renderWithProviders(undefined, { route: '/trattoria-da-luca' });
    await screen.findByRole('log');
    // The download starts with the page; until it is in, the conversation waits (busy), the
    // returning guest gets no suggestions.
    await waitFor(() => expect(chunk.attempts).toBe(1));
    expect(log()).toHaveAttribute('aria-busy', 'true');
    expect(within(log()).queryByText('Anything vegan?')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Suggestions' })).not.toBeInTheDocument());

    await act(async () => held.open());
    expect(await within(log()).findByText('vegan', { selector: 'strong' })).toBeInTheDocument();
    expect(log()).toHaveAttribute('aria-busy', 'false');
    expect(within(log()).getByText('Anything vegan?')).toBeInTheDocument();
    expect(within(log()).getByText('Minestrone', { selector: 'li' })).toBeInTheDocument();
    const note = within(log()).getByText('Please confirm allergens with the staff.');
    expect(note).toHaveClass('note');
    expect(note).not.toHaveAttribute('onclick');
    expect(within(log()).getByRole('article', { name: 'Minestrone' })).toBeInTheDocument();
    // The reply's bubble holds no live markup (the dish card below it is ours).
    const bubble = note.closest('[dir="auto"]')!;
    expect(bubble.querySelector('script, img, [onerror], [onclick]')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(chunk.attempts).toBe(1);
  });
});
