/**
 * The trash: deleting content, job openings and courses moves them here; they can be
 * restored for 30 days, then the retention job deletes them for good (docs/decisions/016).
 */
export const TRASH_RETENTION_DAYS = 30;

export const TRASH_KINDS = ["content", "career", "course"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

export const TRASH_MESSAGES = {
  restored: (count: number) => (count === 1 ? "Restored from the trash" : `${count} items restored from the trash`),
  restoreFailed: "Failed to restore: the item is no longer in the trash.",
  fetchFailed: "Failed to fetch the trash",
  movedToTrash: (count: number) => (count === 1 ? "Moved to the trash" : `${count} items moved to the trash`),
  slugKept:
    "Items in the trash keep their address (slug) until they are deleted for good, so restoring one never clashes.",
} as const;

/** When an item trashed at `deletedAt` is deleted for good. */
export function purgeDate(deletedAt: Date | string): Date {
  return new Date(new Date(deletedAt).getTime() + TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}

/** The toast's Undo (app/root.tsx): the form it posts to take an item back out of the trash. */
export function undoTrash(kind: TrashKind, ids: readonly string[]) {
  return { action: "/cms/trash", fields: { intent: "restore", kind, ids: ids.join(",") } };
}
