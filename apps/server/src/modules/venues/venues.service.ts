/**
 * What other modules may use of the venues module (they reach it only through its service): finding a
 * venue by its slug. Writes go through the import service and the staff menu service.
 */
export { findVenueByUrl, type VenueRow } from './venues.repository.ts';
