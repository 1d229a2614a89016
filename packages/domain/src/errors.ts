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
  INTERNAL: { status: 500, message: 'An error occurred. Please try again later.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' },
  // Orders (spec sections 5 and 8)
  ORDER_MISSING_FIELDS: { status: 400, message: 'Missing venueUrl, venue id, cart or spot' },
  INVALID_SPOT: { status: 400, message: 'Invalid spot selected' },
  PRODUCT_NOT_IN_MENU: { status: 422, message: 'The product is not in the menu!' },
  VARIATION_NOT_OF_PRODUCT: { status: 422, message: 'The product is not in the menu!' },
  PRODUCT_WITHOUT_PRICE: { status: 422, message: 'The product is not in the menu!' },
  MISSING_DELIVERY_DATA: { status: 400, message: 'Missing delivery data or venue url' },
  DELIVERY_NOT_AVAILABLE: { status: 400, message: 'Missing delivery data or venue url' },
  ORDER_PLACEMENT_FAILED: { status: 500, message: 'Error placing the order. Please try again.' },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  IDEMPOTENCY_CONFLICT: { status: 409, message: 'This Idempotency-Key was already used for a different order.' },
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
  // Assistant
  ASSISTANT_FAILED: {
    status: 502,
    message: 'Unfortunately I was not able to answer. One of my human colleagues will be happy to help.',
  },
  // Import
  IMPORT_INVALID: { status: 422, message: 'The venue file is not valid.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldIssue {
  path: string;
  message: string;
}

/** A failure of a business rule: pure, no I/O. The server maps it to the envelope. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  constructor(code: ErrorCode, options: { message?: string; issues?: FieldIssue[]; cause?: unknown } = {}) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'DomainError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.issues = options.issues;
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
