/**
 * The one draft, publishing, scheduling and revision model of every kind of editable item: content
 * items, job openings and courses (decisions 015 and 017). Each kind hands it a `Publishable`: its
 * declared fields (lib/content-kinds/), how to read and write its row, how its row says it is live
 * (content's `status`, the others' `is_active`), and, for content, its slug and redirect rules.
 *
 * The row is what the public reads. A LIVE item's pending changes wait in its `draft` column (the
 * versioned fields) until Publish, so the live page, the catalogue and the checkout's prices stay
 * as they were; an item that is not live is edited in its row directly (nothing live to protect).
 * Every action keeps a revision and writes its audit entry in the same transaction.
 *
 * Two editors on one item: Save draft, Publish, Unpublish and Schedule from an editor's form take
 * the version the form was opened on (`opened`) and are refused, changing nothing, when the item
 * was saved since (publishing/edit-conflicts.server.ts). The scheduler, the lists' bulk actions and
 * Restore pass none: they carry no typed fields that could overwrite anyone.
 */
import type { RevisionAction } from "../../lib/enums";
import { recordAudit, type Actor, type AuditActor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { refuseIfChangedSince, type OpenedVersion } from "./edit-conflicts.server";
import { getRevision, recordRevision } from "./revisions.server";
import type { Publishable, PublishableRow, RowChanges } from "./publishable-kind.server";
import { scheduleAction, type ScheduledActionHandlers } from "./scheduled-actions.server";

export const REVISION_NOT_FOUND = "This revision does not exist";

/** The editable fields of `source`, no others (a form's isActive, a row's id and times are left out). */
export function pickFields<Fields extends Record<string, unknown>>(
  fields: readonly (keyof Fields & string)[],
  source: Record<string, unknown>,
): Fields {
  const picked: Record<string, unknown> = {};
  for (const key of fields) if (key in source) picked[key] = source[key];
  return picked as Fields;
}

/** What the editor shows: the pending draft over the live row (the row alone when there is none). */
export function workingCopyOf<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  kind: Publishable<Row, Fields>,
  row: Row,
): Fields {
  const live = pickFields<Fields>(kind.fields, row as unknown as Record<string, unknown>);
  return { ...live, ...(row.draft ? pickFields<Fields>(kind.fields, row.draft) : {}) };
}

/** Where an item stands, for the editor's status line. */
export type PublishingState = "draft" | "published" | "changed" | "archived";

export function publishingState<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  kind: Publishable<Row, Fields>,
  row: Row,
): PublishingState {
  if (kind.live.isLive(row)) return row.draft ? "changed" : "published";
  return kind.live.isArchived?.(row) ? "archived" : "draft";
}

/**
 * The row to act on, locked until the transaction ends (a concurrent save waits, then sees this
 * one's version). With `opened`, a row saved since that version is refused (EditConflictError).
 */
async function requireRow<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  kind: Publishable<Row, Fields>,
  id: string,
  opened?: OpenedVersion,
): Promise<Row> {
  const row = await kind.find(db, id, { forUpdate: true });
  if (!row) throw new ExpectedError(kind.notFound, { status: 404 });
  refuseIfChangedSince(row, opened, () => workingCopyOf(kind, row));
  return row;
}

async function write<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  kind: Publishable<Row, Fields>,
  id: string,
  values: RowChanges<Row>,
): Promise<Row> {
  const row = await kind.update(db, id, values);
  if (!row) throw new ExpectedError(kind.notFound, { status: 404 });
  return row;
}

/** The changes that keep `fields` as the pending draft, the live row untouched. */
function asDraft<Row extends PublishableRow>(fields: Record<string, unknown>): RowChanges<Row> {
  return { draft: fields } as RowChanges<Row>;
}

/** The fields written into the row of an item that is not live, and the live switch turned off. */
function inRow<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  kind: Publishable<Row, Fields>,
  fields: Fields,
  actor?: AuditActor,
): RowChanges<Row> {
  return { ...fields, ...(actor && kind.edited ? kind.edited(actor) : {}), draft: null } as RowChanges<Row>;
}

/**
 * The revision and the audit entry of an action, in its transaction; the entry keeps the fields
 * changed since `before` (the editor's working copy and whether the item is live).
 */
async function keep<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: AuditActor,
  kind: Publishable<Row, Fields>,
  { before, row }: { before: Row | null; row: Row },
  revision: RevisionAction,
  auditAction: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const snapshot = workingCopyOf(kind, row);
  await recordRevision(db, { kind: kind.kind, entityId: row.id, action: revision, snapshot, actor });
  const version = (item: Row) => ({ ...workingCopyOf(kind, item), ...kind.live.state(item) });
  await recordAudit(
    db,
    actor,
    auditAction,
    kind.audit.entity,
    row.id,
    { ...kind.audit.details(row), ...kind.live.state(row), ...extra },
    { before: before && version(before), after: version(row) },
  );
}

export interface Saved<Row> {
  row: Row;
  created: boolean;
}

/**
 * Save draft: a new item is created as a draft (not live); a live one keeps its live row and gets
 * the fields as its pending draft; any other is updated in its row.
 */
async function saveDraftIn<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: Actor,
  kind: Publishable<Row, Fields>,
  input: Record<string, unknown>,
  id: string | undefined,
  revision: RevisionAction,
  opened?: OpenedVersion,
): Promise<Saved<Row>> {
  const fields = pickFields<Fields>(kind.fields, input);
  // Locked and checked first, so a refused save has not even looked at the other items.
  const current = id ? await requireRow(db, kind, id, opened) : undefined;
  await kind.checkFields?.(db, fields, id);
  if (!id || !current) {
    const row = await kind.insert(db, { ...fields, ...kind.live.off, ...kind.edited?.(actor) });
    await keep(db, actor, kind, { before: null, row }, revision, kind.audit.actions.create);
    kind.changed();
    return { row, created: true };
  }
  const live = kind.live.isLive(current);
  const row = await write(db, kind, id, live ? asDraft<Row>(fields) : inRow(kind, fields, actor));
  await keep(db, actor, kind, { before: current, row }, revision, kind.audit.actions.update, { draft: live });
  kind.changed();
  return { row, created: false };
}

export function saveDraft<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: Actor,
  kind: Publishable<Row, Fields>,
  input: Record<string, unknown>,
  id?: string,
  opened?: OpenedVersion,
): Promise<Saved<Row>> {
  return db.transaction((tx) => saveDraftIn(tx, actor, kind, input, id, "saved", opened));
}

/**
 * Publishes an item (makes it live): the given fields (the editor's form), else its pending draft
 * (a scheduled publication, a list's bulk Publish or Activate).
 */
async function publishIn<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: AuditActor,
  kind: Publishable<Row, Fields>,
  id: string | undefined,
  input: Record<string, unknown> | undefined,
  extra: Record<string, unknown> = {},
  opened?: OpenedVersion,
): Promise<Saved<Row>> {
  const now = new Date();
  if (!id) {
    if (!input) throw new ExpectedError(kind.notFound, { status: 404 });
    const fields = pickFields<Fields>(kind.fields, input);
    await kind.checkFields?.(db, fields, undefined);
    const row = await kind.insert(db, { ...fields, ...kind.live.on(undefined, actor, now) });
    await recordAudit(db, actor, kind.audit.actions.create, kind.audit.entity, row.id, kind.audit.details(row));
    await kind.published?.(db, undefined, row, actor);
    kind.changed();
    await keep(db, actor, kind, { before: null, row }, "published", kind.audit.actions.publish, extra);
    return { row, created: true };
  }
  const current = await requireRow(db, kind, id, opened);
  const fields = input ? pickFields<Fields>(kind.fields, input) : workingCopyOf(kind, current);
  await kind.checkFields?.(db, fields, id);
  const changes = { ...fields, ...kind.live.on(current, actor, now), draft: null } as RowChanges<Row>;
  const row = await write(db, kind, id, changes);
  await kind.published?.(db, current, row, actor);
  kind.changed();
  await keep(db, actor, kind, { before: current, row }, "published", kind.audit.actions.publish, extra);
  return { row, created: false };
}

export function publish<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: AuditActor,
  kind: Publishable<Row, Fields>,
  input: Record<string, unknown> | undefined,
  id?: string,
  opened?: OpenedVersion,
): Promise<Saved<Row>> {
  return db.transaction((tx) => publishIn(tx, actor, kind, id, input, {}, opened));
}

/** Unpublishes an item (takes it off the site): its pending draft (or the given fields) becomes the row. */
async function unpublishIn<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: AuditActor,
  kind: Publishable<Row, Fields>,
  id: string,
  input: Record<string, unknown> | undefined,
  extra: Record<string, unknown> = {},
  opened?: OpenedVersion,
): Promise<Row> {
  const current = await requireRow(db, kind, id, opened);
  const fields = input ? pickFields<Fields>(kind.fields, input) : workingCopyOf(kind, current);
  await kind.checkFields?.(db, fields, id);
  const row = await write(db, kind, id, { ...inRow(kind, fields), ...kind.live.off });
  await keep(db, actor, kind, { before: current, row }, "unpublished", kind.audit.actions.unpublish, extra);
  kind.changed();
  return row;
}

export function unpublish<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: AuditActor,
  kind: Publishable<Row, Fields>,
  input: Record<string, unknown> | undefined,
  id: string,
  opened?: OpenedVersion,
): Promise<Row> {
  return db.transaction((tx) => unpublishIn(tx, actor, kind, id, input, {}, opened));
}

/**
 * Schedule: saves the form as the draft (so what is published at the time is what was typed), then
 * schedules a publication and/or an unpublication at the given instants. At least one is given.
 */
export function scheduleItem<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: Actor,
  kind: Publishable<Row, Fields>,
  input: Record<string, unknown>,
  id: string | undefined,
  times: { publishAt: Date | null; unpublishAt: Date | null },
  opened?: OpenedVersion,
): Promise<Saved<Row>> {
  return db.transaction(async (tx) => {
    const saved = await saveDraftIn(tx, actor, kind, input, id, "scheduled", opened);
    for (const [action, runAt] of [
      ["publish", times.publishAt],
      ["unpublish", times.unpublishAt],
    ] as const) {
      if (runAt) await scheduleAction(tx, actor, { kind: kind.kind, id: saved.row.id, action, runAt });
    }
    return saved;
  });
}

/** Restore: the revision's fields become the item's draft (its row when not live); a new revision. */
export function restoreRevision<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: Actor,
  kind: Publishable<Row, Fields>,
  id: string,
  revisionId: string,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const current = await requireRow(tx, kind, id);
    const revision = await getRevision(tx, kind.kind, id, revisionId);
    if (!revision) throw new ExpectedError(REVISION_NOT_FOUND, { status: 404 });
    const fields = { ...workingCopyOf(kind, current), ...pickFields<Fields>(kind.fields, revision.snapshot) };
    await kind.checkFields?.(tx, fields, id);
    const live = kind.live.isLive(current);
    const row = await write(tx, kind, id, live ? asDraft<Row>(fields) : inRow(kind, fields));
    await keep(tx, actor, kind, { before: current, row }, "restored", kind.audit.actions.restoreRevision, {
      revisionId,
      revisionAt: revision.createdAt.toISOString(),
    });
    kind.changed();
    return row;
  });
}

/**
 * A list's bulk Publish and Unpublish: each selected item as its editor's button would do it (a
 * live item's pending draft goes live with it), with a revision and an audit entry each, all in one
 * transaction. Items already so, and items in the trash, are left alone; returns those changed.
 */
export function publishItems<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: Actor,
  kind: Publishable<Row, Fields>,
  ids: readonly string[],
): Promise<Row[]> {
  return changeEach(db, kind, ids, async (tx, row, id) =>
    kind.live.isLive(row) && !row.draft ? null : (await publishIn(tx, actor, kind, id, undefined)).row,
  );
}

export function unpublishItems<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  actor: Actor,
  kind: Publishable<Row, Fields>,
  ids: readonly string[],
): Promise<Row[]> {
  return changeEach(db, kind, ids, (tx, row, id) =>
    kind.live.isLive(row) ? unpublishIn(tx, actor, kind, id, undefined) : Promise.resolve(null),
  );
}

/** Runs `change` on each selected item that exists, in one transaction; returns the rows it changed. */
function changeEach<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  db: Database,
  kind: Publishable<Row, Fields>,
  ids: readonly string[],
  change: (tx: Database, row: Row, id: string) => Promise<Row | null>,
): Promise<Row[]> {
  return db.transaction(async (tx) => {
    const changed: Row[] = [];
    for (const id of ids) {
      const row = await kind.find(tx, id);
      const after = row ? await change(tx, row, id) : null;
      if (after) changed.push(after);
    }
    return changed;
  });
}

/** What the scheduler does to items of this kind when their time comes (publishing/scheduler.server.ts). */
export function scheduledHandlersOf<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  kind: Publishable<Row, Fields>,
): ScheduledActionHandlers {
  return {
    [kind.kind]: {
      publish: async (db: Database, id: string, actor: AuditActor) => {
        await publishIn(db, actor, kind, id, undefined, { scheduled: true });
      },
      unpublish: async (db: Database, id: string, actor: AuditActor) => {
        await unpublishIn(db, actor, kind, id, undefined, { scheduled: true });
      },
    },
  };
}
