import type { StaffRole, StaffVenue } from '../api/auth-api.ts';

const rank: Record<StaffRole, number> = { owner: 2, manager: 1 };

/**
 * Spec section 4: a user's venues are those where the user is owner or manager, merged without
 * duplicates. A venue listed twice keeps the stronger role (owner). Sorted by name.
 */
export function mergeVenues(...lists: readonly (readonly StaffVenue[] | null | undefined)[]): StaffVenue[] {
  const byId = new Map<string, StaffVenue>();
  for (const list of lists) {
    for (const venue of list ?? []) {
      const known = byId.get(venue.id);
      if (!known || rank[venue.role] > rank[known.role]) byId.set(venue.id, { ...venue });
    }
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
