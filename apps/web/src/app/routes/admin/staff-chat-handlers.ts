import { http, HttpResponse } from 'msw';
import type { ChatHistoryData } from '@carte/domain/wire';

/**
 * A fake staff chat for web tests: GET /api/chat/history and POST /api/chat (isAdmin), answering
 * each message with the reply the test scripted for it (or a plain one), as the server would.
 */
export function fakeStaffChat(
  options: { history?: ChatHistoryData['messages']; replies?: Record<string, string> } = {},
) {
  const calls: { message: string; isAdmin: unknown; language: unknown }[] = [];
  const messages = [...(options.history ?? [])];
  const handlers = [
    http.get('/api/chat/history', () =>
      HttpResponse.json({
        success: true,
        data: { isAdmin: true, messages, updatedAt: null } satisfies ChatHistoryData,
      }),
    ),
    http.post('/api/chat', async ({ request }) => {
      const body = (await request.json()) as { message: string; isAdmin?: unknown; language?: unknown };
      calls.push({ message: body.message, isAdmin: body.isAdmin, language: body.language });
      const html =
        options.replies?.[body.message] ?? '<p>I did not understand that as a menu change. Nothing was changed.</p>';
      messages.push({ role: 'user', html: `<p>${body.message}</p>` }, { role: 'assistant', html });
      return HttpResponse.json({
        success: true,
        data: { message: { role: 'assistant', html }, products: [], actions: [] },
      });
    }),
  ];
  return { handlers, calls };
}
