import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A small fake of Stripe on 127.0.0.1 that speaks the HTTP API the `stripe` SDK uses (form-encoded
 * bodies, `Authorization: Bearer sk_...`, `Idempotency-Key`, Stripe's error shape):
 *   POST /v1/payment_intents, GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/confirm,
 *   POST /v1/payment_intents/:id/cancel, POST /v1/refunds.
 * Intents live in memory. Webhook events are signed exactly as Stripe signs them
 * (`Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`), and
 * `deliver` posts one to our webhook. GET /v3/ serves a small stand-in for Stripe.js
 * (window.Stripe -> elements -> a card form, confirmPayment) so a browser journey can pay:
 * card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
 *
 * Run on its own for the browser journeys:
 *   tsx apps/server/test/fake-stripe-server.ts --port 3206 \
 *     --webhook-url http://127.0.0.1:3205/api/stripe/webhook --webhook-secret whsec_... --secret-key sk_test_...
 */

export const DECLINED_CARD = '4000000000000002';
export const SUCCEEDING_CARD = '4242424242424242';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  livemode: false;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  automatic_payment_methods: { enabled: boolean } | null;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

export interface FakeStripeOptions {
  port?: number;
  /** The secret key requests must carry (any sk_ key when unset). */
  secretKey?: string;
  /** Where confirmations deliver their events (as Stripe does after a payment), when set. */
  webhookUrl?: string;
  webhookSecret?: string;
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  params: Record<string, unknown>;
}

export interface FakeStripeServer {
  /** The STRIPE_API_BASE to configure: http://127.0.0.1:<port> */
  baseUrl: string;
  /** The STRIPE_JS_URL to configure: http://127.0.0.1:<port>/v3/ */
  scriptUrl: string;
  intents: Map<string, FakeIntent>;
  requests: RecordedStripeRequest[];
  /** Sets an intent's status, as a payment outside our server would. */
  setStatus(intentId: string, status: string): FakeIntent;
  /** Confirms an intent with a card number, as Stripe.js would in the browser. */
  confirm(intentId: string, cardNumber?: string): FakeIntent;
  /** An event as Stripe builds it, about an intent (or any object). */
  event(type: string, object: Record<string, unknown>, id?: string): FakeStripeEvent;
  /** The Stripe-Signature header for a payload. */
  sign(payload: string, secret: string, timestamp?: number): string;
  /** Posts an event, signed with `secret` (default: the configured webhook secret), to `url`. */
  deliver(
    event: FakeStripeEvent,
    opts?: { url?: string; secret?: string; timestamp?: number; signature?: string },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][c]=1&list[0]=x` -> {a: {b: {c: '1'}}, list: {0: 'x'}}, as Stripe reads form bodies. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

function stripeError(res: ServerResponse, status: number, error: Record<string, unknown>) {
  send(res, status, { error: { type: 'invalid_request_error', ...error } });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': rid('req'),
    'access-control-allow-origin': '*',
  });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let data = '';
  for await (const c of req) data += String(c);
  return data;
}

export function signStripePayload(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export async function startFakeStripeServer(options: FakeStripeOptions = {}): Promise<FakeStripeServer> {
  const intents = new Map<string, FakeIntent>();
  const requests: RecordedStripeRequest[] = [];
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const refunded = new Set<string>();
  let baseUrl = '';

  const event = (type: string, object: Record<string, unknown>, id = rid('evt')): FakeStripeEvent => ({
    id,
    object: 'event',
    api_version: '2025-08-27.basil',
    created: now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: JSON.parse(JSON.stringify(object)) as Record<string, unknown> },
  });

  const deliver: FakeStripeServer['deliver'] = async (evt, opts = {}) => {
    const url = opts.url ?? options.webhookUrl;
    const secret = opts.secret ?? options.webhookSecret;
    if (!url || !secret) throw new Error('no webhook url or secret to deliver to');
    const payload = JSON.stringify(evt, null, 2);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': opts.signature ?? signStripePayload(payload, secret, opts.timestamp),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    return { status: response.status, body: await response.text() };
  };

  /** After a confirmation, Stripe tells the webhook; failures to reach it are retried by Stripe, not here. */
  const notify = (type: string, intent: FakeIntent) => {
    if (!options.webhookUrl || !options.webhookSecret) return;
    void deliver(event(type, intent as unknown as Record<string, unknown>)).catch(() => {});
  };

  const confirm = (intentId: string, cardNumber = SUCCEEDING_CARD): FakeIntent => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    if (intent.status === 'succeeded' || intent.status === 'canceled') return intent;
    const number = cardNumber.replace(/\D/g, '');
    if (number === DECLINED_CARD || number !== SUCCEEDING_CARD) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      notify('payment_intent.payment_failed', intent);
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.latest_charge = rid('ch');
      intent.last_payment_error = null;
      notify('payment_intent.succeeded', intent);
    }
    return intent;
  };

  const authorised = (req: IncomingMessage, params: Record<string, unknown>, intent?: FakeIntent) => {
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (key.startsWith('sk_')) return !options.secretKey || key === options.secretKey;
    // The browser (Stripe.js) uses the publishable key plus the intent's client secret.
    return key.startsWith('pk_') && intent !== undefined && params.client_secret === intent.client_secret;
  };

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'authorization, content-type',
        });
        res.end();
        return;
      }
      if (req.method === 'GET' && (url.pathname === '/v3/' || url.pathname === '/v3')) {
        res.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'access-control-allow-origin': '*',
          'cache-control': 'no-store',
        });
        res.end(fakeStripeJs(baseUrl));
        return;
      }
      const raw = req.method === 'POST' ? await readBody(req) : url.search.slice(1);
      const params = parseForm(raw);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        idempotencyKey,
        stripeVersion: req.headers['stripe-version'] as string | undefined,
        params,
      });
      const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(url.pathname);
      const intent = match ? intents.get(decodeURIComponent(match[1]!)) : undefined;
      if (!authorised(req, params, intent)) {
        return stripeError(res, 401, { message: 'Invalid API Key provided.' });
      }

      // Stripe answers a retried POST with the first answer; other parameters are an error.
      if (req.method === 'POST' && idempotencyKey) {
        const seen = idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.params !== raw) {
            return send(res, 400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
              },
            });
          }
          return send(res, seen.status, seen.body);
        }
      }
      const answer = (status: number, body: unknown) => {
        if (req.method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, { params: raw, status, body });
        send(res, status, body);
      };

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          return stripeError(res, 400, {
            code: 'amount_too_small',
            param: 'amount',
            message: 'Amount must be at least 50 cents',
          });
        }
        if (typeof params.currency !== 'string' || !/^[a-z]{3}$/.test(params.currency)) {
          return stripeError(res, 400, { code: 'parameter_invalid', param: 'currency', message: 'Invalid currency' });
        }
        const id = rid('pi');
        const created: FakeIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: params.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata: (params.metadata as Record<string, string>) ?? {},
          description: typeof params.description === 'string' ? params.description : null,
          created: now(),
          livemode: false,
          latest_charge: null,
          last_payment_error: null,
          automatic_payment_methods: params.automatic_payment_methods ? { enabled: true } : null,
        };
        intents.set(id, created);
        return answer(200, created);
      }
      if (match) {
        if (!intent) {
          return stripeError(res, 404, {
            code: 'resource_missing',
            param: 'intent',
            message: `No such payment_intent: '${match[1]}'`,
          });
        }
        if (req.method === 'GET' && !match[2]) return answer(200, intent);
        if (req.method === 'POST' && match[2] === 'confirm') {
          const data = params.payment_method_data as { card?: { number?: string } } | undefined;
          const number =
            data?.card?.number ??
            (params.payment_method === 'pm_card_chargeDeclined' ? DECLINED_CARD : SUCCEEDING_CARD);
          const confirmed = confirm(intent.id, number);
          if (confirmed.last_payment_error && confirmed.status !== 'succeeded') {
            return send(res, 402, {
              error: { ...confirmed.last_payment_error, payment_intent: confirmed },
            });
          }
          return answer(200, confirmed);
        }
        if (req.method === 'POST' && match[2] === 'cancel') {
          if (intent.status === 'succeeded') {
            return stripeError(res, 400, {
              code: 'payment_intent_unexpected_state',
              message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.',
            });
          }
          intent.status = 'canceled';
          return answer(200, intent);
        }
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const target = intents.get(String(params.payment_intent ?? ''));
        if (!target) return stripeError(res, 404, { code: 'resource_missing', message: 'No such payment_intent' });
        if (target.status !== 'succeeded') {
          return stripeError(res, 400, {
            code: 'charge_not_refundable',
            message: 'This PaymentIntent does not have a successful charge to refund.',
          });
        }
        if (refunded.has(target.id)) {
          return stripeError(res, 400, {
            code: 'charge_already_refunded',
            message: 'Charge has already been refunded.',
          });
        }
        refunded.add(target.id);
        return answer(200, {
          id: rid('re'),
          object: 'refund',
          amount: target.amount,
          currency: target.currency,
          payment_intent: target.id,
          charge: target.latest_charge,
          status: 'succeeded',
          created: now(),
        });
      }
      stripeError(res, 404, { message: `Unrecognized request URL (${req.method}: ${url.pathname}).` });
    } catch (e) {
      send(res, 500, { error: { type: 'api_error', message: (e as Error).message } });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    scriptUrl: `${baseUrl}/v3/`,
    intents,
    requests,
    setStatus(intentId, status) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.status = status;
      if (status === 'succeeded') intent.amount_received = intent.amount;
      return intent;
    },
    confirm,
    event,
    sign: signStripePayload,
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The stand-in for Stripe.js: the calls @stripe/react-stripe-js and our pay sheet make, with a
 * plain card form (labelled inputs) where the Payment Element would draw its iframe.
 */
function fakeStripeJs(apiBase: string): string {
  return `(() => {
  const API = ${JSON.stringify(apiBase)};
  function FakeStripe(publishableKey) {
    if (!(this instanceof FakeStripe)) return new FakeStripe(publishableKey);
    this._key = publishableKey;
  }
  const fail = () => Promise.reject(new Error('not available in the fake Stripe.js'));
  FakeStripe.prototype.createToken = fail;
  FakeStripe.prototype.createPaymentMethod = fail;
  FakeStripe.prototype.confirmCardPayment = fail;
  FakeStripe.prototype.registerAppInfo = function () {};
  FakeStripe.prototype._registerWrapper = function () {};
  FakeStripe.prototype.elements = function (options) {
    const state = { options: options || {}, number: null, element: null };
    const elements = {
      _state: state,
      update(next) { Object.assign(state.options, next || {}); },
      submit() { return Promise.resolve({}); },
      fetchUpdates() { return Promise.resolve({}); },
      getElement() { return state.element; },
      create(type) {
        const handlers = {};
        const element = {
          mount(target) {
            const host = typeof target === 'string' ? document.querySelector(target) : target;
            const box = document.createElement('div');
            box.setAttribute('data-fake-stripe', type);
            const field = (label, name, placeholder, mode) => {
              const wrap = document.createElement('label');
              wrap.style.display = 'flex'; wrap.style.flexDirection = 'column'; wrap.style.gap = '4px';
              wrap.textContent = label;
              const input = document.createElement('input');
              input.name = name; input.placeholder = placeholder; input.inputMode = mode;
              input.autocomplete = 'off';
              input.style.border = '1px solid #999'; input.style.borderRadius = '8px'; input.style.padding = '8px';
              wrap.appendChild(input);
              box.appendChild(wrap);
              return input;
            };
            state.number = field('Card number', 'cardnumber', '1234 1234 1234 1234', 'numeric');
            field('Expiration date', 'exp-date', 'MM / YY', 'numeric');
            field('Security code', 'cvc', 'CVC', 'numeric');
            state.number.addEventListener('input', () => {
              const complete = state.number.value.replace(/\\D/g, '').length >= 16;
              (handlers.change || []).forEach((h) => h({ elementType: type, complete, empty: !state.number.value }));
            });
            host.appendChild(box);
            element._box = box;
            setTimeout(() => (handlers.ready || []).forEach((h) => h({ elementType: type })), 0);
          },
          on(name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
          off(name, handler) { handlers[name] = (handlers[name] || []).filter((h) => h !== handler); return element; },
          once(name, handler) { return element.on(name, handler); },
          update() {},
          focus() { state.number && state.number.focus(); },
          blur() {},
          clear() { if (state.number) state.number.value = ''; },
          unmount() { element._box && element._box.remove(); },
          destroy() { element.unmount(); },
        };
        state.element = element;
        return element;
      },
    };
    return elements;
  };
  FakeStripe.prototype.confirmPayment = async function (args) {
    const state = args.elements._state;
    const secret = args.clientSecret || state.options.clientSecret;
    const id = String(secret).split('_secret_')[0];
    const body = new URLSearchParams({
      client_secret: secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': state.number ? state.number.value : '',
    });
    const response = await fetch(API + '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + this._key, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const json = await response.json();
    if (json.error) return { error: json.error };
    return { paymentIntent: json };
  };
  window.Stripe = FakeStripe;
  window.Stripe.version = 3;
})();
`;
}

/** Stand-alone: started by the Playwright config next to the server. */
const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startFakeStripeServer({
    port: Number(arg('port') ?? 0),
    secretKey: arg('secret-key'),
    webhookUrl: arg('webhook-url'),
    webhookSecret: arg('webhook-secret'),
  });
  console.log(`fake Stripe listening on ${fake.baseUrl}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
