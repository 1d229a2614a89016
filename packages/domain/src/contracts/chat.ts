import { z } from '../zod.ts';
import { MAX_LINE_QUANTITY } from '../cart.ts';
import type { AllergyProfile } from '../allergens.ts';
import { withinChars } from '../options.ts';
import { allergyProfileAnswerSchema, allergyProfileSchema } from './allergy-profile.ts';
import { idSchema } from './common.ts';

/**
 * The assistant (architecture 4.5): POST /api/chat for guests and, signed in with isAdmin, for the
 * venue's staff; GET /api/chat/history for the staff conversation the server keeps.
 */

/** Messages sent on: older history is cut by the server (the client may send up to CHAT_HISTORY_MAX). */
export const CHAT_HISTORY_USED = 30;
export const CHAT_HISTORY_MAX = 50;
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_HISTORY_HTML_MAX = 8000;

const quantityError = { error: 'must be a whole number from 1 to 99' };

export const chatCartLineSchema = z.object({
  productId: idSchema('product'),
  variationIds: z.array(z.string().min(1).max(100), { error: 'must be a list of variation ids' }).max(20).default([]),
  quantity: z.number(quantityError).int(quantityError).min(1, quantityError).max(MAX_LINE_QUANTITY, quantityError),
});

export const chatHistoryMessageSchema = z.object({
  role: z.enum(['user', 'assistant', 'error'], { error: "must be 'user' or 'assistant'" }),
  html: z.string({ error: 'must be text' }).refine(withinChars(CHAT_HISTORY_HTML_MAX), {
    error: `is longer than ${CHAT_HISTORY_HTML_MAX} characters`,
    params: { code: 'too_big', max: CHAT_HISTORY_HTML_MAX, origin: 'string' },
  }),
});

export const chatBodySchema = z
  .strictObject({
    venueUrl: z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is required' })
      .max(200, { error: 'is too long' }),
    /** en, fr, it, de or th; a region ("fr-CH") is ignored; missing means en; anything else is a 400. */
    language: z.string({ error: 'must be a language code' }).trim().max(35).optional(),
    message: z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is empty' })
      .refine(withinChars(CHAT_MESSAGE_MAX), {
        error: `is longer than ${CHAT_MESSAGE_MAX} characters`,
        params: { code: 'too_big', max: CHAT_MESSAGE_MAX, origin: 'string' },
      }),
    history: z
      .array(chatHistoryMessageSchema, { error: 'must be a list of messages' })
      .max(CHAT_HISTORY_MAX, { error: `holds more than ${CHAT_HISTORY_MAX} messages` })
      .default([]),
    cart: z
      .array(chatCartLineSchema, { error: 'must be a list of cart lines' })
      .max(100, { error: 'has too many lines' })
      .default([]),
    /**
     * The staff chat (architecture 4.5, staff variant): signed in as the venue's owner or a manager;
     * the server keeps the conversation (`history` is then ignored) and may change the menu.
     */
    isAdmin: z.boolean({ error: 'must be true or false' }).optional(),
    /** The guest's allergies and diets as the menu filter keeps them (decision 017): every reply keeps to them. */
    allergyProfile: allergyProfileSchema.optional(),
  })
  .meta({
    examples: [{ venueUrl: 'casa-verde', language: 'en', message: 'What is vegetarian?', history: [], cart: [] }],
  });

/** What a client sends to POST /api/chat. */
export type ChatBody = z.input<typeof chatBodySchema>;
/** A cart line as POST /api/chat takes it. */
export type ChatCartLine = z.output<typeof chatCartLineSchema>;

/** What the assistant asks the cart to do. */
export type ChatAction =
  | { type: 'add_to_cart'; productId: string; variationIds: string[]; quantity: number }
  | { type: 'remove_from_cart'; productId: string; variationIds: string[]; quantity: number }
  | { type: 'open_cart' };

/** The staff chat's action: a product it changed (created, updated, deleted or restored). */
export interface MenuChangedAction {
  type: 'menu_changed';
  productId: string;
}

/** GET /api/chat/history?venueId (staff). */
export const chatHistoryQuerySchema = z.strictObject({ venueId: idSchema('venue') });

/** GET /api/chat/history: the venue's staff conversation as the server keeps it. */
export const chatHistoryDataSchema = z.object({
  isAdmin: z.boolean(),
  /** Keys in the order the database (jsonb) keeps them, so the answer keeps its bytes. */
  messages: z.array(z.object({ html: z.string(), role: z.enum(['user', 'assistant']) })),
  /** ISO time of the last message; null before the first. */
  updatedAt: z.string().nullable(),
});
export type ChatHistoryData = z.infer<typeof chatHistoryDataSchema>;

const cartChange = (type: 'add_to_cart' | 'remove_from_cart') =>
  z.object({
    type: z.literal(type),
    productId: z.string(),
    variationIds: z.array(z.string()),
    quantity: z.number().int(),
  });

/**
 * The `data` of POST /api/chat, and of the `done` server-sent event. The guest's assistant asks the
 * cart to change (add_to_cart, remove_from_cart, open_cart); the staff chat (isAdmin) reports the
 * dishes it changed (menu_changed).
 */
export const chatReplySchema = z.object({
  message: z.object({ role: z.literal('assistant'), html: z.string() }),
  /** Ids of the dishes the reply shows as cards. */
  products: z.array(z.string()),
  actions: z.array(
    z.union([
      cartChange('add_to_cart'),
      cartChange('remove_from_cart'),
      z.object({ type: z.literal('open_cart') }),
      z.object({ type: z.literal('menu_changed'), productId: z.string() }),
    ]),
  ),
  /**
   * Present when the guest's own messages stated allergies or diets the request's `allergyProfile`
   * did not hold ("my son can't have nuts"): the profile the reply kept to, for the client to keep
   * (the menu then marks the dishes that are not for the guest). Never sent to the staff chat.
   */
  allergyProfile: allergyProfileAnswerSchema.optional(),
});

/** The guest's reply. */
export interface ChatReply {
  message: { role: 'assistant'; html: string };
  products: string[];
  actions: ChatAction[];
  allergyProfile?: AllergyProfile;
}
