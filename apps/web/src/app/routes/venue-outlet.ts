import { useOutletContext } from 'react-router';
import type { PublicVenueResponse } from '@carte/domain/public-types';

/** What the guest layout hands its pages: the venue (once loaded) and the venue's paths. */
export interface VenueOutletContext {
  slug: string;
  data: PublicVenueResponse | undefined;
  chatHref: string;
  menuHref: string;
}

export function useVenueOutlet(): VenueOutletContext {
  return useOutletContext<VenueOutletContext>();
}
