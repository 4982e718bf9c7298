/**
 * Job openings (the `careers` table; the CMS's Careers tab and the public careers page), declared
 * once (define-kind.ts). The description is typed in the rich-text editor: the form posts its HTML,
 * the server keeps the HTML (`descriptionHtml`), the editor's document and the text (`description`).
 */
import type { careers } from "../../db/schema";
import { CAREER_TYPES } from "../enums";
import { z } from "../schemas/zod";
import { defineKind, formattedDescriptionFields } from "./define-kind";

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

const requirementsRule = z
  .string()
  .default("")
  .pipe(
    z
      .string()
      .max(CAREER_LIMITS.requirementsText, `Requirements must be at most ${CAREER_LIMITS.requirementsText} characters`),
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
  );

export const jobOpening = defineKind<typeof careers.$inferSelect>()({
  kind: "career",
  access: { view: "careers.view", edit: "careers.edit" },
  publishing: { slug: null, redirects: false, scheduling: true },
  fields: {
    title: {
      label: "Title",
      widget: "text",
      rule: z
        .string("Title is required")
        .transform((value) => value.trim())
        .pipe(
          z
            .string()
            .min(1, "Title is required")
            .max(CAREER_LIMITS.title, `Title must be at most ${CAREER_LIMITS.title} characters`),
        ),
      compared: true,
      searchable: true,
    },
    department: {
      label: "Department",
      widget: "text",
      rule: optionalText(CAREER_LIMITS.department, "Department"),
      compared: true,
      searchable: true,
    },
    location: {
      label: "Location",
      widget: "text",
      rule: optionalText(CAREER_LIMITS.location, "Location"),
      compared: true,
    },
    type: {
      label: "Type",
      widget: "select",
      options: CAREER_TYPES,
      rule: z.enum(CAREER_TYPES, "Choose a type").default("Full-time"),
      compared: true,
    },
    experience: {
      label: "Experience",
      widget: "text",
      rule: optionalText(CAREER_LIMITS.experience, "Experience"),
      compared: true,
    },
    // The text of the editor's HTML: what the list, JobPosting, the assistant and the rule read.
    description: {
      label: "Description",
      widget: "rich-text",
      rule: optionalText(CAREER_LIMITS.description, "Description"),
      compared: true,
      searchable: true,
    },
    ...formattedDescriptionFields,
    requirements: {
      label: "Requirements",
      widget: "lines",
      rule: requirementsRule,
      toForm: requirementsToText,
      compared: true,
    },
  },
});
