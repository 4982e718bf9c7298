/**
 * The Careers tab's form (SPEC.md "Careers Management", sections 4 and 5), shared by the dialog in
 * the browser and the action on the server, so both apply the same rules and messages.
 */
import { z } from "./zod";
import { CAREER_TYPES } from "../enums";
import { idField } from "./id";

export const CAREER_LIMITS = {
  title: 200,
  department: 100,
  location: 100,
  experience: 100,
  description: 10_000,
  requirementsText: 10_000,
  requirement: 500,
  requirements: 50,
} as const;

/** The spec's rule: the requirements text is split on line breaks, trimmed, and empty lines dropped. */
export function parseRequirements(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** The list as the dialog's textarea shows it: one requirement per line. */
export function requirementsToText(requirements: unknown): string {
  return Array.isArray(requirements) ? requirements.filter((item) => typeof item === "string").join("\n") : "";
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .default("")
    .transform((value) => value.trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`));

export const careerFormSchema = z.object({
  title: z
    .string("Title is required")
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, "Title is required")
        .max(CAREER_LIMITS.title, `Title must be at most ${CAREER_LIMITS.title} characters`),
    ),
  department: optionalText(CAREER_LIMITS.department, "Department"),
  location: optionalText(CAREER_LIMITS.location, "Location"),
  type: z.enum(CAREER_TYPES, "Choose a type").default("Full-time"),
  experience: optionalText(CAREER_LIMITS.experience, "Experience"),
  description: optionalText(CAREER_LIMITS.description, "Description"),
  requirements: z
    .string()
    .default("")
    .pipe(
      z
        .string()
        .max(
          CAREER_LIMITS.requirementsText,
          `Requirements must be at most ${CAREER_LIMITS.requirementsText} characters`,
        ),
    )
    .transform(parseRequirements)
    .pipe(
      z
        .array(
          z
            .string()
            .max(CAREER_LIMITS.requirement, `Each requirement must be at most ${CAREER_LIMITS.requirement} characters`),
        )
        .max(CAREER_LIMITS.requirements, `At most ${CAREER_LIMITS.requirements} requirements`),
    ),
  // The Active switch's hidden input: "true" or "false" (absent means the default, active).
  isActive: z
    .enum(["true", "false", "on"])
    .default("true")
    .transform((value) => value !== "false"),
});

export type CareerInput = z.output<typeof careerFormSchema>;

export const careerIdSchema = z.object({ id: idField("Career not found") });
