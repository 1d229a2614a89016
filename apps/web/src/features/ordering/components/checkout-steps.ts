// The dialogs the page downloads on the first touch, as one chunk (one request instead of several small
// ones, each with its own headers): table choice, cart recap and delivery recap.
export { SelectSpotDialog } from './select-spot-dialog.tsx';
export { CartRecapDialog } from './cart-recap-dialog.tsx';
export { DeliveryRecapDialog } from './delivery-recap-dialog.tsx';
