/**
 * The CMS Courses tab's form (issue 6; the fields of SPEC.md section 3 "Training course"), shared by
 * the dialog in the browser and the action on the server, so both apply the same rules and messages.
 * Prices are in pounds: positive, at most two decimal places, and an original price (the "was"
 * price of the saving) never below the price.
 */
import { z } from "./zod";
import { parseRequirements } from "./careers";
import { idField } from "./id";
import { formatNumber } from "../numbers";

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

export const courseFormSchema = z
  .object({
    name: text(COURSE_LIMITS.name, "Name", true),
    description: text(COURSE_LIMITS.description, "Description", true),
    duration: text(COURSE_LIMITS.duration, "Duration", true),
    level: text(COURSE_LIMITS.level, "Level", true),
    price: z
      .string("Price is required")
      .transform(parseAmount)
      // Left empty, the price is missing; anything else that is not a number is a typing mistake.
      .pipe(
        z
          .number({ error: (issue) => (issue.input === undefined ? "Price is required" : "Price must be a number") })
          .pipe(price("Price")),
      ),
    originalPrice: z
      .string()
      .default("")
      .transform(parseAmount)
      .pipe(price("Original price").optional())
      .transform((value) => value ?? null),
    rating: z
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
    students: z
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
    emoji: text(COURSE_LIMITS.emoji, "Emoji"),
    features: z
      .string()
      .default("")
      .pipe(
        z.string().max(COURSE_LIMITS.featuresText, `Features must be at most ${COURSE_LIMITS.featuresText} characters`),
      )
      .transform(parseRequirements)
      .pipe(
        z
          .array(
            z.string().max(COURSE_LIMITS.feature, `Each feature must be at most ${COURSE_LIMITS.feature} characters`),
          )
          .max(COURSE_LIMITS.features, `At most ${COURSE_LIMITS.features} features`),
      ),
    instructor: text(COURSE_LIMITS.instructor, "Instructor").transform((value) => value || null),
    lastUpdated: text(COURSE_LIMITS.lastUpdated, "Last updated").transform((value) => value || null),
    // The Active switch's hidden input: "true" or "false" (absent means the default, active).
    isActive: z
      .enum(["true", "false", "on"])
      .default("true")
      .transform((value) => value !== "false"),
  })
  .superRefine((course, context) => {
    if (course.originalPrice !== null && course.originalPrice < course.price) {
      context.addIssue({
        code: "custom",
        path: ["originalPrice"],
        message: "Original price cannot be lower than the price",
      });
    }
  });

export type CourseInput = z.output<typeof courseFormSchema>;

export const courseIdSchema = z.object({ id: idField("Course not found") });
