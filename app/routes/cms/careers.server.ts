/**
 * The CMS Careers tab's server side (routes/cms/careers.tsx): its list and its action's "delete",
 * with the spec's messages (SPEC.md section 8, "Careers admin"). Adding and editing are the
 * editor's (career-editor.server.ts; decision 017).
 */
import { careerIdSchema } from "~/lib/schemas/careers";
import { deleteCareer, listCareers } from "~/server/careers/careers.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { undoTrash } from "~/lib/cms/trash";
import { actionSucceeded, runCmsAction, type IntentHandlers } from "./cms-action.server";
import { listSearchQuery, readCmsList } from "./list-tab.server";

const MESSAGES = {
  fetchFailed: "Failed to fetch careers",
  saveFailed: "Failed to save career",
  deleteFailed: "Failed to delete career",
} as const;

/** Every career, newest first; a failure to read them is shown as the list's error state. */
export async function careersView(request: Request) {
  // ?q= finds a word in the title, department or description.
  const query = listSearchQuery(new URL(request.url).searchParams);
  const { items: careers, error } = await readCmsList((db) => listCareers(db, { q: query }), MESSAGES.fetchFailed);
  return { careers, error, query };
}

const failureMessage = (intent: string) => (intent === "delete" ? MESSAGES.deleteFailed : MESSAGES.saveFailed);

/** The Job Openings tab's intents, each with its handler. */
export const careersIntents = {
  delete: async ({ current, values, db }) => {
    const id = careerIdSchema.safeParse(values);
    if (!id.success || !(await deleteCareer(db, current.user, id.data.id))) {
      throw new ExpectedError(MESSAGES.deleteFailed, { status: 404 });
    }
    return actionSucceeded("delete", {
      description: "Career deleted successfully",
      undo: undoTrash("career", [id.data.id]),
    });
  },
} satisfies IntentHandlers;

export function careersAction(request: Request) {
  return runCmsAction(request, { permission: "careers.edit", failureMessage }, careersIntents);
}
