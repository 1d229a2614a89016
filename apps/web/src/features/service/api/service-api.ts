import type { PauseRequest, VenueServiceState } from '@carte/domain/contracts/venue-service';
import { apiRequest } from '../../../lib/api-client.ts';

export type { VenueServiceState };

/** GET /api/venue/service: open or closed, pauses and prep time, as the board shows them. */
export function getServiceState(venueId: string, signal?: AbortSignal): Promise<VenueServiceState> {
  return apiRequest<VenueServiceState>('/api/venue/service', { query: { venueId }, ...(signal ? { signal } : {}) });
}

/** POST /api/venue/pause: `minutes`, or neither (until resumed); a category or the whole venue. */
export function pauseOrdering(body: PauseRequest): Promise<VenueServiceState> {
  return apiRequest<VenueServiceState>('/api/venue/pause', { method: 'POST', body });
}

/** DELETE /api/venue/pause: ordering resumes at once. */
export function resumeOrdering(venueId: string, categoryId?: string): Promise<VenueServiceState> {
  return apiRequest<VenueServiceState>('/api/venue/pause', {
    method: 'DELETE',
    query: { venueId, categoryId },
  });
}

/** PATCH /api/venue {id, prepMinutes}: managers may set it too. */
export function setPrepMinutes(venueId: string, prepMinutes: number | null): Promise<unknown> {
  return apiRequest<unknown>('/api/venue', { method: 'PATCH', body: { id: venueId, prepMinutes } });
}
