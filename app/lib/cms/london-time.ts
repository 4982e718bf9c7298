/**
 * Scheduling times are typed and read in Europe/London: a `datetime-local` field has no
 * zone, so its "2026-03-29T09:00" is London's wall clock, BST or GMT as the day has it. These turn
 * that wall clock into an instant and back, without a date library: the offset is read from Intl.
 */
import { SITE_TIME_ZONE } from "../site/site-locale";

/** A datetime-local value: minutes, or seconds when the field's step allows them. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** London's wall clock at an instant, as `YYYY-MM-DDTHH:mm` (what a datetime-local field holds). */
export function toLondonWallClock(instant: Date): string {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Minutes London is ahead of UTC at an instant: 60 in summer (BST), 0 in winter (GMT). */
function londonOffsetMinutes(instant: Date): number {
  const wall = WALL_CLOCK.exec(toLondonWallClock(instant));
  if (!wall) return 0;
  const [, year, month, day, hour, minute] = wall.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant of a London wall-clock time `YYYY-MM-DDTHH:mm`, or null when the text is not one or
 * the time does not exist (the hour skipped when the clocks go forward). A time that happens twice
 * (the hour repeated when they go back) is the first of the two, in BST.
 */
export function fromLondonWallClock(value: string): Date | null {
  const wall = WALL_CLOCK.exec(value.trim());
  if (!wall) return null;
  const [year, month, day, hour, minute, second = 0] = wall.slice(1).map((part) => (part ? Number(part) : 0)) as [
    number,
    number,
    number,
    number,
    number,
    number?,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  const minutes = value.trim().slice(0, 16);
  // Try the two offsets London uses, BST first, and keep the one whose wall clock reads back the same.
  for (const offset of [60, 0]) {
    const candidate = new Date(asUtc - offset * 60_000);
    if (londonOffsetMinutes(candidate) === offset && toLondonWallClock(candidate) === minutes) return candidate;
  }
  return null;
}
