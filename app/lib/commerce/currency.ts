// Currency rules for the basket. Pure and isomorphic: nothing here touches
// DOM globals at import time, so it is safe to use in loaders and SSR.

export const SUPPORTED_CURRENCIES = ["GBP", "USD", "EUR", "CAD", "AUD", "JPY", "CNY", "RUB", "BRL", "INR"] as const;

export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];

/** Currencies offered by the picker on the basket page. */
import { EXCHANGE_RATE_KEY_PREFIX } from "../site/site-setting-keys";
import { formatNumber } from "../text/numbers";
export const BASKET_CURRENCIES = ["GBP", "USD", "EUR", "CAD", "AUD", "JPY"] as const satisfies readonly CurrencyCode[];

export const DEFAULT_CURRENCY = "GBP" satisfies CurrencyCode;

/**
 * Units of a currency per 1 GBP. Keyed by plain string (not CurrencyCode) so
 * rates loaded from the database later may include currencies we have no
 * symbol for yet; a missing entry simply means "unknown pair".
 */
export type RateTable = Readonly<Partial<Record<string, number>>>;

/** Fixed rates from GBP until rates come from the database. */
export const GBP_RATES: Readonly<Record<Exclude<CurrencyCode, "GBP">, number>> = {
  USD: 1.28,
  EUR: 1.18,
  CAD: 1.74,
  AUD: 1.93,
  JPY: 192.76,
  CNY: 9.29,
  RUB: 115.32,
  BRL: 7.02,
  INR: 106.45,
};

// Exact browser-language matches only; anything else falls back to GBP.
const LANGUAGE_CURRENCIES: Readonly<Record<string, CurrencyCode>> = {
  "en-US": "USD",
  "en-GB": "GBP",
  "en-CA": "CAD",
  "fr-FR": "EUR",
  "de-DE": "EUR",
  "es-ES": "EUR",
  "it-IT": "EUR",
  "ja-JP": "JPY",
  "zh-CN": "CNY",
  "ru-RU": "RUB",
  "pt-BR": "BRL",
  "en-AU": "AUD",
};

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: "$",
  GBP: "£",
  EUR: "€",
  CAD: "CA$",
  AUD: "A$",
  JPY: "¥",
  CNY: "¥",
  RUB: "₽",
  BRL: "R$",
  INR: "₹",
};

// Own-property lookups so keys like "constructor" never match.
function lookup<T>(table: Readonly<Partial<Record<string, T>>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}

export function currencyForLanguage(language: string | undefined | null): CurrencyCode {
  if (typeof language !== "string") return DEFAULT_CURRENCY;
  return lookup(LANGUAGE_CURRENCIES, language) ?? DEFAULT_CURRENCY;
}

/**
 * Default currency from the browser language. Pass `nav` to override the
 * source (tests). Without it, reads `window.navigator` only in a browser:
 * Node 21+ has its own `navigator`, which must not decide a visitor's currency.
 */
export function detectDefaultCurrency(nav?: { language?: string }): CurrencyCode {
  try {
    const source = nav ?? (typeof window === "undefined" ? undefined : window.navigator);
    return currencyForLanguage(source?.language);
  } catch {
    // Locked-down browsers and odd embeds can throw from navigator getters.
    return DEFAULT_CURRENCY;
  }
}

/** Units of `code` per pound: 1 for GBP, undefined for an unknown or unusable (zero, negative, NaN) rate. */
export function rateFromGbp(code: string, rates: RateTable = GBP_RATES): number | undefined {
  if (code === "GBP") return 1;
  const rate = lookup(rates, code);
  return typeof rate === "number" && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

/**
 * Converts via GBP and rounds to a whole number. Same currency, or a pair
 * missing from `rates`, returns `amount` exactly as given (not rounded).
 */
export function convertPrice(amount: number, from: string, to: string, rates: RateTable = GBP_RATES): number {
  if (from === to) return amount;
  const fromRate = rateFromGbp(from, rates);
  const toRate = rateFromGbp(to, rates);
  if (fromRate === undefined || toRate === undefined) return amount;
  // Single rounding at the end so cross rates don't compound rounding error.
  return Math.round((amount / fromRate) * toRate);
}

/**
 * Symbol + amount with thousands separators: "£1,299", "CA$2,260". Converted prices are whole
 * numbers (SPEC.md section 9); a price kept in pence (a course at £1,299.50, only ever shown in
 * pounds) shows its pence, because that is what the checkout charges.
 * Currencies without a symbol use the code and a space: "CHF 100".
 * Negative amounts put the sign first: "-£5".
 */
export function formatPrice(amount: number, currency: string): string {
  const minorUnits = Math.round(amount * 100);
  const symbol = lookup(CURRENCY_SYMBOLS, currency) ?? `${currency} `;
  // In the site's fixed locale (lib/text/format.ts), so server and browser render the same string.
  const digits = minorUnits % 100 === 0 || minorUnitDigits(currency) === 0 ? 0 : 2;
  const text = formatNumber(Math.abs(minorUnits) / 100, digits, digits);
  // Format the absolute value so -0 never renders as "-£0".
  const sign = minorUnits < 0 && text !== formatNumber(0, digits, digits) ? "-" : "";
  return `${sign}${symbol}${text}`;
}

/** Sum of each item's individually converted (and rounded) price. */
export function basketTotal(
  items: readonly { price: number; baseCurrency?: string }[],
  currency: string,
  rates: RateTable = GBP_RATES,
): number {
  return items.reduce(
    (sum, item) => sum + convertPrice(item.price, item.baseCurrency ?? DEFAULT_CURRENCY, currency, rates),
    0,
  );
}

/** The site setting that holds a currency's rate from GBP, e.g. `exchange_rate_usd`. */
export function exchangeRateSettingKey(code: string): string {
  return `${EXCHANGE_RATE_KEY_PREFIX}${code.toLowerCase()}`;
}

/**
 * The rates an administrator keeps in the site settings (`exchange_rate_<code>`, units per pound).
 * A setting that is missing, not a number, zero or negative keeps the fixed rate of SPEC.md
 * section 9, so a typo in the CMS can never make a course free or break the basket.
 */
export function ratesFromSettings(settings: Readonly<Record<string, string>>): Record<string, number> {
  const rates: Record<string, number> = { ...GBP_RATES };
  for (const code of Object.keys(GBP_RATES)) {
    const key = exchangeRateSettingKey(code);
    const raw = Object.hasOwn(settings, key) ? settings[key]?.trim() : undefined;
    if (!raw) continue;
    const value = Number(raw);
    if (Number.isFinite(value) && value > 0) rates[code] = value;
  }
  return rates;
}

// Currencies whose smallest unit is the whole unit (Stripe's "zero-decimal" currencies we offer).
const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set(["JPY"]);

/** How many decimal places the currency's minor unit has: 0 for JPY, 2 for the others we offer. */
export function minorUnitDigits(code: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(code.toUpperCase()) ? 0 : 2;
}

/**
 * An amount in the currency's smallest unit, as payment providers want it: £1,299 is 129900 pence,
 * ¥250,395 is 250395 yen. Rounded, so floating-point noise (1299.1 × 100) cannot leak through.
 */
export function toMinorUnits(amount: number, code: string): number {
  return Math.round(amount * 10 ** minorUnitDigits(code));
}
