import { formatNumber } from "../text/numbers";
/**
 * What a training-course card and the catalogue's structured data derive from a course (SPEC.md
 * section 2, "Training", and section 9): the saving, the features shown before "+N more topics",
 * the student count and the rating as words. Pure and isomorphic, so the card, the PDF curriculum
 * and the JSON-LD say the same thing.
 */

/** The public fields of a training course: what a card, the curriculum PDF and the JSON-LD show. */
export interface CourseSummary {
  id: string;
  name: string;
  /** Plain text: the curriculum PDF, the JSON-LD and a never-edited card read it. */
  description: string;
  /** The rich-text editor's sanitised HTML, null (or absent) until first edited. */
  descriptionHtml?: string | null;
  duration: string;
  level: string;
  price: number;
  originalPrice: number | null;
  rating: number | null;
  students: number;
  emoji: string;
  features: string[];
  instructor: string | null;
  lastUpdated: string | null;
}

/** Where each course's card sits on the catalogue page, so every Course has an address of its own. */
export function courseAnchor(id: string): string {
  return `course-${id}`;
}

/** How many features a course card lists before "+N more topics" (SPEC.md "Training"). */
export const FEATURES_ON_CARD = 3;

/**
 * What a visitor saves against the original price (original − price), or null when there is
 * nothing to show: no original price, or one that is not above the price.
 */
export function courseSaving(price: number, originalPrice: number | null | undefined): number | null {
  if (originalPrice === null || originalPrice === undefined) return null;
  if (!Number.isFinite(originalPrice) || !Number.isFinite(price)) return null;
  // Prices are kept to the penny; rounding keeps 1599 − 1299.1 from showing float noise.
  const saving = Math.round((originalPrice - price) * 100) / 100;
  return saving > 0 ? saving : null;
}

/** The features a card lists and how many it leaves for "+N more topics". */
export function featurePreview(
  features: readonly string[],
  limit: number = FEATURES_ON_CARD,
): { shown: string[]; hiddenCount: number } {
  const shown = features.slice(0, Math.max(0, limit));
  return { shown, hiddenCount: features.length - shown.length };
}

/** "+4 more topics" ("+1 more topic"); empty when nothing is left out. */
export function moreTopicsLabel(hiddenCount: number): string {
  if (hiddenCount <= 0) return "";
  return `+${hiddenCount} more ${hiddenCount === 1 ? "topic" : "topics"}`;
}

/** "1,247 students", "1 student". */
export function studentCountLabel(students: number): string {
  const count = Math.max(0, Math.round(students));
  return `${formatNumber(count)} ${count === 1 ? "student" : "students"}`;
}

/** A rating as one decimal place, the way the card prints it: 4.8, 5.0. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** The rating as a screen reader should hear it: "Rated 4.8 out of 5". */
export function ratingLabel(rating: number): string {
  return `Rated ${formatRating(rating)} out of 5`;
}

const DURATION_UNITS: Record<string, { designator: string; time: boolean }> = {
  minute: { designator: "M", time: true },
  min: { designator: "M", time: true },
  hour: { designator: "H", time: true },
  hr: { designator: "H", time: true },
  day: { designator: "D", time: false },
  week: { designator: "W", time: false },
  month: { designator: "M", time: false },
};

/**
 * A course's duration text as an ISO 8601 duration, which is what schema.org's `courseWorkload`
 * expects: "40 hours" → "PT40H", "1.5 hours" → "PT1.5H", "6 weeks" → "P6W". Undefined for text
 * that is not a single number and unit ("Self-paced", "3 days + exam"), so nothing wrong is claimed.
 */
export function durationToIso8601(duration: string): string | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+?)s?\s*$/i.exec(duration);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = DURATION_UNITS[match[2]!.toLowerCase()];
  if (!unit || !(amount > 0)) return undefined;
  return `P${unit.time ? "T" : ""}${amount}${unit.designator}`;
}
