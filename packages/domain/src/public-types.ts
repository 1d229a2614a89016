import type { TaxSettings } from './tax.ts';
import type { PublicAvailability } from './availability.ts';

/** Shapes of the public API (architecture.md section 4.2), shared by server and web. */
export interface PublicVariation {
  id: string;
  name: string;
  price_variation: number;
  /** The option's own dietary tags (counted in the card's icons when chosen). */
  preferences: string[];
  allergenes: string[];
}
/** An option group (architecture.md 4.3): choose from `min` to `max` of `variationIds`. */
export interface PublicVariationGroup {
  id: string;
  name: string;
  min: number;
  max: number;
  variationIds: string[];
}
export interface PublicCategory {
  id: string;
  name: string;
}
export interface PublicProduct {
  id: string;
  name: string;
  description: string | null;
  price: number | null;
  image: string | null;
  status: string;
  recommended: boolean;
  preferences: string[];
  allergenes: string[];
  categories: PublicCategory[];
  variations: PublicVariation[];
  /** Empty when the product has no groups. */
  variationGroups: PublicVariationGroup[];
  /** The rate id of its tax (its own, else its categories'), null for the venue's default rate. */
  tax_rate?: string | null;
}
export interface PublicVenue {
  id: string;
  venueUrl: string;
  name: string;
  currency: string;
  currencySymbol: string;
  headerIcon: string | null;
  defaultImage: string | null;
  inputPlaceholder: string | null;
  useTextMenu: boolean;
  textMenu: string | null;
  spots: string[];
  enable_uber_direct: boolean;
  theme: { primary: string; accent?: string } | null;
  /** Guests may pay by card: the venue allows it and card payment is configured on the server. */
  cardPayment: boolean;
  /** Categories in menu order (products reference them by id). */
  categories: (PublicCategory & { availableNow?: boolean })[];
  /** How tax and the service charge apply (the cart shows them before ordering); null = none. */
  tax?: TaxSettings | null;
  /** Opening hours, pause and prep time now (architecture 4.10). */
  availability?: PublicAvailability;
}
export interface PublicVenueResponse {
  venue: PublicVenue;
  menu: PublicProduct[];
}
export type ApiEnvelope<T> =
  | { success: true; data: T }
  | {
      success: false;
      error: string;
      code: string;
      issues?: { path: string; message: string }[];
      /** VENUE_CLOSED: when orders open again (ISO with offset). */
      nextOpening?: string;
    };
