/**
 * The content blocks a public page shows, for its loader: the active blocks of each type it asks
 * for, typed and in order. A page still renders without them when the database fails (the failure
 * is logged once per page), as it did with its testimonials.
 */
import type { TypedBlock } from "../../lib/blocks/block-data";
import type { BlockType } from "../../lib/enums";
import { getDb } from "../platform/db/database.server";
import { logger } from "../platform/logger.server";
import { listActiveTypedBlocks } from "./content-blocks.server";

export type PageBlocks<T extends BlockType> = { [K in T]: Extract<TypedBlock, { blockType: K }>[] };

export async function loadPageBlocks<T extends BlockType>(types: readonly T[]): Promise<PageBlocks<T>> {
  const empty = Object.fromEntries(types.map((type) => [type, []])) as unknown as PageBlocks<T>;
  try {
    const db = await getDb();
    const lists = await Promise.all(types.map((type) => listActiveTypedBlocks(db, type)));
    return Object.fromEntries(types.map((type, index) => [type, lists[index]])) as unknown as PageBlocks<T>;
  } catch (error) {
    logger.error({ err: error, types }, "could not load the page's content blocks");
    return empty;
  }
}
