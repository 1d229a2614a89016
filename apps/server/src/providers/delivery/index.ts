import type { Env } from '../../env.ts';
import type { DeliveryProvider } from './delivery-provider.ts';
import { createOfflineDeliveryProvider } from './offline-delivery.ts';

export * from './delivery-provider.ts';
export { createOfflineDeliveryProvider, OFFLINE_QUOTE_TTL_MS } from './offline-delivery.ts';

/**
 * The delivery provider for this configuration. Uber Direct (UBER_DIRECT_*) arrives in a later
 * issue; until then every configuration uses the fee set per venue.
 */
export function deliveryProviderFromEnv(_env: Env): DeliveryProvider {
  return createOfflineDeliveryProvider();
}
