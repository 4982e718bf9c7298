/** Content blocks (content_blocks): reusable pieces of content (testimonials, features, ...). */
import { and, asc, eq, type SQL } from "drizzle-orm";
import { contentBlocks } from "../../../db/schema";
import type { BlockType } from "../../lib/enums";
import { testimonialDataSchema } from "../../lib/schemas/content-blocks";
import { auditedChange, type Actor } from "../platform/audit.server";
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

const ENTITY = "content_blocks";

/** Runs one administrator's change to a block with its audit entry, then forgets the cached lists. */
async function changeBlock(
  db: Database,
  actor: Actor,
  action: string,
  change: (tx: Database) => Promise<ContentBlock | undefined>,
  details: (block: ContentBlock) => Record<string, unknown> = ({ name, blockType }) => ({ name, blockType }),
): Promise<ContentBlock> {
  const block = await auditedChange(
    db,
    actor,
    async (tx) => {
      const row = await change(tx);
      if (!row) throw new ExpectedError("Content block not found.", { status: 404 });
      return row;
    },
    (row) => ({ action, entity: ENTITY, entityId: row.id, details: details(row) }),
  );
  blocksChanged();
  return block;
}

export function createContentBlock(
  db: Database,
  actor: Actor,
  input: {
    name: string;
    blockType: BlockType;
    description?: string | null;
    contentData?: Record<string, unknown>;
    isActive?: boolean;
  },
): Promise<ContentBlock> {
  return changeBlock(db, actor, "content_block.create", async (tx) => {
    const [block] = await tx
      .insert(contentBlocks)
      .values({
        name: input.name,
        blockType: input.blockType,
        description: input.description ?? null,
        contentData: input.contentData ?? {},
        isActive: input.isActive ?? true,
      })
      .returning();
    if (!block) throw new Error("The content block was not created");
    return block;
  });
}

/** Saves a block's every field; an unknown id is the administrator's mistake ("Content block not found."). */
export function updateContentBlock(
  db: Database,
  actor: Actor,
  id: string,
  input: {
    name: string;
    blockType: BlockType;
    description: string | null;
    contentData: Record<string, unknown>;
    isActive: boolean;
  },
): Promise<ContentBlock> {
  return changeBlock(
    db,
    actor,
    "content_block.update",
    async (tx) => {
      const [block] = await tx
        .update(contentBlocks)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(contentBlocks.id, id))
        .returning();
      return block;
    },
    ({ name, blockType, isActive, contentData }) => ({ name, blockType, isActive, contentData }),
  );
}

export function deleteContentBlock(db: Database, actor: Actor, id: string): Promise<ContentBlock> {
  return changeBlock(db, actor, "content_block.delete", async (tx) => {
    const [block] = await tx.delete(contentBlocks).where(eq(contentBlocks.id, id)).returning();
    return block;
  });
}
