import { createBundledStrings } from '../../../i18n/chunk-strings.ts';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import it from '../i18n/it.json';
import th from '../i18n/th.json';

/** The payment words ship with the payment chunk, not with the guest page's first load. */
export const addPaymentStrings = createBundledStrings({ en, fr, it, de, th });

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
