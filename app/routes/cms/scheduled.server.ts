/**
 * The Scheduled view (/cms/scheduled): every pending scheduled publication and
 * unpublication, when (London time), who asked for it, and a Cancel for each.
 */
import type { RevisionEntityKind } from "~/lib/enums";
import { formatDate } from "~/lib/text/format";
import { EDIT_PERMISSION_OF_KIND } from "~/lib/content-kinds/kinds";
import { idSchema } from "~/lib/schemas/id";
import { accessDenied, can, requirePermission } from "~/server/auth/guards.server";
import { ExpectedError } from "~/server/platform/errors.server";
import type { PendingScheduledAction, ScheduledAction } from "~/server/publishing/scheduled-actions.server";
import {
  cancelScheduledAction,
  findPendingScheduledAction,
  listPendingScheduledActions,
  SCHEDULE_NOT_FOUND,
} from "~/server/publishing/scheduled-actions.server";
import { actionFailed, actionSucceeded, runCmsAction, type IntentHandlers } from "./cms-action.server";
import { readCmsList } from "./list-tab.server";

export const SCHEDULED_MESSAGES = {
  fetchFailed: "Failed to fetch scheduled actions",
  cancelFailed: "Failed to cancel the scheduled action",
  cancelled: "Schedule cancelled",
} as const;

const ACTION_LABELS: Record<string, string> = { publish: "Publish", unpublish: "Unpublish" };
const EDITOR_PATHS: Record<string, string> = {
  content: "/cms/content/",
  career: "/cms/careers",
  course: "/cms/courses",
};

export interface ScheduledActionView {
  id: string;
  action: string;
  runAt: string;
  /** London time, as every time of the CMS. */
  runAtLabel: string;
  by: string;
}

export function scheduledActionView(row: ScheduledAction): ScheduledActionView {
  return {
    id: row.id,
    action: ACTION_LABELS[row.action] ?? row.action,
    runAt: row.runAt.toISOString(),
    runAtLabel: `${formatDate(row.runAt, "dateTime")} (London time)`,
    by: row.createdByEmail,
  };
}

export interface PendingActionView extends ScheduledActionView {
  title: string;
  kind: string;
  href: string;
}

function pendingView(row: PendingScheduledAction): PendingActionView {
  const base = EDITOR_PATHS[row.entityKind] ?? "/cms";
  return {
    ...scheduledActionView(row),
    title: row.title ?? "(deleted item)",
    kind: row.entityKind,
    href: row.entityKind === "content" ? `${base}${row.entityId}` : base,
  };
}

export async function loadScheduled(request: Request) {
  await requirePermission(request, "content.view");
  return readCmsList(
    async (db) => (await listPendingScheduledActions(db)).map(pendingView),
    SCHEDULED_MESSAGES.fetchFailed,
  );
}

/** The Scheduled tab's one intent, with its handler. */
export const scheduledIntents = {
  cancel: async ({ current, values, intent, db }) => {
    const id = idSchema.safeParse(values.id);
    if (!id.success) return actionFailed(SCHEDULED_MESSAGES.cancelFailed, 400, { intent });
    const pending = await findPendingScheduledAction(db, id.data);
    if (!pending) throw new ExpectedError(SCHEDULE_NOT_FOUND, { status: 404 });
    // The list holds every kind; each is changed with its own permission (the view's own check was content.edit).
    const kind = pending.entityKind as RevisionEntityKind;
    if (!can(current.user, EDIT_PERMISSION_OF_KIND[kind])) accessDenied(current);
    await cancelScheduledAction(db, current.user, id.data, { kind });
    return actionSucceeded(intent, { description: SCHEDULED_MESSAGES.cancelled });
  },
} satisfies IntentHandlers;

export function scheduledAction(request: Request) {
  const options = { permission: "content.edit", failureMessage: SCHEDULED_MESSAGES.cancelFailed } as const;
  return runCmsAction(request, options, scheduledIntents);
}
