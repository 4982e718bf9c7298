/**
 * `npm run retention`: deletes the attachments of resolved and spam contact submissions older than
 * the `attachment_retention_days` site setting (180 days when it is missing or invalid), deletes
 * attachment files that no submission refers to (left by a crash mid-application) and the partial
 * files of uploads a crash cut short, prunes old revisions by the rule of
 * app/server/publishing/revisions.server.ts, deletes for good the content, job openings and courses
 * in the trash for over 30 days, forgets invitation and reset links that ended over 30 days ago, and
 * prints what it did. Safe to run again. On the embedded database the server must be stopped; on
 * PostgreSQL it works at any time (for example daily from cron).
 */
import "./prepare-env";
import { openDatabase } from "../app/server/platform/db/db.server";
import { databaseTargetFromEnv } from "../app/server/platform/db/database.server";
import { getEnv } from "../app/server/platform/env.server";
import { purgeExpiredAttachments } from "../app/server/contact/retention.server";
import { ORPHAN_MIN_AGE_MS, removeOrphanedAttachments } from "../app/server/contact/orphaned-attachments.server";
import {
  pruneRevisions,
  REVISIONS_KEEP_ALL_DAYS,
  REVISIONS_KEEP_AT_LEAST,
} from "../app/server/publishing/revisions.server";
import { purgeExpiredTrash } from "../app/server/content/trash-retention.server";
import { deleteSpentAccountTokens } from "../app/server/auth/account-tokens.server";
import { getStorage } from "../app/server/platform/storage.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const database = await openDatabase(databaseTargetFromEnv(getEnv()));
  try {
    await database.migrate();
    const result = await purgeExpiredAttachments(database.db, getStorage());
    console.log(
      `Retention: ${result.days} days; attachments of resolved and spam submissions created before ${result.cutoff.toISOString()} are deleted.`,
    );
    for (const item of result.removed) {
      console.log(`Deleted ${item.key} (${item.filename ?? "no name"}) of submission ${item.id}.`);
    }
    for (const item of result.failed) {
      console.error(`Could not delete ${item.key} of submission ${item.id}: ${item.error}`);
    }
    console.log(`${result.removed.length} deleted, ${result.failed.length} failed.`);
    const orphans = await removeOrphanedAttachments(database.db, getStorage());
    for (const item of orphans.failed) console.error(`Could not delete the orphaned file ${item.key}: ${item.error}`);
    const partial =
      orphans.temporaryFilesRemoved === undefined ? "" : ` and ${orphans.temporaryFilesRemoved} partial uploads`;
    console.log(
      `Orphaned attachments: ${orphans.removed.length} files no submission refers to${partial}, ` +
        `older than ${ORPHAN_MIN_AGE_MS / 60_000} minutes, deleted.`,
    );
    const pruned = await pruneRevisions(database.db);
    console.log(
      `Revisions: kept every one of the last ${REVISIONS_KEEP_ALL_DAYS} days, the last of each earlier day and at least the newest ${REVISIONS_KEEP_AT_LEAST} of each item; ${pruned} pruned.`,
    );
    const trash = await purgeExpiredTrash(database.db);
    console.log(`Trash: items deleted before ${trash.cutoff.toISOString()} are deleted for good.`);
    for (const [kind, items] of [
      ["content item", trash.content],
      ["job opening", trash.careers],
      ["course", trash.courses],
    ] as const) {
      for (const item of items) console.log(`Deleted the ${kind} "${item.title}" (${item.id}) for good.`);
    }
    await deleteSpentAccountTokens(database.db);
    console.log("Account links: invitations and reset links that ended over 30 days ago are deleted.");
    if (result.failed.length > 0 || orphans.failed.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
});
