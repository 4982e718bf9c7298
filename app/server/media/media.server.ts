/**
 * The media library's records: upload, details (alt text, caption, focal point),
 * replace in place, delete, search, and where each image is used. Every change is audited with
 * its row, and its files are written before the row and removed after it, so a failure leaves at
 * worst an unreferenced file, never a record whose file is missing.
 */
import { desc, eq, ilike, or } from "drizzle-orm";
import { media, type MediaVariant } from "../../db/schema";
import { DEFAULT_MEDIA_WIDTH, stableMediaAddress, type MediaLibraryItem } from "../../lib/cms/media";
import { isUuid } from "../../lib/schemas/id";
import { auditedChange, type Actor } from "../platform/audit.server";
import { invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { logger } from "../platform/logger.server";
import type { FileStorage } from "../platform/storage.server";
import { Readable } from "node:stream";
import { sanitizeOriginalName } from "../contact/attachment-files.server";
import { checkImage } from "./image-check.server";
import {
  makeSocialCard,
  makeWidthVariants,
  normaliseImage,
  originalKey,
  type FocalPoint,
  type GeneratedFile,
  type NormalisedImage,
} from "./image-variants.server";
import { describeUsage, findMediaUsage } from "./media-usage.server";

export type MediaRow = typeof media.$inferSelect;

/** The cache key prefix of the public pages' look-ups of library images. */
export const MEDIA_CACHE_PREFIX = "media:";

export const MEDIA_NOT_FOUND = "This image is no longer in the library.";
const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

async function saveFiles(storage: FileStorage, files: readonly GeneratedFile[]): Promise<void> {
  for (const file of files)
    await storage.save(file.key, Readable.from([file.bytes]), { contentType: file.contentType });
}

/** Removes files that are no longer referenced; a failure is logged, never the change's failure. */
async function removeFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await storage
      .remove(key)
      .catch((error: unknown) => logger.warn({ err: error, key }, "could not remove a media file"));
  }
}

function keysOf(row: Pick<MediaRow, "storageKey" | "variants">): string[] {
  return [row.storageKey, ...row.variants.map((variant) => variant.key)];
}

/** Checks, re-encodes and stores a file with every variant; returns what the row records. */
async function processFile(storage: FileStorage, id: string, bytes: Uint8Array, focal: FocalPoint) {
  const checked = await checkImage(bytes);
  const image = await normaliseImage(bytes, checked.mimeType);
  const widths = await makeWidthVariants(id, image);
  const social = await makeSocialCard(id, image, focal);
  const original: GeneratedFile = { key: originalKey(id, image), bytes: image.bytes, contentType: image.mimeType };
  const files = [original, ...widths.files, social.file];
  try {
    await saveFiles(storage, files);
  } catch (error) {
    await removeFiles(
      storage,
      files.map((file) => file.key),
    );
    throw error;
  }
  return {
    image,
    keys: files.map((file) => file.key),
    values: {
      storageKey: original.key,
      mimeType: image.mimeType,
      byteSize: image.bytes.byteLength,
      width: image.width,
      height: image.height,
      version: image.version,
      variants: [...widths.variants, social.variant],
    },
  };
}

/** The visitor's file name made safe to show (the contact form's rule); "" when none was given. */
export function cleanOriginalName(name: string | undefined): string {
  return name?.trim() ? sanitizeOriginalName(name) : "";
}

export async function uploadMedia(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  upload: { bytes: Uint8Array; originalName?: string; altText?: string },
): Promise<MediaRow> {
  const id = crypto.randomUUID();
  const processed = await processFile(storage, id, upload.bytes, CENTRE);
  try {
    const row = await auditedChange(
      db,
      actor,
      async (tx) => {
        const [inserted] = await tx
          .insert(media)
          .values({
            id,
            ...processed.values,
            altText: (upload.altText ?? "").trim().slice(0, 500),
            originalName: cleanOriginalName(upload.originalName),
            uploadedBy: actor.id,
          })
          .returning();
        return inserted!;
      },
      (inserted) => ({
        action: "media.upload",
        entity: "media",
        entityId: inserted.id,
        details: {
          originalName: inserted.originalName,
          mimeType: inserted.mimeType,
          width: inserted.width,
          height: inserted.height,
        },
      }),
    );
    invalidate(MEDIA_CACHE_PREFIX);
    return row;
  } catch (error) {
    await removeFiles(storage, processed.keys);
    throw error;
  }
}

export async function findMedia(db: Database, id: string): Promise<MediaRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}

async function requireMedia(db: Database, id: string): Promise<MediaRow> {
  const row = await findMedia(db, id);
  if (!row) throw new ExpectedError(MEDIA_NOT_FOUND, { status: 404 });
  return row;
}

/** Replaces the file in place: same record (and stable address), new variants and versioned addresses. */
export async function replaceMediaFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
  upload: { bytes: Uint8Array; originalName?: string },
): Promise<MediaRow> {
  const before = await requireMedia(db, id);
  const processed = await processFile(storage, id, upload.bytes, { x: before.focalX, y: before.focalY });
  let row: MediaRow;
  try {
    row = await auditedChange(
      db,
      actor,
      async (tx) => {
        const [updated] = await tx
          .update(media)
          .set({ ...processed.values, originalName: cleanOriginalName(upload.originalName), updatedAt: new Date() })
          .where(eq(media.id, id))
          .returning();
        if (!updated) throw new ExpectedError(MEDIA_NOT_FOUND, { status: 404 });
        return updated;
      },
      (updated) => ({
        action: "media.replace",
        entity: "media",
        entityId: id,
        details: { from: before.originalName, to: updated.originalName, version: updated.version },
      }),
    );
  } catch (error) {
    await removeFiles(storage, processed.keys);
    throw error;
  }
  invalidate(MEDIA_CACHE_PREFIX);
  // The same bytes again keep the same names: remove only what the new version no longer uses.
  const kept = new Set(processed.keys);
  await removeFiles(
    storage,
    keysOf(before).filter((key) => !kept.has(key)),
  );
  return row;
}

export interface MediaDetails {
  altText: string;
  caption: string;
  focalX: number;
  focalY: number;
}

/** Alt text, caption and focal point; moving the focal point makes a new social card. */
export async function updateMediaDetails(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
  details: MediaDetails,
): Promise<MediaRow> {
  const before = await requireMedia(db, id);
  const focalMoved = before.focalX !== details.focalX || before.focalY !== details.focalY;
  let variants: MediaVariant[] = before.variants;
  let newSocial: GeneratedFile | undefined;
  const oldSocial = before.variants.filter((variant) => variant.purpose === "social").map((variant) => variant.key);
  if (focalMoved) {
    const original = await readAll(await storage.open(before.storageKey));
    const image: NormalisedImage = {
      bytes: original,
      mimeType: before.mimeType as NormalisedImage["mimeType"],
      width: before.width,
      height: before.height,
      version: before.version,
    };
    const social = await makeSocialCard(id, image, { x: details.focalX, y: details.focalY });
    newSocial = social.file;
    await saveFiles(storage, [social.file]);
    variants = [...before.variants.filter((variant) => variant.purpose !== "social"), social.variant];
  }
  const row = await auditedChange(
    db,
    actor,
    async (tx) => {
      const [updated] = await tx
        .update(media)
        .set({ ...details, variants, updatedAt: new Date() })
        .where(eq(media.id, id))
        .returning();
      if (!updated) throw new ExpectedError(MEDIA_NOT_FOUND, { status: 404 });
      return updated;
    },
    (updated) => {
      const changed = (["altText", "caption", "focalX", "focalY"] as const).filter(
        (key) => before[key] !== updated[key],
      );
      return changed.length === 0
        ? null
        : {
            action: "media.update",
            entity: "media",
            entityId: id,
            details: { changed },
            before: Object.fromEntries(changed.map((key) => [key, before[key]])),
            after: Object.fromEntries(changed.map((key) => [key, updated[key]])),
          };
    },
  );
  invalidate(MEDIA_CACHE_PREFIX);
  if (newSocial)
    await removeFiles(
      storage,
      oldSocial.filter((key) => key !== newSocial.key),
    );
  return row;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Deletes an image and its files, refused while any page, job opening or course uses it. */
export async function deleteMedia(db: Database, storage: FileStorage, actor: Actor, id: string): Promise<void> {
  const row = await requireMedia(db, id);
  const usage = await findMediaUsage(db, id);
  if (usage.length > 0) {
    throw new ExpectedError(`This image cannot be deleted while it is used by ${describeUsage(usage)}.`, {
      status: 409,
    });
  }
  await auditedChange(
    db,
    actor,
    (tx) => tx.delete(media).where(eq(media.id, id)),
    () => ({ action: "media.delete", entity: "media", entityId: id, details: { originalName: row.originalName } }),
  );
  invalidate(MEDIA_CACHE_PREFIX);
  await removeFiles(storage, keysOf(row));
}

/** The library, newest first; `q` searches alt text, caption and file name. */
export async function listMedia(db: Database, q = "", limit = 200): Promise<MediaRow[]> {
  const term = q.trim();
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const where = term
    ? or(ilike(media.altText, pattern), ilike(media.caption, pattern), ilike(media.originalName, pattern))
    : undefined;
  return db.select().from(media).where(where).orderBy(desc(media.createdAt), desc(media.id)).limit(limit);
}

/** The variant of `format` whose width is nearest `wanted` from below (else the narrowest). */
export function variantNear(row: Pick<MediaRow, "variants">, format: "avif" | "webp", wanted = DEFAULT_MEDIA_WIDTH) {
  const candidates = row.variants.filter((variant) => variant.format === format && !variant.purpose);
  candidates.sort((a, b) => a.width - b.width);
  return candidates.filter((variant) => variant.width <= wanted).at(-1) ?? candidates[0];
}

export function socialVariant(row: Pick<MediaRow, "variants">): MediaVariant | undefined {
  return row.variants.find((variant) => variant.purpose === "social");
}

export function mediaFileAddress(key: string): string {
  return `/media/${key}`;
}

/** One image as the CMS lists it. */
export function toLibraryItem(row: MediaRow): MediaLibraryItem {
  const thumbnail = variantNear(row, "webp", 320);
  return {
    id: row.id,
    src: stableMediaAddress(row.id),
    thumbnail: thumbnail ? mediaFileAddress(thumbnail.key) : stableMediaAddress(row.id),
    alt: row.altText,
    caption: row.caption,
    originalName: row.originalName,
    mimeType: row.mimeType,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    focalX: row.focalX,
    focalY: row.focalY,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The dimensions of what an image's stable address serves. */
export function defaultVariantSize(row: MediaRow): { width: number; height: number } {
  const variant = variantNear(row, "webp");
  return variant ? { width: variant.width, height: variant.height } : { width: row.width, height: row.height };
}
