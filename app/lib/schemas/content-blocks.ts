/**
 * The Content Blocks tab's forms and the shape of each block type's content_data, shared by the
 * browser and the server. Each block type is a small strict object: a typo in a key is reported
 * rather than silently stored, and every shape the seed data uses is accepted.
 */
import { z } from "./zod";
import { BLOCK_TYPES, type BlockType } from "../enums";
import { isWebAddress, sameSitePath } from "../safe-links";
import { idField, idSchema } from "./id";

const NAME_MAX = 200;
const DESCRIPTION_MAX = 1000;

const requiredText = (label: string, max = 2000) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const optionalText = (label: string, max = 2000) => z.string(`${label} must be text`).max(max, `${label} is too long`);

/** A link a block may show: a path on this site ("/contact") or an http(s) address. */
const linkField = (label: string) =>
  z.string(`${label} must be text`).refine(isSafeLink, `${label} must start with / or be an http(s) address`);

/** Resolved as a browser would, so "/\\evil.example" or "/..//evil.example" is not taken for a path. */
export function isSafeLink(value: string): boolean {
  return sameSitePath(value) !== null || isWebAddress(value);
}

const callToAction = z.strictObject({ label: requiredText("Button label", 100), url: linkField("Button URL") });

export const testimonialDataSchema = z.strictObject({
  quote: requiredText("Quote", 2000),
  author: requiredText("Author", 200),
  role: optionalText("Role", 200).optional(),
  company: optionalText("Company", 200).optional(),
  rating: z.number("Rating must be a number").int().min(1).max(5).optional(),
});
export type TestimonialData = z.infer<typeof testimonialDataSchema>;

export const BLOCK_DATA_SCHEMAS = {
  testimonial: testimonialDataSchema,
  feature: z.strictObject({
    title: requiredText("Title", 200),
    description: requiredText("Description", 2000),
    icon: optionalText("Icon", 100).optional(),
  }),
  team_member: z.strictObject({
    name: requiredText("Name", 200),
    role: requiredText("Role", 200),
    bio: optionalText("Bio", 4000).optional(),
    location: optionalText("Location", 200).optional(),
    photoUrl: linkField("Photo URL").optional(),
    imageUrl: linkField("Image URL").nullable().optional(),
  }),
  service_card: z.strictObject({
    title: requiredText("Title", 200),
    description: requiredText("Description", 2000),
    badge: optionalText("Badge", 100).optional(),
    link: linkField("Link").optional(),
    features: z.array(requiredText("Feature", 300), "Features must be a list of text").max(50).optional(),
  }),
  hero: z.strictObject({
    heading: requiredText("Heading", 300),
    subheading: optionalText("Subheading", 1000).optional(),
    ctaLabel: optionalText("CTA label", 100).optional(),
    ctaUrl: linkField("CTA URL").optional(),
    primaryCta: callToAction.optional(),
    secondaryCta: callToAction.optional(),
  }),
  cta: z.strictObject({
    heading: requiredText("Heading", 300),
    text: optionalText("Text", 2000).optional(),
    body: optionalText("Body", 2000).optional(),
    buttonLabel: requiredText("Button label", 100),
    buttonUrl: linkField("Button URL"),
  }),
} satisfies Record<BlockType, z.ZodType>;

/** An example of each type's data, offered when a block has none yet. */
export const BLOCK_DATA_EXAMPLES: Record<BlockType, Record<string, unknown>> = {
  testimonial: { quote: "", author: "", role: "", company: "" },
  feature: { title: "", description: "", icon: "" },
  team_member: { name: "", role: "", bio: "", photoUrl: "" },
  service_card: { title: "", description: "", link: "/services", features: [] },
  hero: { heading: "", subheading: "", ctaLabel: "", ctaUrl: "/contact" },
  cta: { heading: "", text: "", buttonLabel: "", buttonUrl: "/contact" },
};

/** "a.b: message" for each problem, so the admin sees which key of the JSON is wrong. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.join(".");
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/**
 * Parses the JSON text of a block's content_data and checks it against its type. Returns the object
 * or a message that names the problem.
 */
export function parseBlockData(
  blockType: BlockType,
  json: string,
): { success: true; data: Record<string, unknown> } | { success: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { success: false, error: `Content data is not valid JSON (${(error as Error).message}).` };
  }
  return checkBlockData(blockType, value);
}

export function checkBlockData(
  blockType: BlockType,
  value: unknown,
): { success: true; data: Record<string, unknown> } | { success: false; error: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { success: false, error: "Content data must be a JSON object, e.g. { ... }." };
  }
  const parsed = BLOCK_DATA_SCHEMAS[blockType].safeParse(value);
  if (!parsed.success) {
    return {
      success: false,
      error: `Content data does not fit a ${blockTypeLabel(blockType)}: ${describeIssues(parsed.error)}.`,
    };
  }
  return { success: true, data: parsed.data as Record<string, unknown> };
}

/** "team_member" → "team member", as the spec shows types. */
export function blockTypeLabel(blockType: string): string {
  return blockType.replace(/_/g, " ");
}

const blockTypeField = z.enum(BLOCK_TYPES, "Choose a block type");

export const newBlockSchema = z.object({
  name: requiredText("Block name", NAME_MAX),
  blockType: blockTypeField.default("testimonial"),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, "Description is too long")
    .optional()
    .transform((value) => value || null),
});
export type NewBlockInput = z.infer<typeof newBlockSchema>;

/** The edit form: the new block's fields, the active flag ("true"/"false") and content_data as JSON. */
export const editBlockSchema = newBlockSchema
  .extend({
    id: idField("Content block not found"),
    isActive: z.enum(["true", "false"]).transform((value) => value === "true"),
    contentData: z.string().max(20_000, "Content data is too long"),
  })
  .transform((value, context) => {
    const parsed = parseBlockData(value.blockType, value.contentData);
    if (!parsed.success) {
      context.addIssue({ code: "custom", path: ["contentData"], message: parsed.error });
      return z.NEVER;
    }
    return { ...value, contentData: parsed.data };
  });
export type EditBlockInput = z.infer<typeof editBlockSchema>;

export const blockIdSchema = z.object({ id: idSchema });
