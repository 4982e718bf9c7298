/**
 * Training courses (the `training_courses` table; the CMS Courses tab, the catalogue and the
 * checkout, which prices an order from these rows), declared once (define-kind.ts). Prices are in
 * pounds: positive, at most two decimal places. The description is typed in the rich-text editor,
 * as a job opening's is (job-opening.ts).
 */
import type { trainingCourses } from "../../db/schema";
import { formatNumber } from "../text/numbers";
import { z } from "../schemas/zod";
import { defineKind, formattedDescriptionFields } from "./define-kind";
import { parseRequirements } from "./job-opening";

export const COURSE_LIMITS = {
  name: 200,
  description: 5_000,
  duration: 100,
  level: 100,
  emoji: 16,
  instructor: 200,
  lastUpdated: 50,
  featuresText: 10_000,
  feature: 300,
  features: 40,
  maxPrice: 1_000_000,
  maxStudents: 10_000_000,
} as const;

/** The features as the dialog's textarea shows them: one per line. */
export function featuresToText(features: readonly string[]): string {
  return features.join("\n");
}

const text = (max: number, label: string, required = false) =>
  z
    .string(required ? `${label} is required` : undefined)
    .default("")
    .transform((value) => value.trim())
    .pipe(
      required
        ? z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`)
        : z.string().max(max, `${label} must be at most ${max} characters`),
    );

/** Plain decimal notation only, so "1e3", "0x10" or "Infinity" are not taken for numbers. */
const DECIMAL_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** "1,299.50" or "£1299" as typed: the number, or NaN when it is not one. Empty stays empty. */
function parseAmount(value: string): number | undefined {
  const cleaned = value.replace(/[£,\s]/g, "");
  if (cleaned === "") return undefined;
  return DECIMAL_NUMBER.test(cleaned) ? Number(cleaned) : Number.NaN;
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

// Each rule stops the checks (abort), so a price gets one message, and a bad original price is not
// also compared with the price.
const price = (label: string) =>
  z
    .number(`${label} must be a number`)
    .refine(Number.isFinite, { message: `${label} must be a number`, abort: true })
    .positive({ message: `${label} must be greater than 0`, abort: true })
    .max(COURSE_LIMITS.maxPrice, {
      message: `${label} must be at most ${formatNumber(COURSE_LIMITS.maxPrice)}`,
      abort: true,
    })
    .refine(hasAtMostTwoDecimals, { message: `${label} can have at most two decimal places`, abort: true });

export const course = defineKind<typeof trainingCourses.$inferSelect>()({
  kind: "course",
  access: { view: "courses.view", edit: "courses.edit" },
  publishing: { slug: null, redirects: false, scheduling: true },
  fields: {
    name: {
      label: "Name",
      widget: "text",
      rule: text(COURSE_LIMITS.name, "Name", true),
      compared: true,
      searchable: true,
    },
    description: {
      label: "Description",
      widget: "rich-text",
      rule: text(COURSE_LIMITS.description, "Description", true),
      compared: true,
      searchable: true,
    },
    ...formattedDescriptionFields,
    duration: {
      label: "Duration",
      widget: "text",
      rule: text(COURSE_LIMITS.duration, "Duration", true),
      compared: true,
    },
    level: {
      label: "Level",
      widget: "text",
      rule: text(COURSE_LIMITS.level, "Level", true),
      compared: true,
    },
    price: {
      label: "Price (£)",
      widget: "number",
      rule: z
        .string("Price is required")
        .transform(parseAmount)
        // Left empty, the price is missing; anything else that is not a number is a typing mistake.
        .pipe(
          z
            .number({ error: (issue) => (issue.input === undefined ? "Price is required" : "Price must be a number") })
            .pipe(price("Price")),
        ),
      compared: true,
    },
    originalPrice: {
      label: "Original price (£)",
      widget: "number",
      rule: z
        .string()
        .default("")
        .transform(parseAmount)
        .pipe(price("Original price").optional())
        .transform((value) => value ?? null),
      compared: true,
    },
    rating: {
      label: "Rating",
      widget: "number",
      rule: z
        .string()
        .default("")
        .transform(parseAmount)
        .pipe(
          z
            .number("Rating must be a number")
            .min(0, "Rating must be between 0 and 5")
            .max(5, "Rating must be between 0 and 5")
            .refine((value) => Number.isInteger(value * 10), "Rating can have one decimal place")
            .optional(),
        )
        .transform((value) => value ?? null),
      compared: true,
    },
    students: {
      label: "Students",
      widget: "number",
      rule: z
        .string()
        .default("")
        .transform((value) => parseAmount(value) ?? 0)
        .pipe(
          z
            .number("Students must be a whole number")
            .int("Students must be a whole number")
            .min(0, "Students cannot be negative")
            .max(COURSE_LIMITS.maxStudents, "Students is too large"),
        ),
      compared: true,
    },
    emoji: {
      label: "Emoji",
      widget: "text",
      rule: text(COURSE_LIMITS.emoji, "Emoji"),
      compared: true,
    },
    lastUpdated: {
      label: "Last updated",
      widget: "text",
      rule: text(COURSE_LIMITS.lastUpdated, "Last updated").transform((value) => value || null),
      compared: true,
    },
    instructor: {
      label: "Instructor",
      widget: "text",
      rule: text(COURSE_LIMITS.instructor, "Instructor").transform((value) => value || null),
      compared: true,
    },
    features: {
      label: "Features",
      widget: "lines",
      rule: z
        .string()
        .default("")
        .pipe(
          z
            .string()
            .max(COURSE_LIMITS.featuresText, `Features must be at most ${COURSE_LIMITS.featuresText} characters`),
        )
        .transform(parseRequirements)
        .pipe(
          z
            .array(
              z.string().max(COURSE_LIMITS.feature, `Each feature must be at most ${COURSE_LIMITS.feature} characters`),
            )
            .max(COURSE_LIMITS.features, `At most ${COURSE_LIMITS.features} features`),
        ),
      toForm: featuresToText,
      compared: true,
    },
  },
});
