/** Content blocks (content_blocks): reusable pieces of content (testimonials, features, ...). */
import { and, asc, eq, type SQL } from "drizzle-orm";
import { contentBlocks } from "../../../db/schema";
import type { BlockType } from "../../lib/enums";
import { testimonialDataSchema } from "../../lib/schemas/content-blocks";
import { cached, invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";

/** Every cached list of active blocks starts with this; each block write invalidates all of them. */
export const CONTENT_BLOCKS_CACHE_PREFIX = "content-blocks:";

export type ContentBlock = typeof contentBlocks.$inferSelect;

/** One testimonial as the public site shows it. */
export interface Testimonial {
  id: string;
  quote: string;
  author: string;
  role?: string;
  company?: string;
}

/**
 * Blocks ordered by name (SPEC.md section 7): optionally of one type, and active only unless
 * `includeInactive` (the CMS list shows them all).
 */
export async function listContentBlocks(
  db: Database,
  options: { blockType?: BlockType; includeInactive?: boolean } = {},
): Promise<ContentBlock[]> {
  const conditions: SQL[] = [];
  if (!options.includeInactive) conditions.push(eq(contentBlocks.isActive, true));
  if (options.blockType) conditions.push(eq(contentBlocks.blockType, options.blockType));
  return db
    .select()
    .from(contentBlocks)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(contentBlocks.name), asc(contentBlocks.createdAt));
}

/**
 * The active blocks (of one type, if given) for public pages, cached until a block changes. A
 * failure is not cached; the caller decides what a page shows without them.
 */
export function listActiveBlocks(db: Database, blockType?: BlockType): Promise<ContentBlock[]> {
  return cached(`${CONTENT_BLOCKS_CACHE_PREFIX}active:${blockType ?? "all"}`, () =>
    listContentBlocks(db, { blockType }),
  );
}

/** The testimonials among blocks whose data fits the testimonial shape; others are skipped. */
export function toTestimonials(blocks: readonly ContentBlock[]): Testimonial[] {
  const testimonials: Testimonial[] = [];
  for (const block of blocks) {
    if (block.blockType !== "testimonial") continue;
    const parsed = testimonialDataSchema.safeParse(block.contentData);
    if (!parsed.success) continue;
    const { quote, author, role, company } = parsed.data;
    testimonials.push({
      id: block.id,
      quote,
      author,
      ...(role ? { role } : {}),
      ...(company ? { company } : {}),
    });
  }
  return testimonials;
}

export async function findContentBlock(db: Database, id: string): Promise<ContentBlock | undefined> {
  const [block] = await db.select().from(contentBlocks).where(eq(contentBlocks.id, id));
  return block;
}

function blocksChanged(): void {
  invalidate(CONTENT_BLOCKS_CACHE_PREFIX);
}

export async function createContentBlock(
  db: Database,
  input: {
    name: string;
    blockType: BlockType;
    description?: string | null;
    contentData?: Record<string, unknown>;
    isActive?: boolean;
  },
): Promise<ContentBlock> {
  const [block] = await db
    .insert(contentBlocks)
    .values({
      name: input.name,
      blockType: input.blockType,
      description: input.description ?? null,
      contentData: input.contentData ?? {},
      isActive: input.isActive ?? true,
    })
    .returning();
  blocksChanged();
  if (!block) throw new Error("The content block was not created");
  return block;
}

export async function updateContentBlock(
  db: Database,
  id: string,
  input: {
    name: string;
    blockType: BlockType;
    description: string | null;
    contentData: Record<string, unknown>;
    isActive: boolean;
  },
): Promise<ContentBlock> {
  const [block] = await db
    .update(contentBlocks)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(contentBlocks.id, id))
    .returning();
  blocksChanged();
  if (!block) throw new ExpectedError("Content block not found.");
  return block;
}

export async function deleteContentBlock(db: Database, id: string): Promise<ContentBlock> {
  const [block] = await db.delete(contentBlocks).where(eq(contentBlocks.id, id)).returning();
  blocksChanged();
  if (!block) throw new ExpectedError("Content block not found.");
  return block;
}
