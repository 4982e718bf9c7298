/**
 * Every date a person reads is written here (numbers in numbers.ts): in the site's locale and time
 * zone (site-locale.ts), on the server and in the browser alike, so a page rendered on a server in
 * another zone and hydrated in a visitor's browser shows the same text.
 */
import { SITE_LOCALE, SITE_TIME_ZONE } from "../site/site-locale";

const DATE_STYLES = {
  /** 25 Nov 2026 */
  date: { dateStyle: "medium" },
  /** 25 November 2026 */
  long: { dateStyle: "long" },
  /** 25 Nov 2026, 14:05 */
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  /** 25 Nov 2026, 14:05:09 */
  precise: { dateStyle: "medium", timeStyle: "medium" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(style: DateStyle | "isoDay"): Intl.DateTimeFormat {
  let format = dateFormats.get(style);
  if (!format) {
    // The en-CA locale writes a day as YYYY-MM-DD.
    format =
      style === "isoDay"
        ? new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE })
        : new Intl.DateTimeFormat(SITE_LOCALE, { ...DATE_STYLES[style], timeZone: SITE_TIME_ZONE });
    dateFormats.set(style, format);
  }
  return format;
}

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A date (and time) in London, in one of the site's styles. */
export function formatDate(value: DateInput, style: DateStyle = "date"): string {
  return dateFormat(style).format(toDate(value));
}

/** The London day as YYYY-MM-DD, for file names and machine-readable dates. */
export function isoDay(value: DateInput = new Date()): string {
  return dateFormat("isoDay").format(toDate(value));
}

/** For a `<time>` element: the instant as ISO 8601 and the text a person reads. */
export function timeParts(value: DateInput, style: DateStyle = "dateTime"): { iso: string; text: string } {
  const date = toDate(value);
  return { iso: date.toISOString(), text: formatDate(date, style) };
}
