/**
 * What each content block type holds (content_data), as one Zod schema per type and one union
 * discriminated by `blockType`. Isomorphic: the CMS form, the server's checks and the public
 * renderers all read these, so a field exists in exactly one place.
 *
 * Each schema is strict (a misspelt key is refused, not silently stored). Keys that earlier
 * versions of the CMS offered in their JSON examples (`photoUrl`, `text`, `ctaLabel`/`ctaUrl`) are
 * read as today's keys (`imageUrl`, `body`, `primaryCta`), so blocks saved back then still render.
 */
import { z } from "../schemas/zod";
import { ICON_NAMES } from "../../content/types";
import type { BlockType } from "../enums";
import { isWebAddress, sameSitePath } from "../text/safe-links";

const requiredText = (label: string, max: number) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} is too long`);

/** Optional text: blank counts as absent, so a cleared form field removes the key. */
const optionalText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} is too long`)
    .optional()
    .transform((value) => value || undefined);

/** Resolved as a browser would, so "/\\evil.example" or "/..//evil.example" is not taken for a path. */
export function isSafeLink(value: string): boolean {
  return sameSitePath(value) !== null || isWebAddress(value);
}

/** An image the Content-Security-Policy lets a page show (img-src 'self' https:). */
function isSafeImage(value: string): boolean {
  return sameSitePath(value) !== null || isWebAddress(value, ["https:"]);
}

const LINK_MESSAGE = "must start with / or be an http(s) address";

const requiredLink = (label: string) => requiredText(label, 2000).refine(isSafeLink, `${label} ${LINK_MESSAGE}`);
const optionalLink = (label: string) =>
  optionalText(label, 2000).refine((value) => value === undefined || isSafeLink(value), `${label} ${LINK_MESSAGE}`);

/** A button: both its label and its address, or neither (an empty pair is dropped by the form). */
const button = (label: string) =>
  z.strictObject({ label: requiredText(`${label} label`, 100), url: requiredLink(`${label} URL`) });

/** Renames a legacy key to today's when only the legacy one is present. */
function renamed(legacy: Record<string, string>) {
  return (value: unknown) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
    const copy: Record<string, unknown> = { ...value };
    for (const [from, to] of Object.entries(legacy)) {
      if (from in copy && !(to in copy)) copy[to] = copy[from];
      delete copy[from];
    }
    return copy;
  };
}

export const testimonialData = z.strictObject({
  quote: requiredText("Quote", 2000),
  author: requiredText("Author", 200),
  role: optionalText("Role", 200),
  company: optionalText("Company", 200),
  rating: z.number("Rating must be a number from 1 to 5").int().min(1).max(5).optional(),
});

export const featureData = z.strictObject({
  title: requiredText("Title", 200),
  description: requiredText("Description", 2000),
  icon: z.enum(ICON_NAMES, "Choose an icon from the list").optional(),
});

export const teamMemberData = z.preprocess(
  renamed({ photoUrl: "imageUrl" }),
  z.strictObject({
    name: requiredText("Name", 200),
    role: requiredText("Role", 200),
    bio: optionalText("Bio", 4000),
    location: optionalText("Location", 200),
    imageUrl: optionalText("Image URL", 2000)
      .nullable()
      .transform((value) => value ?? undefined)
      .refine(
        (value) => value === undefined || isSafeImage(value),
        "Image URL must start with / or be an https address",
      ),
  }),
);

export const serviceCardData = z.strictObject({
  title: requiredText("Title", 200),
  description: requiredText("Description", 2000),
  badge: optionalText("Badge", 100),
  features: z
    .array(requiredText("Feature", 300), "Features must be a list of text")
    .max(12, "At most 12 features")
    .default([]),
  link: optionalLink("Link"),
});

/** Reads the first version's single button (ctaLabel, ctaUrl) as the primary button. */
function legacyHeroButton(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const { ctaLabel, ctaUrl, ...rest } = value as Record<string, unknown>;
  if (ctaLabel === undefined && ctaUrl === undefined) return value;
  // Half a button (a label without an address, or the reverse) was never shown; it is dropped.
  if (rest.primaryCta !== undefined || !ctaLabel || !ctaUrl) return rest;
  return { ...rest, primaryCta: { label: ctaLabel, url: ctaUrl } };
}

export const heroData = z.preprocess(
  legacyHeroButton,
  z.strictObject({
    heading: requiredText("Heading", 300),
    subheading: optionalText("Subheading", 1000),
    primaryCta: button("Primary button").optional(),
    secondaryCta: button("Secondary button").optional(),
  }),
);

export const ctaData = z.preprocess(
  renamed({ text: "body" }),
  z.strictObject({
    heading: requiredText("Heading", 300),
    body: optionalText("Body", 2000),
    buttonLabel: requiredText("Button label", 100),
    buttonUrl: requiredLink("Button URL"),
  }),
);

/** The schema of each type's content_data. */
export const BLOCK_DATA = {
  testimonial: testimonialData,
  feature: featureData,
  team_member: teamMemberData,
  service_card: serviceCardData,
  hero: heroData,
  cta: ctaData,
} satisfies Record<BlockType, z.ZodType>;

export type BlockDataOf<T extends BlockType> = z.output<(typeof BLOCK_DATA)[T]>;

/** A block as pages render it: its id, its type and data of that type, discriminated by `blockType`. */
export type TypedBlock = {
  [T in BlockType]: { id: string; blockType: T; data: BlockDataOf<T> };
}[BlockType];

const member = <T extends BlockType>(blockType: T) =>
  z.object({ id: z.string(), blockType: z.literal(blockType), data: BLOCK_DATA[blockType] });

/** The union as a schema, for whoever holds a row's type and data together. */
export const typedBlockSchema = z.discriminatedUnion("blockType", [
  member("testimonial"),
  member("feature"),
  member("team_member"),
  member("service_card"),
  member("hero"),
  member("cta"),
]);

/**
 * A stored block read as its type, or null when its data does not fit (a block written behind the
 * CMS's back): pages skip such a block instead of failing.
 */
export function toTypedBlock(row: { id: string; blockType: string; contentData: unknown }): TypedBlock | null {
  const parsed = typedBlockSchema.safeParse({ id: row.id, blockType: row.blockType, data: row.contentData });
  return parsed.success ? parsed.data : null;
}

/** The blocks of one type among typed blocks, typed as that type. */
export function blocksOfType<T extends BlockType>(
  blocks: readonly TypedBlock[],
  blockType: T,
): Extract<TypedBlock, { blockType: T }>[] {
  return blocks.filter((block): block is Extract<TypedBlock, { blockType: T }> => block.blockType === blockType);
}

/** "team_member" → "team member", as the spec shows types. */
export function blockTypeLabel(blockType: string): string {
  return blockType.replace(/_/g, " ");
}
