import type { i18n } from 'i18next';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import it from '../i18n/it.json';
import th from '../i18n/th.json';

// The payment words ship with the payment chunk, not with the guest page's first load.
const BUNDLES: Record<string, Record<string, unknown>> = { en, fr, it, de, th };
const added = new WeakSet<i18n>();

export function addPaymentStrings(instance: i18n): void {
  if (added.has(instance)) return;
  for (const [language, bundle] of Object.entries(BUNDLES)) {
    instance.addResourceBundle(language, 'translation', bundle, true, false);
  }
  added.add(instance);
}

/** The localised message for a failed payment call, by the server's code (spec section 8). */
export function paymentErrorKey(code: string | undefined): string {
  switch (code) {
    case 'PAYMENT_ORDER_MISSING':
      return 'payment.errorCreatingOrder';
    case 'PAYMENT_NOT_CONFIRMED':
      return 'payment.impossible';
    case 'PAYMENT_DATA_MISSING':
      return 'payment.insufficient';
    case 'INVALID_TIP':
      return 'payment.tipInvalid';
    case 'ORDER_ALREADY_PAID':
      return 'payment.alreadyPaid';
    case 'CARD_PAYMENT_UNAVAILABLE':
      return 'payment.notAvailable';
    default:
      return 'payment.failed';
  }
}
