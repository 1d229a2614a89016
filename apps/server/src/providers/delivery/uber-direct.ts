import {
  DeliveryCurrencyError,
  DeliveryProviderError,
  DeliveryQuoteUnavailableError,
  type CreateDeliveryInput,
  type CreatedDelivery,
  type DeliveryProvider,
  type DeliveryQuoteInput,
  type DeliveryQuoteResult,
} from './delivery-provider.ts';
import { normalisePhone } from '@carte/domain/delivery';

/**
 * Uber Direct (DaaS) REST API: OAuth client credentials, delivery quotes and deliveries.
 * https://developer.uber.com/docs/deliveries/direct/api (base URLs configurable: tests run a fake).
 * Status webhooks are received by modules/courier.
 */
export const UBER_DIRECT_PROVIDER = 'uber-direct';
export const UBER_DIRECT_DEFAULT_BASE_URL = 'https://api.uber.com';
export const UBER_DIRECT_DEFAULT_AUTH_URL = 'https://auth.uber.com';
export const UBER_DIRECT_SCOPE = 'eats.deliveries';
/** A token is refreshed this long before Uber says it expires (tokens live 30 days). */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
const DEFAULT_TIMEOUT_MS = 10_000;

export interface UberDirectConfig {
  customerId: string;
  clientId: string;
  clientSecret: string;
  baseUrl?: string | undefined;
  authUrl?: string | undefined;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

interface UberQuote {
  id?: unknown;
  fee?: unknown;
  currency?: unknown;
  currency_type?: unknown;
  expires?: unknown;
}

interface UberDelivery {
  id?: unknown;
  status?: unknown;
  tracking_url?: unknown;
  dropoff_eta?: unknown;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function parseDate(v: unknown): Date | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const d = new Date(v);
  return Number.isFinite(d.getTime()) ? d : null;
}

/** Uber refuses a delivery whose quote ran out with a 4xx naming the quote (`expired_quote`, `quote_expired`). */
function isExpiredQuote(e: DeliveryProviderError): boolean {
  return e.status !== null && e.status >= 400 && e.status < 500 && e.status !== 401 && /quote/i.test(e.message);
}

export interface UberDirectProvider extends DeliveryProvider {
  /** A valid access token: cached until shortly before it expires, one refresh in flight at a time. */
  accessToken(): Promise<string>;
}

export function createUberDirectProvider(config: UberDirectConfig): UberDirectProvider {
  const baseUrl = trimSlash(config.baseUrl ?? UBER_DIRECT_DEFAULT_BASE_URL);
  const authUrl = trimSlash(config.authUrl ?? UBER_DIRECT_DEFAULT_AUTH_URL);
  const now = config.now ?? Date.now;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = config.fetch ?? fetch;
  const customerPath = `/v1/customers/${encodeURIComponent(config.customerId)}`;

  let token: { value: string; refreshAt: number } | null = null;
  let refreshing: Promise<string> | null = null;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      throw new DeliveryProviderError(`Uber Direct unreachable: ${(e as Error)?.message}`);
    }
  }

  async function fetchToken(): Promise<string> {
    const res = await call(`${authUrl}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: 'client_credentials',
        scope: UBER_DIRECT_SCOPE,
      }).toString(),
    });
    if (!res.ok) throw new DeliveryProviderError(`Uber Direct token: HTTP ${res.status}`, res.status);
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    const value = str(body?.access_token);
    const expiresIn = typeof body?.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    if (!value) throw new DeliveryProviderError('Uber Direct token: no access_token in the answer');
    // Refresh before the margin, or half-way through a short-lived token.
    const lifetimeMs = expiresIn * 1000;
    token = { value, refreshAt: now() + Math.max(lifetimeMs - TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 2) };
    return value;
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.refreshAt) return Promise.resolve(token.value);
    refreshing ??= fetchToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** A JSON call with the bearer token; a 401 drops the token and retries once with a fresh one. */
  async function api<T>(path: string, body: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const res = await call(`${baseUrl}${customerPath}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status === 401 && attempt === 0) {
        if (token?.value === bearer) token = null;
        continue;
      }
      const json = (await res.json().catch(() => null)) as (T & { code?: unknown; message?: unknown }) | null;
      if (!res.ok || json === null) {
        const detail = json ? ` ${String(json.code ?? '')} ${String(json.message ?? '')}`.trimEnd() : '';
        throw new DeliveryProviderError(`Uber Direct ${path}: HTTP ${res.status}${detail}`, res.status);
      }
      return json;
    }
  }

  return {
    name: UBER_DIRECT_PROVIDER,
    accessToken,

    async quote({ venue, dropoffAddress }: DeliveryQuoteInput): Promise<DeliveryQuoteResult> {
      if (!venue.pickupAddress) {
        throw new DeliveryQuoteUnavailableError(`Venue ${venue.venueUrl} has no pickup address for the courier`);
      }
      const q = await api<UberQuote>('/delivery_quotes', {
        pickup_address: venue.pickupAddress,
        ...(venue.pickupPhone ? { pickup_phone_number: normalisePhone(venue.pickupPhone) } : {}),
        dropoff_address: dropoffAddress,
        external_store_id: venue.venueUrl,
      });
      const id = str(q.id);
      if (!id) throw new DeliveryProviderError('Uber Direct quote without an id');
      const currency = str(q.currency) ?? str(q.currency_type);
      if (!currency || currency.toLowerCase() !== venue.currency.toLowerCase()) {
        throw new DeliveryCurrencyError(
          `Uber Direct quoted in ${String(currency)}, the venue charges ${venue.currency}`,
        );
      }
      const expiresAt = parseDate(q.expires) ?? new Date(now() + 15 * 60_000);
      // `fee` is in the currency's minor units; the service checks that it is a sane whole number.
      return { fee: q.fee as number, providerRef: id, expiresAt };
    },

    async createDelivery(input: CreateDeliveryInput): Promise<CreatedDelivery> {
      const { venue, dropoff } = input;
      if (!venue.pickupAddress) throw new DeliveryProviderError(`Venue ${venue.venueUrl} has no pickup address`);
      const body = {
        pickup_name: venue.name,
        pickup_address: venue.pickupAddress,
        ...(venue.pickupPhone ? { pickup_phone_number: normalisePhone(venue.pickupPhone) } : {}),
        dropoff_name: dropoff.name,
        dropoff_address: dropoff.address,
        ...(dropoff.phone ? { dropoff_phone_number: dropoff.phone } : {}),
        ...(dropoff.notes ? { dropoff_notes: dropoff.notes } : {}),
        manifest_reference: `#${input.orderNumber}`,
        manifest_items: input.items.map((i) => ({ name: i.name, quantity: i.quantity, size: 'small' })),
        external_id: input.orderId,
      };
      let d: UberDelivery;
      try {
        d = await api<UberDelivery>('/deliveries', input.quoteRef ? { quote_id: input.quoteRef, ...body } : body);
      } catch (e) {
        // Uber honours a quote for minutes; the staff may accept later than that. The guest paid
        // our quoted fee: book the courier at Uber's current price rather than not at all.
        if (!input.quoteRef || !(e instanceof DeliveryProviderError) || !isExpiredQuote(e)) throw e;
        d = await api<UberDelivery>('/deliveries', body);
      }
      const id = str(d.id);
      if (!id) throw new DeliveryProviderError('Uber Direct delivery without an id');
      return {
        providerRef: id,
        status: str(d.status) ?? 'pending',
        trackingUrl: str(d.tracking_url),
        dropoffEta: parseDate(d.dropoff_eta),
      };
    },
  };
}
