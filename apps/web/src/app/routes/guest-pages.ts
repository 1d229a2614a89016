// The guest chunk: everything the venue pages render once the venue has loaded.
export { GuestLayout } from './guest-layout.tsx';
export { ChatPage } from './chat-page.tsx';
export { MenuPage } from './menu-page.tsx';
export { OrderErrorPage, OrderPage, VenueErrorPage, VenueNotFoundPage } from './venue-pages.tsx';
