import { http, HttpResponse } from 'msw';
import type { VenueServiceState } from '@carte/domain/contracts/venue-service';

/**
 * A fake of the board's service calls (architecture 4.10) with state: a pause shows in the next GET,
 * a resume removes it, and the prep time set by PATCH /api/venue is answered back. Calls are recorded.
 */
export function fakeService(initial: Partial<VenueServiceState> = {}) {
  let state: VenueServiceState = {
    venueId: 'venue-luca',
    pause: null,
    prepMinutes: null,
    categories: [],
    open: true,
    ...initial,
  };
  const calls: { method: string; body: unknown }[] = [];
  const handlers = [
    http.get('*/api/venue/service', ({ request }) => {
      state = { ...state, venueId: new URL(request.url).searchParams.get('venueId') ?? state.venueId };
      return HttpResponse.json({ success: true, data: state });
    }),
    http.post('*/api/venue/pause', async ({ request }) => {
      const body = (await request.json()) as { minutes?: number; message?: string; categoryId?: string };
      calls.push({ method: 'POST', body });
      const pause = {
        until: body.minutes ? new Date(Date.now() + body.minutes * 60_000).toISOString() : null,
        message: body.message ?? null,
      };
      state = body.categoryId
        ? { ...state, categories: state.categories.map((c) => (c.id === body.categoryId ? { ...c, pause } : c)) }
        : { ...state, pause };
      return HttpResponse.json({ success: true, data: state });
    }),
    http.delete('*/api/venue/pause', ({ request }) => {
      const categoryId = new URL(request.url).searchParams.get('categoryId');
      calls.push({ method: 'DELETE', body: { categoryId } });
      state = categoryId
        ? { ...state, categories: state.categories.map((c) => (c.id === categoryId ? { ...c, pause: null } : c)) }
        : { ...state, pause: null };
      return HttpResponse.json({ success: true, data: state });
    }),
    http.patch('*/api/venue', async ({ request }) => {
      const body = (await request.json()) as { prepMinutes?: number | null };
      calls.push({ method: 'PATCH', body });
      if (body.prepMinutes !== undefined) state = { ...state, prepMinutes: body.prepMinutes };
      return HttpResponse.json({ success: true, data: {} });
    }),
  ];
  /** Another device changes the state (the panel sees it on its next read). */
  const set = (next: Partial<VenueServiceState>) => {
    state = { ...state, ...next };
  };
  return { handlers, calls, state: () => state, set };
}
