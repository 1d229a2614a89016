import { useOutletContext } from 'react-router';
import type { StaffUser, StaffVenue } from '../../../features/auth/index.ts';

/** What the back office of /admin/:id gives its pages: the venue (with the user's role) and the user. */
export interface AdminVenueContext {
  venue: StaffVenue;
  user: StaffUser;
}

export function useAdminVenue(): AdminVenueContext {
  return useOutletContext<AdminVenueContext>();
}
