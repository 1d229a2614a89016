import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProduct, makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { chatHandler, chatReply, gate, streamed, type ChatRequestSeen } from '../../testing/chat-handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { loadSanitizer } from '../../features/chat/lib/sanitizer.ts';

/**
 * The replies' sanitiser (DOMPurify) is a chunk of its own, downloaded when a reply is coming. Here
 * its download is held until the reply is in, then fails, then succeeds on the next message: the
 * chunk's module is mocked to wait for, or fail, each attempt as the test says, then to be the real
 * one. The module state (a loaded sanitiser) lasts for the file, so this file holds one journey;
 * chat-sanitizer-restored.test.tsx has the stored conversation's.
 */
const chunk = vi.hoisted(() => ({ attempts: 0, wait: [] as Promise<void>[], fail: [] as boolean[] }));
vi.mock('../../features/chat/lib/sanitize-html.ts', async (importOriginal) => {
  const attempt = chunk.attempts++;
  await chunk.wait[attempt];
  if (chunk.fail[attempt]) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

const trattoria = makeVenueResponse({ venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' }, [
  makeProduct({ id: '7d1c2a52-7c1e-4a51-9a52-000000000001', name: 'Minestrone', price: 9 }),
]);

const attack =
  '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 1"><a href="javascript:window.__xss = 1">click me</a>';
const firstHtml = `<p>Our <strong>vegan</strong> dishes:</p><ul><li>Minestrone</li><li>Salad</li></ul>${attack}<p onclick="window.__xss = 1">Enjoy</p>`;

const log = () => screen.getByRole('log', { name: 'Conversation' });

function expectNoLiveMarkup(container: HTMLElement) {
  expect(container.querySelector('script, img, a, iframe, svg, [onerror], [onclick], [href]')).toBeNull();
  expect((window as { __xss?: number }).__xss).toBeUndefined();
}

async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByRole('searchbox', { name: 'Ask about the menu' }), text);
  await user.click(screen.getByRole('button', { name: 'Ask' }));
}

// The chat is a lazy chunk: compile it once before the timed test.
beforeAll(async () => {
  await import('../../features/chat/index.ts');
}, 30_000);

describe('a reply that comes before the sanitiser', () => {
  it('shows as text, never as markup; a failed download leaves it readable and the next message downloads it again', async () => {
    const held = gate();
    chunk.wait[0] = held.promise;
    chunk.fail[0] = true;
    const seen: ChatRequestSeen[] = [];
    server.use(
      venueHandler([trattoria]),
      chatHandler([streamed(chatReply(firstHtml)), streamed(chatReply('<p>The <em>tiramisù</em>.</p>'))], seen),
    );
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca' });
    await screen.findByRole('log');
    // A first visit has no reply to show: nothing asked for the sanitiser yet.
    expect(chunk.attempts).toBe(0);

    await ask(user, 'vegan dishes');
    // Writing asked for it (the download is held), and the reply is complete before it.
    await waitFor(() => expect(chunk.attempts).toBe(1));
    expect(await within(log()).findByText('Enjoy', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(log()).toHaveAttribute('aria-busy', 'false'));
    // Its text, a paragraph per block and a line per item, and none of its markup.
    for (const line of ['Our vegan dishes:', 'Minestrone', 'Salad', 'Enjoy'])
      expect(within(log()).getByText(line, { selector: 'p' })).toBeInTheDocument();
    expect(log().querySelector('strong, ul, li')).toBeNull();
    expectNoLiveMarkup(log());

    // The download fails: the reply stays as it is, readable, and nothing asks again by itself.
    const download = loadSanitizer(); // the download under way, not a new one
    await act(async () => {
      held.open();
      expect(await download).toBeNull();
    });
    expect(chunk.attempts).toBe(1);
    expect(within(log()).getByText('Our vegan dishes:', { selector: 'p' })).toBeInTheDocument();
    expectNoLiveMarkup(log());

    // The next message needs it: downloaded again, and every reply is shown sanitised.
    await ask(user, 'and a dessert?');
    expect(await within(log()).findByText('tiramisù', { selector: 'em' })).toBeInTheDocument();
    expect(chunk.attempts).toBe(2);
    expect(within(log()).getByText('vegan', { selector: 'strong' })).toBeInTheDocument();
    expect(within(log()).getByText('Salad', { selector: 'li' })).toBeInTheDocument();
    expect(within(log()).getByText('Enjoy', { selector: 'p' })).not.toHaveAttribute('onclick');
    expectNoLiveMarkup(log());
    expect(seen.map((s) => s.message)).toEqual(['What about vegan dishes', 'and a dessert?']);
  }, 20_000);
});
