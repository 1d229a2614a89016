import type { LegalDetails, SalesFigures, TaxBreakdownEntry, TaxSettings } from '@carte/domain';
import { sql } from 'drizzle-orm';
import type { Station } from '@carte/domain';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Money columns hold integer minor units (cents, satang); their names end in `_minor`. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const staffRole = pgEnum('staff_role', ['owner', 'manager']);

export const assets = pgTable('assets', {
  id: uuid('id').primaryKey().defaultRandom(),
  venueId: uuid('venue_id'),
  storageKey: text('storage_key').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  /** sha256 of the stored bytes: the same image imported twice is stored once. */
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
});

export const venues = pgTable('venues', {
  id: uuid('id').primaryKey().defaultRandom(),
  venueUrl: text('venue_url').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  headerIcon: uuid('header_icon').references(() => assets.id, { onDelete: 'set null' }),
  defaultImage: uuid('default_image').references(() => assets.id, { onDelete: 'set null' }),
  inputPlaceholder: text('input_placeholder'),
  useTextMenu: boolean('use_text_menu').notNull().default(false),
  textMenu: text('text_menu'),
  spots: jsonb('spots')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  enableUberDirect: boolean('enable_uber_direct').notNull().default(false),
  /** Guests may pay by card (when a payment provider is configured too). */
  cardPayment: boolean('card_payment').notNull().default(true),
  theme: jsonb('theme').$type<{ primary: string; accent?: string } | null>(),
  pickupAddress: text('pickup_address'),
  pickupPhone: text('pickup_phone'),
  /** Fee the offline delivery provider quotes, in minor units. */
  deliveryFeeMinor: bigint('delivery_fee_minor', { mode: 'number' }),
  /** Last short order number handed out; incremented in the order transaction. */
  orderSeq: integer('order_seq').notNull().default(0),
  /** Bumped on every menu change; part of the public venue ETag. */
  menuVersion: integer('menu_version').notNull().default(1),
  /** Taxes and service charge (domain TaxSettings, architecture 4.13); null = no tax shown. */
  tax: jsonb('tax').$type<TaxSettings | null>(),
  /** The seller printed on receipts: legal name, address, tax number. */
  legal: jsonb('legal').$type<LegalDetails | null>(),
  /** Last receipt number handed out; taken in the transaction that marks an order paid. */
  receiptSeq: integer('receipt_seq').notNull().default(0),
  /** Last credit note number handed out (refunds). */
  creditNoteSeq: integer('credit_note_seq').notNull().default(0),
  /** Last Z report number handed out (a closed day, decision 024). */
  zReportSeq: integer('z_report_seq').notNull().default(0),
  // Service (architecture 4.10): opening hours, pause, prep time.
  /** Time zone, week, closures, special days, last-order margin; null = always open. */
  schedule: jsonb('schedule').$type<VenueScheduleColumn | null>(),
  /** Ordering paused by staff: until when (null = until resumed) and what guests read. */
  pause: jsonb('pause').$type<PauseColumn | null>(),
  /** The kitchen's current preparation time, in minutes, set from the board. */
  prepMinutes: integer('prep_minutes'),
  /** Kitchen stations (architecture 4.11): [{id, name, printer?, width?}]; empty: one default kitchen. */
  stations: jsonb('stations')
    .$type<Station[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** When an order's kitchen tickets print: 'accepted' (default) or 'placed'. */
  printOn: text('print_on').notNull().default('accepted'),
  /** Pickup ("click and collect", decision 032): {enabled, slotMinutes?}; null = no pickup. */
  pickup: jsonb('pickup').$type<{ enabled: boolean; slotMinutes?: 10 | 15 | 20 | 30 | 60 } | null>(),
  /** Delivery limits (decision 032): minimum (decimal), radius and its centre, or postcodes; null = none. */
  deliveryRules: jsonb('delivery_rules').$type<DeliveryRulesColumn | null>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The venue's delivery limits as stored (domain DeliveryRulesSettings). */
export interface DeliveryRulesColumn {
  minimumOrder?: number | null;
  radiusKm?: number | null;
  origin?: { lat: number; lng: number } | null;
  postcodes?: string[] | null;
}

/** The venue's schedule as stored (domain VenueSchedule). */
export interface VenueScheduleColumn {
  timezone: string;
  hours?: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', [string, string][]> | null;
  closures?: { from: string; to: string; note?: string }[] | null;
  specialHours?: { date: string; ranges: [string, string][] }[] | null;
  lastOrderMinutes?: number | null;
}
/** A pause of ordering: `until` an ISO instant, or null until staff resume. */
export interface PauseColumn {
  until: string | null;
  message: string | null;
}

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** The id the import file uses for it. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** A rate id of the venue's tax settings; null = the venue's default rate. */
    taxRate: text('tax_rate'),
    /** The category's own week (breakfast until 11), in the venue's zone; null = the venue's hours. */
    hours: jsonb('hours').$type<VenueScheduleColumn['hours']>(),
    /** Ordering of this category paused by staff. */
    pause: jsonb('pause').$type<PauseColumn | null>(),
    /** The kitchen station its dishes print at (a station id of the venue); null: the first station. */
    station: text('station'),
  },
  (t) => [uniqueIndex('categories_venue_key').on(t.venueId, t.key)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    priceMinor: bigint('price_minor', { mode: 'number' }),
    /** A rate id of the venue's tax settings, overriding its categories'; null = theirs. */
    taxRate: text('tax_rate'),
    image: uuid('image').references(() => assets.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('available'),
    recommended: boolean('recommended').notNull().default(false),
    preferences: jsonb('preferences')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    allergenes: jsonb('allergenes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('products_venue_key').on(t.venueId, t.key)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category').on(t.categoryId)],
);

/**
 * An option group of a product ("Size: choose exactly 1", "Toppings: up to 3"). A variation belongs
 * to at most one group; a variation outside every group is a free extra (chosen at most once).
 */
export const variationGroups = pgTable(
  'variation_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    minChoices: integer('min_choices').notNull().default(0),
    maxChoices: integer('max_choices').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('variation_groups_product_key').on(t.productId, t.key)],
);

export const variations = pgTable(
  'variations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    priceVariationMinor: bigint('price_variation_minor', { mode: 'number' }).notNull().default(0),
    groupId: uuid('group_id').references(() => variationGroups.id, { onDelete: 'set null' }),
    /** The option's own dietary tags ("extra cheese" brings dairy). */
    preferences: jsonb('preferences')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    allergenes: jsonb('allergenes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('variations_product_key').on(t.productId, t.key)],
);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-case. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** Base32 TOTP secret (RFC 6238); set by otp/enable, active only once totpEnabled. */
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The last 30-second step whose code was accepted: a code is used at most once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

export const venueStaff = pgTable(
  'venue_staff',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    role: staffRole('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.venueId] }), index('venue_staff_venue').on(t.venueId)],
);

/**
 * Invitations to a venue's staff (decision 026), by e-mail: the person need not have an account.
 * The one-time link's token is stored only as its sha256 (like sessions); a resend replaces it.
 * An accepted invitation is kept (accepted_at) so that its link, used again, says so; a declined
 * or revoked one is deleted. One pending invitation per venue and e-mail.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email').notNull(),
    role: staffRole('role').notNull(),
    /** The language of the e-mail (the inviting owner's): en, fr, it, de or th. */
    language: text('language').notNull().default('en'),
    /** sha256 (hex) of the link's token. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('staff_invites_token').on(t.tokenHash),
    uniqueIndex('staff_invites_pending')
      .on(t.venueId, t.email)
      .where(sql`accepted_at is null`),
    index('staff_invites_email').on(t.email),
  ],
);

/** Access tokens (15 minutes): only their sha256 is stored; the token lives in the client. */
export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the access token. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-in this token belongs to: revoking the family ends every token of it. */
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_family').on(t.familyId)],
);

/**
 * Refresh tokens (30 days), stored as sha256. Each refresh marks its token used and issues the next
 * one of the same family; a used or revoked token presented again revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** sha256 (hex) of the refresh token. */
    id: text('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId), index('refresh_tokens_user').on(t.userId)],
);

/**
 * Failed sign-ins per key (`account:<email>` or `address:<ip>`) in the current window, and the lock
 * they led to. In the database so that a restart or another process does not reset the count.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Per-client request counts of the rate limits when several processes share PostgreSQL
 * (architecture 4.14): one row per limit and client address, reset when its window has passed.
 * UNLOGGED (see the migration): counts need no crash safety, and skipping the WAL makes each hit cheaper.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const orders = pgTable(
  'orders',
  {
    /** Random UUID: unguessable. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short number to say aloud, per venue. */
    number: integer('number').notNull(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    /** placed -> accepted -> preparing -> ready -> served | out_for_delivery -> delivered; cancelled (domain's table). */
    status: text('status').notNull().default('placed'),
    /** unpaid, pending, paid, failed, refunded. */
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    /** The guest's tip on a card payment, in minor units (not part of `total_minor`). */
    tipMinor: bigint('tip_minor', { mode: 'number' }).notNull().default(0),
    spot: text('spot').notNull(),
    delivery: boolean('delivery').notNull().default(false),
    /** Pickup orders (spot 'pickup', decision 032): the slot the guest chose. */
    pickupAt: timestamp('pickup_at', { withTimezone: true }),
    currency: text('currency').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    /** Table orders of a venue with a service charge (priced like the lines). */
    serviceChargeMinor: bigint('service_charge_minor', { mode: 'number' }).notNull().default(0),
    /** The breakdown by rate computed when the order was placed, never recomputed (decision 016). */
    tax: jsonb('tax')
      .$type<TaxBreakdownEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    taxTotalMinor: bigint('tax_total_minor', { mode: 'number' }).notNull().default(0),
    /** inclusive | exclusive as the venue's settings were when the order was placed; null = no tax. */
    taxMode: text('tax_mode'),
    /** Given when the order is paid: per venue, no gap, no duplicate. */
    receiptNumber: integer('receipt_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveryCostMinor: bigint('delivery_cost_minor', { mode: 'number' }).notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    deliveryInfo: jsonb('delivery_info').$type<Record<string, string> | null>(),
    notes: text('notes'),
    /** The guest's allergies and diets ({allergens, diets}, decision 028); null when none were stated. */
    allergyProfile: jsonb('allergy_profile').$type<{ allergens: string[]; diets: string[] } | null>(),
    /** When a staff member acknowledged the allergy banner (the order cannot be prepared before), and who. */
    allergyAckAt: timestamp('allergy_ack_at', { withTimezone: true }),
    allergyAckBy: uuid('allergy_ack_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'guest' (the guest pages) or 'staff' (entered by a waiter from the board). */
    source: text('source').notNull().default('guest'),
    /** Paid at the venue: 'cash', 'card_terminal' or 'other'; null otherwise. */
    paidMethod: text('paid_method'),
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the normalised request, to tell a retry from a different order under the same key. */
    requestHash: text('request_hash'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_venue_idempotency').on(t.venueId, t.idempotencyKey),
    uniqueIndex('orders_venue_number').on(t.venueId, t.number),
    uniqueIndex('orders_venue_receipt').on(t.venueId, t.receiptNumber),
    index('orders_venue_date').on(t.venueId, t.dateCreated),
    index('orders_venue_updated').on(t.venueId, t.updatedAt),
    // Sales reports (decision 024): the paid orders of a venue by time.
    index('orders_venue_paid')
      .on(t.venueId, t.paidAt)
      .where(sql`${t.paidAt} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
    /** The guest's note for the kitchen ("no onions"), at most 200 characters. */
    notes: text('notes'),
    /** Copied at order time: [{id, name, price_variation_minor}]. */
    variations: jsonb('variations')
      .$type<{ id: string; name: string; priceVariationMinor: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    position: integer('position').notNull().default(0),
    /** 1 for the order's first lines, then one more per round added to it (a table's or a waiter's). */
    round: integer('round').notNull().default(1),
  },
  (t) => [index('order_items_order').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The part of `amount_minor` that is the guest's tip. */
    tipMinor: bigint('tip_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    /** A table guest's part of the bill (decision 034); null when the payment is for the whole order. */
    partId: uuid('part_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_order').on(t.orderId), uniqueIndex('payments_provider_ref').on(t.provider, t.providerRef)],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    quoteRef: text('quote_ref'),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    trackingUrl: text('tracking_url'),
    /** The courier as the provider reports it: {name, phone, vehicle, location}. */
    courier: jsonb('courier').$type<Record<string, unknown> | null>(),
    /** The provider's dropoff estimate. */
    dropoffEta: timestamp('dropoff_eta', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('deliveries_order').on(t.orderId), index('deliveries_provider_ref').on(t.provider, t.providerRef)],
);

/** Every move of an order's state: when, by whom (null for the guest or a provider), and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * 'status' (the order's state), 'payment' (its payment status), 'courier' (the delivery's) or
     * 'payment_mismatch' (a succeeded payment whose amount or currency is not the order's: not applied).
     */
    kind: text('kind').notNull().default('status'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.at)],
);

/** Webhook events already applied (Stripe, Uber Direct): each is applied once. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Delivery fees quoted by the server, so an order can only use a fee we gave. */
export const deliveryQuotes = pgTable('delivery_quotes', {
  id: uuid('id').primaryKey().defaultRandom(),
  venueId: uuid('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  providerRef: text('provider_ref'),
  address: text('address').notNull(),
  feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * The chat history kept per venue (spec section 3): one row for the staff chat (`is_admin`) and,
 * if ever stored, one for guests. `messages` are `{role, html}` (never role `error`); `state` is the
 * staff assistant's conversation state (pending deletion it proposed, the last change for undo,
 * the dishes last talked about), written only by the server.
 */
export const chatHistories = pgTable(
  'chat_histories',
  {
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull(),
    messages: jsonb('messages').$type<{ role: 'user' | 'assistant'; html: string }[]>().notNull().default([]),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.isAdmin] })],
);

/**
 * Every e-mail Carte sends (receipts, invitations), kept whatever the provider: with SMTP_URL set it is
 * delivered and marked sent (or failed, with the reason); without, it stays here, the outbox the
 * owner reads in the back office (architecture 5, issue 19).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The venue the message is about (null for messages about no venue). */
    venueId: uuid('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    /** receipt, credit-note, invitation, ... */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** File names, types and base64 content, so a message can be read and sent again. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    /** kept (offline outbox), sent, failed. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_messages_venue_created').on(t.venueId, t.createdAt)],
);

/** A refund's credit note (issue 19): its own number per venue, no gap, no duplicate. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    /** What was refunded (the order's total and tip), in minor units, positive. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_venue_number').on(t.venueId, t.number),
    uniqueIndex('credit_notes_order').on(t.orderId),
    index('credit_notes_venue_created').on(t.venueId, t.createdAt),
  ],
);

/**
 * A closed day (decision 024): the Z report's number (per venue, no gap), the local day in the zone
 * it was closed in, and its figures as they were then (domain SalesFigures), never recomputed.
 */
export const zReports = pgTable(
  'z_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    /** The local date, YYYY-MM-DD. */
    date: text('date').notNull(),
    timezone: text('timezone').notNull(),
    currency: text('currency').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    figures: jsonb('figures').$type<SalesFigures>().notNull(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('z_reports_venue_number').on(t.venueId, t.number),
    uniqueIndex('z_reports_venue_date').on(t.venueId, t.date),
  ],
);

/**
 * Kitchen tickets (architecture 4.11): one row per order, station and round. A process claims a pending
 * ticket with a short lease (`claimed_until`) in one UPDATE ... FOR UPDATE SKIP LOCKED, so a ticket is
 * sent by one process at a time and marked printed once; a printer that does not answer moves
 * `next_attempt_at` later (backoff). A reprint puts the row back to pending.
 */
export const orderTickets = pgTable(
  'order_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    station: text('station').notNull(),
    stationName: text('station_name').notNull(),
    /** `host:port` when the ticket was made; null: printed from the pass's browser. */
    printer: text('printer'),
    width: integer('width').notNull().default(80),
    /** The language of its labels (the station's). */
    language: text('language').notNull().default('en'),
    /** 1 for the order's first lines, then one more per round a waiter added. */
    round: integer('round').notNull().default(1),
    /** The order_items of this station and round. */
    itemIds: jsonb('item_ids').$type<string[]>().notNull(),
    /** pending, printed, failed (the printer did not answer; still retried). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    reprint: boolean('reprint').notNull().default(false),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_tickets_order_station_round').on(t.orderId, t.station, t.round),
    index('order_tickets_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} <> 'printed' and ${t.printer} is not null`),
    index('order_tickets_venue').on(t.venueId, t.createdAt),
  ],
);

/**
 * The staff chat's conversation state per venue and staff member (issue 17 item 5): a change waiting
 * for "yes" (a deletion, a list of prices, a new dish without its category), the last change for
 * "undo", the dishes last talked about. Written only by the server, read only until `expires_at`, so a
 * "yes" never applies a proposal that is old, nor one made to another staff member; in the database so
 * that every process sees it.
 */
export const staffChatStates = pgTable(
  'staff_chat_states',
  {
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.userId] })],
);

/**
 * Calls from the table (architecture 4.12): one open call per table (the partial unique index holds
 * it across processes); acknowledged = someone is coming; done closes it.
 */
export const tableCalls = pgTable(
  'table_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    spot: text('spot').notNull(),
    /** 'waiter' or 'bill'. */
    kind: text('kind').notNull(),
    /** 'open', 'acknowledged', 'done'. */
    status: text('status').notNull().default('open'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('table_calls_one_open')
      .on(t.venueId, t.spot)
      .where(sql`${t.status} <> 'done'`),
    index('table_calls_venue_created').on(t.venueId, t.createdAt),
  ],
);

// Table sessions (issue 20, decision 034): the phones of one table share a cart and a bill.

/** One unguessable token per table, printed in its QR code; a new code replaces it. */
export const tableTokens = pgTable(
  'table_tokens',
  {
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    spot: text('spot').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.spot] })],
);

/** A table's live session: its members, shared cart and bill (an order with every round). */
export const tableSessions = pgTable(
  'table_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    venueId: uuid('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    spot: text('spot').notNull(),
    /** 'open' or 'closed'. */
    status: text('status').notNull().default('open'),
    /** The table's bill: created by the first round, later rounds appended to it. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Grows on every change; events and answers carry it. */
    version: integer('version').notNull().default(1),
    /** The Idempotency-Key of the last round sent: the same key again answers without a second round. */
    lastRoundKey: text('last_round_key'),
    /** How many members have joined (names "Guest N"). */
    memberSeq: integer('member_seq').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('table_sessions_one_open')
      .on(t.venueId, t.spot)
      .where(sql`${t.status} = 'open'`),
    index('table_sessions_order').on(t.orderId),
  ],
);

/** A phone that joined a table session; its secret is stored as a SHA-256. */
export const tableMembers = pgTable(
  'table_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => tableSessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** The guest's allergies and diets, as their phone keeps them: every round of the table carries them all. */
    allergyProfile: jsonb('allergy_profile').$type<{ allergens: string[]; diets: string[] } | null>(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('table_members_session').on(t.sessionId)],
);

/** The shared cart of a session: no prices (read from the menu, priced by the server on sending). */
export const tableCartLines = pgTable(
  'table_cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => tableSessions.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => tableMembers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variationIds: jsonb('variation_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    quantity: integer('quantity').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('table_cart_lines_session').on(t.sessionId, t.createdAt)],
);

/**
 * A guest's part of the table's bill (decision 034): held while their card payment runs, paid when it
 * succeeds, released when it fails or is abandoned. Held and paid parts never exceed the bill.
 */
export const billParts = pgTable(
  'bill_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => tableSessions.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => tableMembers.id, { onDelete: 'cascade' }),
    /** 'items', 'shares' or 'amount'. */
    mode: text('mode').notNull(),
    /** The part of the bill, without the tip. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    tipMinor: bigint('tip_minor', { mode: 'number' }).notNull().default(0),
    /** items mode: the lines (order_items ids) or portions of lines paid ({lineId, of, portion}). */
    claims: jsonb('claims')
      .$type<{ lineId: string; of: number; portion: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** shares mode: how many shares, and which one. */
    share: jsonb('share').$type<{ count: number; index: number } | null>(),
    /** 'held', 'paid' or 'released'. */
    status: text('status').notNull().default('held'),
    /** A held part whose payment has not succeeded by then is released. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bill_parts_session').on(t.sessionId, t.status), index('bill_parts_order').on(t.orderId, t.status)],
);
