/**
 * Money is carried as integer minor units (cents, satang) everywhere inside Carte.
 * The public API shows decimals with two places, as the specification does.
 */

export const CURRENCIES = ['usd', 'eur', 'gbp', 'thb'] as const;
export type Currency = (typeof CURRENCIES)[number];

const SYMBOLS: Record<Currency, string> = { usd: '$', eur: '€', gbp: '£', thb: '฿' };

/** The spec's default symbol is the euro sign. */
export const DEFAULT_CURRENCY_SYMBOL = '€';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value.toLowerCase());
}

export function currencySymbol(currency: string | null | undefined): string {
  if (!currency) return DEFAULT_CURRENCY_SYMBOL;
  const key = currency.toLowerCase();
  return isCurrency(key) ? SYMBOLS[key] : DEFAULT_CURRENCY_SYMBOL;
}

/**
 * Converts a decimal amount (9.5, 10.1) to minor units without binary float drift:
 * 10.10 + 0.20 must be 1030, never 1029.
 */
export function toMinor(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  return Math.round(Number((amount * 100).toFixed(6)));
}

/** Minor units back to the decimal number the API shows (1030 -> 10.3). */
export function fromMinor(minor: number): number {
  return Math.round(minor) / 100;
}

/** True when the decimal amount has at most two decimal places. */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

/** "10.30" - two decimals, the way prices are displayed. */
export function formatAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A price in the guest's language (spec section 9 via Intl.NumberFormat): "7,50 €" in fr, it and de,
 * "€7.50" in en, "£7.50", "฿180.00". The narrow symbol keeps "£" rather than "£GB" in French.
 * Separators are the locale's own (French uses a narrow no-break space before the symbol).
 */
export function formatPrice(minor: number, currency: string | null | undefined, language = 'en'): string {
  return moneyFormat(language, currency, false).format(Math.round(minor) / 100);
}

/** A signed price difference for variations: "+€3.00", "-1,50 €", "+฿0.00". */
export function formatPriceDifference(minor: number, currency: string | null | undefined, language = 'en'): string {
  return moneyFormat(language, currency, true).format(Math.round(minor) / 100);
}

const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(language: string, currency: string | null | undefined, signed: boolean): Intl.NumberFormat {
  const code = (currency && isCurrency(currency) ? currency : 'eur').toUpperCase();
  const cacheKey = `${language}|${code}|${signed}`;
  let format = formats.get(cacheKey);
  if (!format) {
    let locale = language;
    try {
      Intl.NumberFormat.supportedLocalesOf([language]);
    } catch {
      locale = 'en';
    }
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: signed ? 'always' : 'auto',
    });
    formats.set(cacheKey, format);
  }
  return format;
}
