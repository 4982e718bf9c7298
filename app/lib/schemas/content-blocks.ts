/**
 * The Content Blocks tab's forms, shared by the browser and the server: adding a block (name, type,
 * description), editing one (those, the active flag and its content fields, read by the type's
 * form in lib/blocks/block-fields.ts and checked by its schema in lib/blocks/block-data.ts) and
 * ordering a type's blocks.
 */
import { z } from "./zod";
import { BLOCK_DATA } from "../blocks/block-data";
import { blockDataFromForm, fieldForIssue } from "../blocks/block-fields";
import { BLOCK_TYPES, type BlockType } from "../enums";
import { idField, idSchema } from "./id";

const NAME_MAX = 200;
const DESCRIPTION_MAX = 1000;
/** More blocks than any page shows; a longer list to order is not a form anyone sent. */
const ORDER_MAX = 200;

const blockTypeField = z.enum(BLOCK_TYPES, "Choose a block type");

export const newBlockSchema = z.object({
  name: z
    .string("Block name is required")
    .trim()
    .min(1, "Block name is required")
    .max(NAME_MAX, "Block name is too long"),
  blockType: blockTypeField.default("testimonial"),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, "Description is too long")
    .optional()
    .transform((value) => value || null),
});
export type NewBlockInput = z.infer<typeof newBlockSchema>;

/** The edit form's own fields; the content fields are read by `parseEditBlockForm`. */
export const editBlockSchema = newBlockSchema.extend({
  id: idField("Content block not found"),
  isActive: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export type EditBlockInput = z.infer<typeof editBlockSchema> & { contentData: Record<string, unknown> };

/**
 * The edit form, checked: the block's fields and its content data for the chosen type, or every
 * message by field name (`name`, `data.quote`, `data.primaryCta.url` ...).
 */
export function parseEditBlockForm(
  form: FormData,
): { success: true; data: EditBlockInput } | { success: false; errors: Record<string, string> } {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !key.startsWith("data.")) values[key] = value;
  const errors: Record<string, string> = {};
  const block = editBlockSchema.safeParse(values);
  if (!block.success) for (const issue of block.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  const blockType = blockTypeField.safeParse(values.blockType);
  if (!blockType.success) return { success: false, errors };
  const content = checkBlockData(blockType.data, blockDataFromForm(blockType.data, form));
  if (!content.success) Object.assign(errors, { ...content.errors, ...errors });
  if (!block.success || !content.success) return { success: false, errors };
  return { success: true, data: { ...block.data, contentData: content.data } };
}

/** Checks content data against its type: the data as stored, or each field's first message. */
export function checkBlockData(
  blockType: BlockType,
  value: unknown,
): { success: true; data: Record<string, unknown> } | { success: false; errors: Record<string, string> } {
  const parsed = BLOCK_DATA[blockType].safeParse(value);
  if (parsed.success) return { success: true, data: withoutUndefined(parsed.data) };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[fieldForIssue(blockType, issue.path)] ??= issue.message;
  return { success: false, errors };
}

/** JSON columns do not keep `undefined`; leaving the keys out keeps the audit details tidy too. */
function withoutUndefined(data: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

export const blockIdSchema = z.object({ id: idSchema });

/** A type's blocks in their new order (ids, first to last), as the list's drag, keys or buttons set it. */
export const reorderBlocksSchema = z.object({
  blockType: blockTypeField,
  order: z
    .string()
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(idSchema, "Content block not found").min(1, "Nothing to order").max(ORDER_MAX, "Too many blocks")),
});
