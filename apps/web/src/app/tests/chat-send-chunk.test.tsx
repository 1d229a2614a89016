import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { chatHandler, chatReply, streamed, type ChatRequestSeen } from '../../testing/chat-handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';

/**
 * What only sending needs (POST /api/chat and its event-stream reader) is a chunk of its own,
 * downloaded as the guest starts to write. Here its downloads fail until the message has failed
 * (with the usual retry), and the retry downloads it again. The chunk's module is mocked to fail
 * while the test says so, then to be the real one (once per file).
 */
const chunk = vi.hoisted(() => ({ attempts: 0, failing: true }));
vi.mock('../../features/chat/api/post-chat.ts', async (importOriginal) => {
  chunk.attempts++;
  if (chunk.failing) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

const trattoria = makeVenueResponse({ venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' }, []);
const log = () => screen.getByRole('log', { name: 'Conversation' });

// The chat is a lazy chunk: compile it once before the timed test.
beforeAll(async () => {
  await import('../../features/chat/index.ts');
}, 30_000);

describe('the chunk that sends a message', () => {
  it('downloads as the guest starts to write; a failed download fails the message, and its retry downloads it again', async () => {
    const seen: ChatRequestSeen[] = [];
    server.use(venueHandler([trattoria]), chatHandler([streamed(chatReply('<p>Hello there.</p>'))], seen));
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca' });
    await screen.findByRole('log');
    expect(chunk.attempts).toBe(0);

    const box = screen.getByRole('searchbox', { name: 'Ask about the menu' });
    await user.click(box);
    await waitFor(() => expect(chunk.attempts).toBe(1));
    await user.type(box, 'hello');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(
      await within(log()).findByText("I couldn't load the message. Please reload the window and try again."),
    ).toBeInTheDocument();
    expect(seen).toHaveLength(0);

    const failed = chunk.attempts;
    chunk.failing = false;
    await user.click(within(log()).getByRole('button', { name: 'Try again' }));
    expect(await within(log()).findByText('Hello there.')).toBeInTheDocument();
    expect(chunk.attempts).toBe(failed + 1);
    expect(seen.map((s) => s.message)).toEqual(['What about hello']);
  });
});
