/**
 * Attachment files that no contact submission refers to. An application's file is stored while
 * the form streams in, and its submission is written after, so a crash between the two leaves an
 * applicant's CV that no erasure, retention or export would ever reach. This sweep, run at start-up
 * and by `npm run retention`, deletes such files once they are too old to belong to a request still
 * in progress, and with them the partial files of uploads a crash cut short (local disk only).
 */
import { isNotNull } from "drizzle-orm";
import { contactSubmissions } from "../../db/schema";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import type { FileStorage } from "../platform/storage.server";
import { ATTACHMENT_TYPES } from "./attachment-files.server";

/**
 * How old a file no submission refers to must be before it is deleted. A younger one may belong to
 * an application whose submission is about to be written: Node ends a request after 5 minutes (the
 * server's requestTimeout), and S3 dates a multipart upload from its start, not its end.
 */
export const ORPHAN_MIN_AGE_MS = 15 * 60 * 1000;

const EXTENSIONS = Object.keys(ATTACHMENT_TYPES).map((extension) => extension.slice(1));

/** The keys generateAttachmentKey makes; media files and anything else in the store never match. */
export const ATTACHMENT_KEY_PATTERN = new RegExp(`^\\d+-[0-9a-f]{32}\\.(?:${EXTENSIONS.join("|")})$`);

export interface OrphanSweepResult {
  removed: string[];
  /** Files that could not be deleted; the next sweep tries again. */
  failed: { key: string; error: string }[];
  /**
   * How many partial files of uploads (CVs and media alike) cut short by a crash were deleted;
   * undefined for a store that leaves none beside its files (S3).
   */
  temporaryFilesRemoved?: number;
}

/**
 * Deletes the attachment files older than ORPHAN_MIN_AGE_MS at `now` that no submission refers to,
 * and the partial files of uploads last written before then.
 */
export async function removeOrphanedAttachments(
  db: Database,
  storage: FileStorage,
  { now = new Date() }: { now?: Date } = {},
): Promise<OrphanSweepResult> {
  const cutoff = new Date(now.getTime() - ORPHAN_MIN_AGE_MS);
  // The same age rule as for complete files: a request still streaming writes to its partial file.
  const temporaryFilesRemoved = await storage.removeStaleTemporaryFiles?.(cutoff);
  const result: OrphanSweepResult = { removed: [], failed: [], temporaryFilesRemoved };
  // The files are listed before the submissions are read: a file old enough to be listed had its
  // submission (if it ever gets one) written before the query below.
  const candidates = await oldAttachmentKeys(storage, cutoff.getTime());
  if (candidates.length === 0) return result;
  const referenced = await referencedAttachmentKeys(db);
  for (const key of candidates.filter((candidate) => !referenced.has(candidate))) {
    try {
      await storage.remove(key);
      result.removed.push(key);
    } catch (error) {
      result.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

/** Starts the sweep without waiting for it, so the server listens at once; logs what it did. */
export function startOrphanedAttachmentSweep(db: Database, storage: FileStorage): void {
  removeOrphanedAttachments(db, storage).then(logSweep, (error: unknown) =>
    logger.error({ err: error }, "could not sweep the attachment files no submission refers to"),
  );
}

function logSweep({ removed, failed, temporaryFilesRemoved }: OrphanSweepResult): void {
  const partial = temporaryFilesRemoved === undefined ? "" : `, and ${temporaryFilesRemoved} partial uploads`;
  logger.info(
    { removed: removed.length, temporaryFilesRemoved },
    `removed ${removed.length} attachment files no submission refers to${partial}`,
  );
  if (failed.length > 0) logger.warn({ failed }, "could not remove some attachment files no submission refers to");
}

async function oldAttachmentKeys(storage: FileStorage, cutoff: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) {
    if (ATTACHMENT_KEY_PATTERN.test(file.key) && file.lastModified.getTime() < cutoff) keys.push(file.key);
  }
  return keys;
}

async function referencedAttachmentKeys(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ key: contactSubmissions.attachmentUrl })
    .from(contactSubmissions)
    .where(isNotNull(contactSubmissions.attachmentUrl));
  return new Set(rows.map((row) => row.key!));
}
