/**
 * Every number a person reads is written here, the same on the server and in the browser. Written
 * out for the site's one locale rather than with Intl: the first Intl formatter a page makes costs
 * the browser 15 to 45 ms while it loads its locale data, and on the public pages that happens
 * while the page hydrates; /training's course cards spent it there (docs/decisions/033).
 * numbers.test.ts holds it to what Intl writes for en-GB. The dates a public page shows are
 * written by its loader, on the server (format.ts).
 */
import { SITE_LOCALE } from "../site/site-locale";

/**
 * A number with thousands separators and at most `maximumFractionDigits` decimals (default 0);
 * `minimumFractionDigits` pads, as prices with pence need ("349.90"). As Intl writes it for en-GB:
 * "1,247", "1,299.50", "-3", halves rounded away from zero.
 */
export function formatNumber(value: number, maximumFractionDigits = 0, minimumFractionDigits = 0): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) {
    return new Intl.NumberFormat(SITE_LOCALE, { minimumFractionDigits, maximumFractionDigits }).format(value);
  }
  const [whole = "0", fraction = ""] = roundedDigits(Math.abs(value), maximumFractionDigits).split(".");
  const shownFraction = fraction.replace(/0+$/, "").padEnd(minimumFractionDigits, "0");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ",")}${shownFraction ? `.${shownFraction}` : ""}`;
}

/**
 * `value` (not negative) to `digits` decimals, rounding the decimal digits as written (1.005 is
 * 1.01, where toFixed alone, working on the binary value, gives 1.00).
 */
function roundedDigits(value: number, digits: number): string {
  const written = String(value);
  const scaled = written.includes("e") ? value * 10 ** digits : Number(`${written}e${digits}`);
  return (Math.round(scaled) / 10 ** digits).toFixed(digits);
}
