/**
 * The dashboard's (and the audit history's) date range, read from the address: a preset
 * (`?range=30d`) or a custom `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both London days, `to` included.
 * A range that cannot be read is answered with a message and the default range, never an error page.
 */
import { isoDay } from "~/lib/text/format";
import { fromLondonWallClock } from "~/lib/cms/london-time";

export const DATE_RANGE_PRESETS = [
  { id: "30d", label: "Last 30 days" },
  { id: "90d", label: "Last 90 days" },
  { id: "12m", label: "Last 12 months" },
  { id: "ytd", label: "This year" },
] as const;

export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number]["id"];
export const DEFAULT_PRESET: DateRangePreset = "90d";

/** A range longer than this is refused: the charts would be unreadable and the queries long. */
export const MAX_RANGE_DAYS = 5 * 366;

export const DATE_RANGE_MESSAGES = {
  invalidDate: "Enter the dates as day, month and year (for example 2026-03-31).",
  reversed: "The start date must be on or before the end date.",
  tooLong: "Choose a range of five years or less.",
} as const;

export interface DateRange {
  /** The first London day, YYYY-MM-DD. */
  from: string;
  /** The last London day, included. */
  to: string;
  /** The instants the SQL compares with: start of `from` in London, start of the day after `to` (exclusive). */
  start: Date;
  end: Date;
  /** The preset chosen, or null for custom dates. */
  preset: DateRangePreset | null;
  /** Why the dates asked for were not used (the default range is shown instead). */
  error: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD calendar day as a UTC midnight, for day arithmetic with no time zone in it. */
function dayValue(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const value = Date.UTC(year, month - 1, date);
  return new Date(value).getUTCDate() === date && new Date(value).getUTCMonth() === month - 1 ? value : null;
}

function dayText(value: number): string {
  return new Date(value).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const value = dayValue(day);
  if (value === null) throw new Error(`Not a day: ${day}`);
  return dayText(value + days * 86_400_000);
}

/** The start of a London day, as an instant (midnight exists every day: the clocks change at 1 or 2 am). */
export function londonMidnight(day: string): Date {
  const instant = fromLondonWallClock(`${day}T00:00`);
  if (!instant) throw new Error(`Not a day: ${day}`);
  return instant;
}

function presetDays(preset: DateRangePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "90d":
      return { from: addDays(today, -89), to: today };
    case "12m": {
      // Twelve whole months, this one included, so each month's bar counts a whole month.
      const [year, month] = today.split("-").map(Number) as [number, number];
      const first = new Date(Date.UTC(year, month - 1 - 11, 1));
      return { from: dayText(first.getTime()), to: today };
    }
    case "ytd":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

function isPreset(value: string | null): value is DateRangePreset {
  return DATE_RANGE_PRESETS.some((preset) => preset.id === value);
}

function rangeOf(from: string, to: string, preset: DateRangePreset | null, error: string | null): DateRange {
  return { from, to, start: londonMidnight(from), end: londonMidnight(addDays(to, 1)), preset, error };
}

/** The range the address asks for; `now` is injectable so tests fix "today". */
export function readDateRange(searchParams: URLSearchParams, now: Date = new Date()): DateRange {
  const today = isoDay(now);
  const fallback = (error: string | null) => {
    const days = presetDays(DEFAULT_PRESET, today);
    return rangeOf(days.from, days.to, DEFAULT_PRESET, error);
  };
  const from = searchParams.get("from")?.trim() ?? "";
  const to = searchParams.get("to")?.trim() ?? "";
  if (from !== "" || to !== "") {
    // One end left empty means "from the start of the default range" or "up to today".
    const fromDay = from === "" ? presetDays(DEFAULT_PRESET, today).from : from;
    const toDay = to === "" ? today : to;
    const start = dayValue(fromDay);
    const end = dayValue(toDay);
    if (start === null || end === null) return fallback(DATE_RANGE_MESSAGES.invalidDate);
    if (start > end) return fallback(DATE_RANGE_MESSAGES.reversed);
    if ((end - start) / 86_400_000 + 1 > MAX_RANGE_DAYS) return fallback(DATE_RANGE_MESSAGES.tooLong);
    return rangeOf(fromDay, toDay, null, null);
  }
  const preset = searchParams.get("range");
  if (isPreset(preset)) {
    const days = presetDays(preset, today);
    return rangeOf(days.from, days.to, preset, null);
  }
  return fallback(null);
}

/**
 * Optional day bounds (the audit history's filter): none given means no bound. Each given day must
 * read as one, and `from` come first; else the message says why and no bound is applied.
 */
export function readDayBounds(searchParams: URLSearchParams): {
  from: string;
  to: string;
  start?: Date;
  end?: Date;
  error: string | null;
} {
  const from = searchParams.get("from")?.trim() ?? "";
  const to = searchParams.get("to")?.trim() ?? "";
  const start = from === "" ? null : dayValue(from);
  const end = to === "" ? null : dayValue(to);
  if ((from !== "" && start === null) || (to !== "" && end === null)) {
    return { from, to, error: DATE_RANGE_MESSAGES.invalidDate };
  }
  if (start !== null && end !== null && start > end) return { from, to, error: DATE_RANGE_MESSAGES.reversed };
  return {
    from,
    to,
    start: start === null ? undefined : londonMidnight(from),
    end: end === null ? undefined : londonMidnight(addDays(to, 1)),
    error: null,
  };
}

/** The Monday (London calendar) that starts the week of `day`, as date_trunc('week') counts weeks. */
export function weekStart(day: string): string {
  const value = dayValue(day);
  if (value === null) throw new Error(`Not a day: ${day}`);
  const weekday = (new Date(value).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return dayText(value - weekday * 86_400_000);
}

/** Every week of the range (its Monday, YYYY-MM-DD), first to last, so weeks with nothing show as 0. */
export function weeksOf(range: Pick<DateRange, "from" | "to">): string[] {
  const weeks: string[] = [];
  for (let week = weekStart(range.from); week <= range.to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** Every month of the range (YYYY-MM), first to last. */
export function monthsOf(range: Pick<DateRange, "from" | "to">): string[] {
  const months: string[] = [];
  let [year, month] = range.from.split("-").map(Number) as [number, number];
  const last = range.to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}
