import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signUberBody } from '../src/modules/courier/uber-webhook.ts';

/**
 * A small Uber Direct on 127.0.0.1 speaking its HTTP API:
 *  - POST /oauth/v2/token (form: client_id, client_secret, grant_type=client_credentials, scope)
 *  - POST /v1/customers/{customer_id}/delivery_quotes
 *  - POST /v1/customers/{customer_id}/deliveries
 *  - GET  /v1/customers/{customer_id}/deliveries/{delivery_id}
 * Bearer tokens are checked (unknown or revoked: 401). Tests script failures and read what was
 * sent; `webhook()` builds a status event signed like Uber's (x-uber-signature).
 */
export interface FakeUberDirect {
  /** UBER_DIRECT_BASE_URL and UBER_DIRECT_AUTH_URL: both served here. */
  url: string;
  customerId: string;
  clientId: string;
  clientSecret: string;
  /** UBER_DIRECT_* variables pointing at this fake. */
  env(webhookSecret: string): Record<string, string>;
  tokenRequests: URLSearchParams[];
  quoteRequests: Record<string, unknown>[];
  deliveryRequests: Record<string, unknown>[];
  /** Tokens live this many seconds (default 2592000, 30 days, as Uber's). */
  tokenTtlSeconds: number;
  /** The fee (minor units) and currency of the next quotes. */
  quote: { fee: number; currency: string };
  /** Answer the next calls of a kind with this HTTP status (until cleared with null). */
  fail: { token: number | null; quote: number | null; delivery: number | null };
  /** Waits before answering a token request (to see concurrent callers share one). */
  tokenDelayMs: number;
  /** Makes every issued token invalid (Uber rotated them). */
  revokeTokens(): void;
  deliveries: Map<string, Record<string, unknown>>;
  /** Quote ids Uber no longer honours (a delivery with one is refused: expired_quote). */
  expiredQuotes: Set<string>;
  /** A delivery_status (or courier_update) event for a delivery, and its signature with `secret`. */
  webhook(
    secret: string,
    deliveryId: string,
    status: string,
    extra?: { kind?: string; id?: string; courier?: Record<string, unknown>; location?: { lat: number; lng: number } },
  ): { body: string; signature: string; id: string };
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startFakeUberDirect(): Promise<FakeUberDirect> {
  const valid = new Set<string>();
  const customerId = `cus_${randomBytes(4).toString('hex')}`;
  const clientId = 'carte-test-client';
  const clientSecret = 'carte-test-secret';

  const fake = {
    url: '',
    customerId,
    clientId,
    clientSecret,
    tokenRequests: [] as URLSearchParams[],
    quoteRequests: [] as Record<string, unknown>[],
    deliveryRequests: [] as Record<string, unknown>[],
    tokenTtlSeconds: 2_592_000,
    quote: { fee: 799, currency: 'eur' },
    fail: { token: null as number | null, quote: null as number | null, delivery: null as number | null },
    tokenDelayMs: 0,
    deliveries: new Map<string, Record<string, unknown>>(),
    expiredQuotes: new Set<string>(),
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const failure = (res: ServerResponse, status: number) =>
    send(res, status, {
      code: status >= 500 ? 'internal_server_error' : 'invalid_params',
      message: 'scripted failure',
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/oauth/v2/token') {
      const form = new URLSearchParams(body);
      fake.tokenRequests.push(form);
      if (fake.tokenDelayMs) await new Promise((r) => setTimeout(r, fake.tokenDelayMs));
      if (fake.fail.token) return failure(res, fake.fail.token);
      if (
        form.get('client_id') !== clientId ||
        form.get('client_secret') !== clientSecret ||
        form.get('grant_type') !== 'client_credentials' ||
        form.get('scope') !== 'eats.deliveries'
      ) {
        return send(res, 401, { error: 'invalid_client' });
      }
      const token = id('tok');
      valid.add(token);
      return send(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: fake.tokenTtlSeconds,
        scope: 'eats.deliveries',
      });
    }
    const m = /^\/v1\/customers\/([^/]+)\/(delivery_quotes|deliveries)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!m) return send(res, 404, { code: 'not_found', message: 'no such route' });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !valid.has(bearer)) return send(res, 401, { code: 'unauthorized', message: 'invalid token' });
    if (m[1] !== customerId) return send(res, 404, { code: 'customer_not_found', message: 'unknown customer' });
    let json: Record<string, unknown> = {};
    if (req.method === 'POST') {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return send(res, 400, { code: 'invalid_params', message: 'body is not JSON' });
      }
    }
    if (req.method === 'POST' && m[2] === 'delivery_quotes' && !m[3]) {
      fake.quoteRequests.push(json);
      if (fake.fail.quote) return failure(res, fake.fail.quote);
      if (!json.pickup_address || !json.dropoff_address) {
        return send(res, 400, { code: 'invalid_params', message: 'addresses required' });
      }
      return send(res, 200, {
        kind: 'delivery_quote',
        id: id('dqr'),
        created: new Date().toISOString(),
        expires: new Date(Date.now() + 15 * 60_000).toISOString(),
        fee: fake.quote.fee,
        currency: fake.quote.currency,
        currency_type: fake.quote.currency.toUpperCase(),
        dropoff_eta: new Date(Date.now() + 40 * 60_000).toISOString(),
        duration: 40,
        pickup_duration: 10,
      });
    }
    if (req.method === 'POST' && m[2] === 'deliveries' && !m[3]) {
      fake.deliveryRequests.push(json);
      if (fake.fail.delivery) return failure(res, fake.fail.delivery);
      if (typeof json.quote_id === 'string' && fake.expiredQuotes.has(json.quote_id)) {
        return send(res, 400, { code: 'expired_quote', message: 'The delivery quote has expired.' });
      }
      const deliveryId = id('del');
      const delivery = {
        kind: 'delivery',
        id: deliveryId,
        quote_id: json.quote_id,
        status: 'pending',
        complete: false,
        external_id: json.external_id,
        fee: fake.quote.fee,
        currency: fake.quote.currency,
        tracking_url: `https://track.example/${deliveryId}`,
        dropoff_eta: new Date(Date.now() + 45 * 60_000).toISOString(),
        courier: null,
        pickup: { name: json.pickup_name, address: json.pickup_address, phone_number: json.pickup_phone_number },
        dropoff: { name: json.dropoff_name, address: json.dropoff_address, phone_number: json.dropoff_phone_number },
        manifest_items: json.manifest_items,
      };
      fake.deliveries.set(deliveryId, delivery);
      return send(res, 200, delivery);
    }
    if (req.method === 'GET' && m[2] === 'deliveries' && m[3]) {
      const d = fake.deliveries.get(m[3]);
      return d ? send(res, 200, d) : send(res, 404, { code: 'delivery_not_found', message: 'unknown delivery' });
    }
    return send(res, 405, { code: 'method_not_allowed', message: 'no' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(fake, {
    env: (webhookSecret: string) => ({
      UBER_DIRECT_CUSTOMER_ID: customerId,
      UBER_DIRECT_CLIENT_ID: clientId,
      UBER_DIRECT_CLIENT_SECRET: clientSecret,
      UBER_DIRECT_BASE_URL: fake.url,
      UBER_DIRECT_AUTH_URL: fake.url,
      UBER_DIRECT_WEBHOOK_SECRET: webhookSecret,
    }),
    revokeTokens: () => valid.clear(),
    webhook(
      secret: string,
      deliveryId: string,
      status: string,
      extra: {
        kind?: string;
        id?: string;
        courier?: Record<string, unknown>;
        location?: { lat: number; lng: number };
      } = {},
    ) {
      const d = fake.deliveries.get(deliveryId) ?? { id: deliveryId };
      const updated = { ...d, status, ...(extra.courier ? { courier: extra.courier } : {}) };
      fake.deliveries.set(deliveryId, updated);
      const eventId = extra.id ?? id('evt');
      const event = {
        id: eventId,
        kind: extra.kind ?? 'event.delivery_status',
        created: new Date().toISOString(),
        live_mode: false,
        customer_id: customerId,
        delivery_id: deliveryId,
        status,
        ...(extra.location ? { location: extra.location } : {}),
        data: updated,
      };
      const body = JSON.stringify(event);
      return { body, signature: signUberBody(body, secret), id: eventId };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
