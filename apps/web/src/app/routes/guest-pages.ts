// The guest chunk: the venue pages' layout (header, order bar, cart, checkout's entry) and the small
// pages. The chat, menu and order pages are chunks of their own (routes.tsx): a guest downloads the
// page they opened, not the others.
export { GuestLayout } from './guest-layout.tsx';
export { OrderErrorPage, VenueErrorPage, VenueNotFoundPage } from './venue-pages.tsx';
