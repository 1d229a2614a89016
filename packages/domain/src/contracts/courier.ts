import { z } from '../zod.ts';

/**
 * The courier (Uber Direct): POST /api/uber/webhook, the delivery's status and courier updates,
 * read as the raw bytes the `x-uber-signature` header signs (HMAC-SHA256). The answer is
 * webhookAnswerSchema of contracts/payments.ts: `{received: true, applied}`.
 */
export const uberWebhookBodySchema = z.unknown().meta({
  description:
    'An Uber Direct event (JSON): event.delivery_status or event.courier_update, signed in the x-uber-signature header.',
  examples: [
    {
      id: 'evt_1',
      kind: 'event.delivery_status',
      status: 'pickup',
      delivery_id: 'del_1',
      data: { external_id: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11', status: 'pickup' },
    },
  ],
});
