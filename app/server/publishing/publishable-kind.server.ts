/**
 * What a kind of item hands the publishing model (publishable.server.ts): how to read and write
 * its row, how the row says it is live, its audit names, and the rules only some kinds have.
 */
import type { RevisionEntityKind } from "../../lib/enums";
import type { AuditActor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";

/** What the model needs of a row. */
export interface PublishableRow {
  id: string;
  draft: Record<string, unknown> | null;
  /** Moved by every write of the row: the version an editor's form is opened on. */
  updatedAt: Date;
}

/** What a write changes: any of the row's columns (versioned fields, the live switch, the draft). */
export type RowChanges<Row> = Partial<Omit<Row, "id">>;

/** How a kind's row says it is live (on the public site), and what going live or off writes. */
export interface LiveSwitch<Row> {
  isLive: (row: Row) => boolean;
  /** Kept but not live, and not a draft either (content's "archived"); a draft when absent. */
  isArchived?: (row: Row) => boolean;
  /** The live switch as the audit log shows it (`{ status }`, `{ isActive }`). */
  state: (row: Row) => Record<string, unknown>;
  /** The columns a publication writes (`current`: the row before; undefined for a new item). */
  on: (current: Row | undefined, actor: AuditActor, now: Date) => RowChanges<Row>;
  /** The columns an unpublication, and a new draft, write. */
  off: RowChanges<Row>;
}

/** The live switch of job openings and courses: their `is_active` column. */
export function isActiveSwitch<Row extends PublishableRow & { isActive: boolean }>(): LiveSwitch<Row> {
  return {
    isLive: (row) => row.isActive,
    state: (row) => ({ isActive: row.isActive }),
    on: () => ({ isActive: true }) as RowChanges<Row>,
    off: { isActive: false } as RowChanges<Row>,
  };
}

/** One kind of item, as the model sees it: its versioned fields and how to read and write its row. */
export interface Publishable<Row extends PublishableRow, Fields extends Record<string, unknown>> {
  kind: RevisionEntityKind;
  /** The fields an editor changes: what a draft and a revision hold (the declaration's versioned fields). */
  fields: readonly (keyof Fields & string)[];
  live: LiveSwitch<Row>;
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
  insert: (db: Database, values: Fields & RowChanges<Row>) => Promise<Row>;
  update: (db: Database, id: string, values: RowChanges<Row>) => Promise<Row | undefined>;
  /** Forgets the cached public data (the pages, the catalogue, the assistant's index). */
  changed: () => void;
  /** What an edit saved in the row writes besides its fields (content: its author is whoever saves). */
  edited?: (actor: AuditActor) => RowChanges<Row>;
  /** Refuses fields that clash with another item's (content: a slug in use), before anything is written. */
  checkFields?: (db: Database, fields: Fields, id: string | undefined) => Promise<void>;
  /** What else a publication changes (content: a live page that moved keeps its old address). */
  published?: (db: Database, before: Row | undefined, after: Row, actor: AuditActor) => Promise<void>;
}
