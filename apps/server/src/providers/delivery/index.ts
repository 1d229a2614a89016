import type { Env } from '../../env.ts';
import type { DeliveryProvider } from './delivery-provider.ts';
import { createOfflineDeliveryProvider } from './offline-delivery.ts';
import { createUberDirectProvider } from './uber-direct.ts';

export * from './delivery-provider.ts';
export { createOfflineDeliveryProvider, OFFLINE_QUOTE_TTL_MS } from './offline-delivery.ts';
export { createUberDirectProvider, UBER_DIRECT_PROVIDER } from './uber-direct.ts';

/**
 * The delivery provider for this configuration: Uber Direct when its credentials are set
 * (UBER_DIRECT_CUSTOMER_ID, _CLIENT_ID, _CLIENT_SECRET), else the fee set per venue. Each venue's
 * enable_uber_direct still decides whether its guests are offered delivery.
 */
export function deliveryProviderFromEnv(env: Env): DeliveryProvider {
  if (env.UBER_DIRECT_CUSTOMER_ID && env.UBER_DIRECT_CLIENT_ID && env.UBER_DIRECT_CLIENT_SECRET) {
    return createUberDirectProvider({
      customerId: env.UBER_DIRECT_CUSTOMER_ID,
      clientId: env.UBER_DIRECT_CLIENT_ID,
      clientSecret: env.UBER_DIRECT_CLIENT_SECRET,
      baseUrl: env.UBER_DIRECT_BASE_URL,
      authUrl: env.UBER_DIRECT_AUTH_URL,
    });
  }
  return createOfflineDeliveryProvider();
}
