import type { FieldIssueValue } from './contracts/common.ts';

/**
 * The error catalogue: a stable code, its HTTP status and the user-facing message
 * (written as the specification has it). The web app localises by code.
 */
export const ERRORS = {
  VALIDATION: { status: 400, message: 'The request is not valid.' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  VENUE_MISSING: { status: 400, message: 'Venue is missing.' },
  VENUE_NOT_FOUND: { status: 404, message: 'Venue not found' },
  UNAUTHORIZED: { status: 401, message: 'Please log in.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this venue.' },
  LOGIN_FAILED: { status: 401, message: 'Login error: please check your credentials and try again.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  // Staff sign-in (architecture 4.6)
  INVALID_CREDENTIALS: { status: 401, message: 'Please check your credentials and try again.' },
  OTP_REQUIRED: { status: 401, message: 'Please enter the one-time code from your authenticator app.' },
  INVALID_OTP: { status: 401, message: 'The one-time code is not valid. Please try again.' },
  LOGIN_LOCKED: {
    status: 429,
    message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  },
  INVALID_TOKEN: { status: 401, message: 'Your session has ended. Please log in again.' },
  CSRF_REJECTED: { status: 403, message: 'This request must come from the Carte app itself.' },
  OTP_ALREADY_ENABLED: { status: 409, message: 'One-time codes are already turned on for this account.' },
  OTP_NOT_ENABLED: { status: 409, message: 'One-time codes are not turned on for this account.' },
  // Content reads (spec section 8)
  COLLECTION_EMPTY: { status: 400, message: 'Collection cannot be empty' },
  CORE_COLLECTION: { status: 403, message: 'Cannot use readItems for core collections' },
  COLLECTION_NOT_FOUND: { status: 404, message: 'Collection not found' },
  // Staff accounts
  STAFF_EXISTS: { status: 409, message: 'This person already works at this venue.' },
  STAFF_NOT_FOUND: { status: 404, message: 'This person does not work at this venue.' },
  LAST_OWNER: { status: 409, message: 'A venue needs at least one owner.' },
  INVITATION_NOT_FOUND: { status: 404, message: 'This invitation no longer exists.' },
  INVITATION_EXPIRED: { status: 410, message: 'This invitation has expired. Ask the venue for a new one.' },
  INVITATION_USED: { status: 409, message: 'This invitation has already been used.' },
  INVITATION_SIGN_IN: {
    status: 409,
    message: 'This e-mail already has an account: sign in to accept the invitation.',
  },
  INTERNAL: { status: 500, message: 'An error occurred. Please try again later.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again in a moment.',
  },
  /** The photo storage (local disk or S3 bucket) refused a write or could not be reached. */
  STORAGE_UNAVAILABLE: {
    status: 503,
    message: 'The photo storage cannot be reached right now. Please try again in a moment.',
  },
  // Orders (spec sections 5 and 8)
  ORDER_MISSING_FIELDS: { status: 400, message: 'Missing venueUrl, venue id, cart or spot' },
  INVALID_SPOT: { status: 400, message: 'Invalid spot selected' },
  PRODUCT_NOT_IN_MENU: { status: 422, message: 'The product is not in the menu!' },
  VARIATION_NOT_OF_PRODUCT: { status: 422, message: 'The product is not in the menu!' },
  INVALID_VARIATIONS: { status: 422, message: 'Please check the options chosen for this dish.' },
  NEGATIVE_PRICE: { status: 422, message: 'A price may not be below 0.' },
  PRODUCT_WITHOUT_PRICE: { status: 422, message: 'The product is not in the menu!' },
  ORDER_TOTAL_TOO_HIGH: {
    status: 422,
    message: 'The order total is above the maximum of 99,999,999.99 for one order.',
  },
  MISSING_DELIVERY_DATA: { status: 400, message: 'Missing delivery data or venue url' },
  DELIVERY_NOT_AVAILABLE: { status: 400, message: 'Missing delivery data or venue url' },
  ORDER_PLACEMENT_FAILED: { status: 500, message: 'Error placing the order. Please try again.' },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  IDEMPOTENCY_CONFLICT: { status: 409, message: 'This Idempotency-Key was already used for a different order.' },
  INVALID_TRANSITION: { status: 409, message: 'This order cannot move to that state.' },
  ALLERGY_NOT_ACKNOWLEDGED: {
    status: 409,
    message: "Acknowledge the guest's allergies before preparing this order.",
  },
  INVALID_QUANTITY: { status: 400, message: 'Invalid cart item: quantity must be a whole number from 1 to 99' },
  ORDER_ID_INVALID: { status: 400, message: 'Impossible to retrieve order for undefined id' },
  DELIVERY_QUOTE_INVALID: { status: 400, message: 'Error calculating delivery cost. Please try again.' },
  INVALID_LANGUAGE: { status: 400, message: 'Unsupported language' },
  // Delivery quote
  INVALID_ADDRESS: { status: 400, message: 'Invalid address provided' },
  INVALID_VENUE_URL: { status: 400, message: 'Invalid venueUrl provided' },
  DELIVERY_COST_FAILED: { status: 500, message: 'Error fetching delivery cost' },
  INVALID_DELIVERY_COST: { status: 500, message: 'Invalid delivery cost data received' },
  PROVIDER_FAILED: { status: 502, message: 'Error managing the delivery of your order. Please try again later.' },
  // Cart item rules (spec section 5)
  CART_ITEM_PRODUCT_REQUIRED: { status: 400, message: 'Invalid cart item: product is required' },
  CART_ITEM_INVALID_QUANTITY: {
    status: 400,
    message: 'Invalid cart item: product is required and quantity must be non-negative',
  },
  CART_QUANTITY_INVALID: { status: 400, message: 'Quantity must be a whole number from 1 to 99' },
  ITEM_NOTES_TOO_LONG: { status: 400, message: 'A note may have at most 200 characters.' },
  // Assistant
  ASSISTANT_FAILED: {
    status: 502,
    message: 'Unfortunately I was not able to answer. One of my human colleagues will be happy to help.',
  },
  // Import
  IMPORT_INVALID: { status: 422, message: 'The venue file is not valid.' },
  // Staff menu and venue (architecture 4.7, spec sections 5 and 8)
  PRODUCT_ID_REQUIRED: { status: 400, message: 'Product id is required' },
  NO_PRODUCT_EDITS: { status: 400, message: 'No edits done to the product' },
  /** A venue without a single dish cannot switch its text menu off: guests would get an empty menu. */
  NO_PRODUCTS: { status: 400, message: 'Please add at least one product' },
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found on update action' },
  CATEGORY_NOT_FOUND: { status: 404, message: 'Category not found' },
  ASSET_FILE_MISSING: { status: 400, message: 'No file provided to create asset from' },
  ASSET_INVALID_TYPE: { status: 415, message: 'Invalid file type. Accepted types: JPEG, PNG, WebP, GIF, AVIF' },
  /** `{size}` is replaced by MAX_UPLOAD_MB. */
  ASSET_TOO_LARGE: { status: 413, message: 'File size exceeds the maximum of {size} MB' },
  // Card payment (architecture 4.9, spec section 8)
  PAYMENT_ORDER_MISSING: { status: 404, message: 'Error creating order' },
  CARD_PAYMENT_UNAVAILABLE: { status: 409, message: 'Card payment is not available for this order.' },
  ORDER_ALREADY_PAID: { status: 409, message: 'This order is already paid.' },
  INVALID_TIP: { status: 400, message: 'The tip must be between 0 and the order total.' },
  PAYMENT_DATA_MISSING: { status: 400, message: 'Insufficient data to confirm payment' },
  /** Answered with HTTP 200 and success false by confirm-payment (architecture 4.9: `{success, error}`). */
  PAYMENT_NOT_CONFIRMED: { status: 200, message: 'Impossible to confirm payment' },
  PAYMENT_FAILED: { status: 502, message: 'Payment failed. Try again.' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is not valid.' },
  REFUND_NOT_ALLOWED: { status: 409, message: 'Only a cancelled order that was paid can be refunded.' },
  // Opening hours and pausing (architecture 4.10); the answer carries `nextOpening` or `paused`.
  VENUE_CLOSED: { status: 409, message: 'The venue is closed: orders are not taken now.' },
  ORDERING_PAUSED: { status: 409, message: 'Ordering is paused for a moment: please try again later.' },
  NOT_AVAILABLE_NOW: { status: 409, message: 'A dish in your cart is not served at this time.' },
  // Pickup and delivery limits (issue 18 item 6, decision 032)
  PICKUP_NOT_AVAILABLE: { status: 422, message: 'This venue does not offer pickup.' },
  PICKUP_SLOT_UNAVAILABLE: {
    status: 409,
    message: 'This pickup time is no longer available: please choose another one.',
  },
  DELIVERY_MINIMUM_NOT_MET: { status: 422, message: 'Your order is below the minimum for delivery.' },
  DELIVERY_OUTSIDE_AREA: { status: 422, message: 'This address is outside the delivery area.' },
  DELIVERY_LOCATION_REQUIRED: {
    status: 422,
    message: 'Please choose your address from the suggestions, so we can check that we deliver there.',
  },
  // Kitchen tickets, orders taken by staff, calls from the table (architecture 4.11, 4.12)
  TICKET_NOT_FOUND: { status: 404, message: 'This order has no ticket for that station.' },
  ORDER_NOT_OPEN: { status: 409, message: 'This order is closed: start a new order for the table.' },
  CALL_OPEN: { status: 409, message: 'Someone has already been called to this table.' },
  CALL_NOT_FOUND: { status: 404, message: 'This call was not found.' },
  CALLS_TOO_MANY: { status: 429, message: 'This table has called many times. Please wait a few minutes.' },
  // Table sessions (issue 20, decision 034)
  TABLE_TOKEN_INVALID: {
    status: 403,
    message: "This table's code is not valid any more. Scan the code on your table again.",
  },
  TABLE_MEMBER_UNKNOWN: { status: 401, message: 'Join the table first: scan the code on your table.' },
  TABLE_SESSION_CLOSED: {
    status: 410,
    message: "This table's session has ended. Scan the code on your table to start a new one.",
  },
  TABLE_CART_EMPTY: { status: 422, message: "The table's cart is empty: add a dish first." },
  TABLE_LINE_NOT_FOUND: { status: 404, message: 'This line is no longer in the cart.' },
  TABLE_PART_TAKEN: { status: 409, message: 'Someone at the table is already paying this part.' },
  TABLE_AMOUNT_TOO_HIGH: { status: 422, message: 'This is more than what remains to pay.' },
  TABLE_NOTHING_LEFT: { status: 409, message: 'Nothing remains to pay on this bill.' },
  TABLE_BILL_LINE_UNKNOWN: { status: 422, message: 'This line is not on the bill.' },
  TABLE_NO_BILL: { status: 409, message: 'Nothing has been sent to the kitchen yet: there is no bill to pay.' },
  TABLE_BILL_SPLIT: {
    status: 409,
    message: "Guests are paying this bill in parts: pay your part from the table's bill.",
  },
  TABLE_PART_NOT_FOUND: { status: 404, message: 'This part of the bill was not found.' },
  // Sales and Z reports (architecture 4.13, decision 024)
  DAY_NOT_OVER: {
    status: 409,
    message: "This day is not over yet in the venue's time zone: it can be closed after midnight.",
  },
  DAY_ALREADY_CLOSED: { status: 409, message: 'This day is already closed: its Z report is final.' },
  Z_REPORT_NOT_FOUND: { status: 404, message: 'This Z report does not exist.' },
  // Receipts (architecture 4.13)
  RECEIPT_NOT_READY: { status: 409, message: 'This order is not paid yet: its receipt comes with the payment.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * One problem with one field: `{path, code, params?, message}` (decision 023). `code` is stable and
 * the web translates it; `message` is the English sentence for API clients.
 */
export type FieldIssue = FieldIssueValue;

/** A failure of a business rule: pure, no I/O. The server maps it to the envelope. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  /** Extra fields of the error envelope (`nextOpening` of VENUE_CLOSED). */
  readonly details: Record<string, unknown> | undefined;
  constructor(
    code: ErrorCode,
    options: { message?: string; issues?: FieldIssue[]; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.issues = options.issues;
    this.details = options.details;
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
