/** Content blocks (content_blocks): reusable pieces of content (testimonials, features, ...). */
import { and, asc, eq, max, type SQL } from "drizzle-orm";
import { contentBlocks } from "../../db/schema";
import type { BlockType } from "../../lib/enums";
import { blocksOfType, toTypedBlock, type TypedBlock } from "../../lib/blocks/block-data";
import { auditedChange, type Actor } from "../platform/audit.server";
import { cached, invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";

/** Every cached list of active blocks starts with this; each block write invalidates all of them. */
export const CONTENT_BLOCKS_CACHE_PREFIX = "content-blocks:";

export type ContentBlock = typeof contentBlocks.$inferSelect;

/**
 * Blocks in their order (the editors' order, `sort_order`, then by name as SPEC.md
 * section 7 had it, which is also the order the migration gave existing blocks): optionally of
 * one type, and active only unless `includeInactive` (the CMS list shows them all).
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
    .orderBy(asc(contentBlocks.sortOrder), asc(contentBlocks.name), asc(contentBlocks.createdAt));
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

/**
 * The active blocks of one type, read as that type, in order, for public pages: cached until a
 * block changes; a block whose data does not fit its type is skipped. The same list (the same
 * objects) comes back until then, so what is drawn from it can be kept beside it
 * (routes/site/block-html.server.tsx).
 */
export function listActiveTypedBlocks<T extends BlockType>(
  db: Database,
  blockType: T,
): Promise<Extract<TypedBlock, { blockType: T }>[]> {
  return cached(`${CONTENT_BLOCKS_CACHE_PREFIX}typed:${blockType}`, async () => {
    const rows = await listActiveBlocks(db, blockType);
    return blocksOfType(
      rows.map(toTypedBlock).filter((block) => block !== null),
      blockType,
    );
  });
}

/** The place after the last block of a type: a new block goes to the end of its list. */
async function nextSortOrder(tx: Database, blockType: BlockType): Promise<number> {
  const [row] = await tx
    .select({ last: max(contentBlocks.sortOrder) })
    .from(contentBlocks)
    .where(eq(contentBlocks.blockType, blockType));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
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
  /** The block as it was, for an update: the audit history keeps the fields that changed. */
  before?: () => ContentBlock | undefined,
): Promise<ContentBlock> {
  const block = await auditedChange(
    db,
    actor,
    async (tx) => {
      const row = await change(tx);
      if (!row) throw new ExpectedError("Content block not found.", { status: 404 });
      return row;
    },
    (row) => {
      const previous = before?.();
      return {
        action,
        entity: ENTITY,
        entityId: row.id,
        details: details(row),
        ...(previous ? { before: previous, after: row } : {}),
      };
    },
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
        sortOrder: await nextSortOrder(tx, input.blockType),
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
  let current: ContentBlock | undefined;
  return changeBlock(
    db,
    actor,
    "content_block.update",
    async (tx) => {
      [current] = await tx.select().from(contentBlocks).where(eq(contentBlocks.id, id));
      if (!current) return undefined;
      // A block that changes type joins the end of its new type's list.
      const moved =
        current.blockType === input.blockType ? {} : { sortOrder: await nextSortOrder(tx, input.blockType) };
      const [block] = await tx
        .update(contentBlocks)
        .set({ ...input, ...moved, updatedAt: new Date() })
        .where(eq(contentBlocks.id, id))
        .returning();
      return block;
    },
    ({ name, blockType, isActive, contentData }) => ({ name, blockType, isActive, contentData }),
    () => current,
  );
}

export function deleteContentBlock(db: Database, actor: Actor, id: string): Promise<ContentBlock> {
  return changeBlock(db, actor, "content_block.delete", async (tx) => {
    const [block] = await tx.delete(contentBlocks).where(eq(contentBlocks.id, id)).returning();
    return block;
  });
}

/**
 * Puts the blocks of one type in the order given (ids, first to last). The ids must be exactly
 * that type's blocks: a list that changed since the page was loaded (a block added, deleted or
 * retyped in another tab) is refused rather than half applied.
 */
export async function reorderContentBlocks(
  db: Database,
  actor: Actor,
  blockType: BlockType,
  order: readonly string[],
): Promise<void> {
  await auditedChange(
    db,
    actor,
    async (tx) => {
      const rows = await tx
        .select({ id: contentBlocks.id })
        .from(contentBlocks)
        .where(eq(contentBlocks.blockType, blockType));
      const current = new Set(rows.map((row) => row.id.toLowerCase()));
      const wanted = order.map((id) => id.toLowerCase());
      if (
        new Set(wanted).size !== wanted.length ||
        wanted.length !== current.size ||
        wanted.some((id) => !current.has(id))
      ) {
        throw new ExpectedError("The list of blocks has changed. Reload the page and try again.", { status: 409 });
      }
      for (const [position, id] of wanted.entries()) {
        await tx.update(contentBlocks).set({ sortOrder: position }).where(eq(contentBlocks.id, id));
      }
      return wanted;
    },
    (ids) => ({ action: "content_block.reorder", entity: ENTITY, entityId: null, details: { blockType, order: ids } }),
  );
  blocksChanged();
}
