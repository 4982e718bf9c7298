/**
 * The draft, publishing, scheduling and revision model of the items whose live switch is
 * `is_active`: job openings and courses (issue 17, decisions 015 and 017). It is content's model
 * (content/content-publishing.server.ts) without slugs and redirects, written once for both kinds;
 * each kind hands it a `Publishable` that knows its table.
 *
 * The row is what the public reads. An ACTIVE item's pending changes wait in its `draft` column
 * (the editable fields) until Publish, so the live job page, the catalogue and the checkout's prices
 * stay as they were; an inactive item is edited in its row directly (nothing live to protect).
 * Every action keeps a revision and writes its audit entry in the same transaction.
 *
 * Two editors on one item (issue 17): Save draft, Publish, Unpublish and Schedule from an editor's
 * form take the version the form was opened on (`opened`) and are refused, changing nothing, when
 * the item was saved since (publishing/edit-conflicts.server.ts). The scheduler, the lists' bulk
 * actions and Restore pass none: they carry no typed fields that could overwrite anyone.
 */
import type { RevisionAction, RevisionEntityKind } from "../../lib/enums";
import { recordAudit, type Actor, type AuditActor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { refuseIfChangedSince, type OpenedVersion } from "./edit-conflicts.server";
import { getRevision, recordRevision } from "./revisions.server";
import { scheduleAction, type ScheduledActionHandlers } from "./scheduled-actions.server";

export const REVISION_NOT_FOUND = "This revision does not exist";

/** What the model needs of a row. */
export interface PublishableRow {
  id: string;
  isActive: boolean;
  draft: Record<string, unknown> | null;
  /** Moved by every write of the row: the version an editor's form is opened on. */
  updatedAt: Date;
}

/** What a write changes: editable fields, the live switch, the pending draft. */
export type RowChanges<Fields> = Partial<Fields> & { isActive?: boolean; draft?: Record<string, unknown> | null };

/** One kind of item, as the model sees it: its editable fields and how to read and write its row. */
export interface Publishable<Row extends PublishableRow, Fields extends Record<string, unknown>> {
  kind: Exclude<RevisionEntityKind, "content">;
  /** The fields an editor changes: what a draft and a revision hold. */
  fields: readonly (keyof Fields & string)[];
  /** The message of an unknown id or an item in the trash (404). */
  notFound: string;
  /** The audit log's entity, its action names, and what an entry keeps of a row. */
  audit: {
    entity: string;
    actions: Record<"create" | "update" | "publish" | "unpublish" | "restoreRevision", string>;
    details: (row: Row) => Record<string, unknown>;
  };
  /** The row, unless it is unknown or in the trash; `forUpdate` locks it until the transaction ends. */
  find: (db: Database, id: string, options?: { forUpdate?: boolean }) => Promise<Row | undefined>;
  insert: (db: Database, values: Fields & { isActive: boolean }) => Promise<Row>;
  update: (db: Database, id: string, values: RowChanges<Fields>) => Promise<Row | undefined>;
  /** Forgets the cached public data (the job pages, the catalogue, the assistant's index). */
  changed: () => void;
}

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

/** Where an item stands, for the editor's status line (the content editor's states, without archived). */
export function activeState(row: Pick<PublishableRow, "isActive" | "draft">): "draft" | "published" | "changed" {
  if (row.isActive) return row.draft ? "changed" : "published";
  return "draft";
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
  values: RowChanges<Fields>,
): Promise<Row> {
  const row = await kind.update(db, id, values);
  if (!row) throw new ExpectedError(kind.notFound, { status: 404 });
  return row;
}

/** The changes that keep `fields` as the pending draft, the live row untouched. */
function asDraft<Fields extends Record<string, unknown>>(fields: Fields): RowChanges<Fields> {
  return { draft: fields } as RowChanges<Fields>;
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
  const version = (item: Row) => ({ ...workingCopyOf(kind, item), isActive: item.isActive });
  await recordAudit(
    db,
    actor,
    auditAction,
    kind.audit.entity,
    row.id,
    { ...kind.audit.details(row), isActive: row.isActive, ...extra },
    { before: before && version(before), after: version(row) },
  );
}

export interface Saved<Row> {
  row: Row;
  created: boolean;
}

/**
 * Save draft: a new item is created inactive (a draft); an active one keeps its live row and gets
 * the fields as its pending draft; an inactive one is updated in its row.
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
  if (!id) {
    const row = await kind.insert(db, { ...fields, isActive: false });
    await keep(db, actor, kind, { before: null, row }, revision, kind.audit.actions.create);
    kind.changed();
    return { row, created: true };
  }
  const current = await requireRow(db, kind, id, opened);
  const row = current.isActive
    ? await write(db, kind, id, asDraft(fields))
    : await write(db, kind, id, { ...fields, draft: null });
  await keep(db, actor, kind, { before: current, row }, revision, kind.audit.actions.update, {
    draft: current.isActive,
  });
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
 * Publishes an item (makes it active): the given fields (the editor's form), else its pending draft
 * (a scheduled publication, the list's Activate).
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
  if (!id) {
    if (!input) throw new ExpectedError(kind.notFound, { status: 404 });
    const row = await kind.insert(db, { ...pickFields<Fields>(kind.fields, input), isActive: true });
    await recordAudit(db, actor, kind.audit.actions.create, kind.audit.entity, row.id, kind.audit.details(row));
    await keep(db, actor, kind, { before: null, row }, "published", kind.audit.actions.publish, extra);
    kind.changed();
    return { row, created: true };
  }
  const current = await requireRow(db, kind, id, opened);
  const fields = input ? pickFields<Fields>(kind.fields, input) : workingCopyOf(kind, current);
  const row = await write(db, kind, id, { ...fields, isActive: true, draft: null });
  await keep(db, actor, kind, { before: current, row }, "published", kind.audit.actions.publish, extra);
  kind.changed();
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

/** Unpublishes an item (makes it inactive): its pending draft (or the given fields) becomes the row. */
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
  const row = await write(db, kind, id, { ...fields, isActive: false, draft: null });
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

/** Restore: the revision's fields become the item's draft (its row when inactive); a new revision. */
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
    const row = current.isActive
      ? await write(tx, kind, id, asDraft(fields))
      : await write(tx, kind, id, { ...fields, draft: null });
    await keep(tx, actor, kind, { before: current, row }, "restored", kind.audit.actions.restoreRevision, {
      revisionId,
      revisionAt: revision.createdAt.toISOString(),
    });
    kind.changed();
    return row;
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
