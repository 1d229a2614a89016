import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffCategory, UpdateCategoryInput } from '@carte/domain/contracts/category';
import type { PrintOn } from '@carte/domain/kitchen';
import type { TicketWidth } from '@carte/domain/ticket';
import type { Language } from '@carte/domain/languages';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateVenue, venueKey } from '../../../lib/staff/venue-api.ts';

/** A station as the page sends it (PATCH /api/venue `stations`): the domain's contract. */
export interface StationInput {
  id: string;
  name: string;
  printer: string | null;
  width: TicketWidth;
  language: Language;
}

/** PATCH /api/category {id, station}: the station of a category's dishes (null: the first station). */
function setCategoryStation(patch: Pick<UpdateCategoryInput, 'id' | 'station'>): Promise<StaffCategory> {
  return apiRequest<StaffCategory>('/api/category', { method: 'PATCH', body: patch });
}

/**
 * Saves the page: the stations and printOn first (PATCH /api/venue, owners), then each category whose
 * station changed (PATCH /api/category), so no category ever names a station not yet stored.
 */
export function useSavePrinting(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (args: {
      venue: { stations: StationInput[]; printOn: PrintOn } | null;
      routes: { id: string; station: string | null }[];
    }) => {
      if (args.venue) await updateVenue({ id: venueId, ...args.venue });
      for (const route of args.routes) await setCategoryStation({ id: route.id, station: route.station });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: venueKey(venueId) });
    },
  });
}
