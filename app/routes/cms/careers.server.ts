/**
 * The CMS Careers tab's server side (routes/cms/careers.tsx): its list and its action's "delete",
 * with the spec's messages (SPEC.md section 8, "Careers admin"). Adding and editing are the
 * editor's (career-editor.server.ts; decision 017).
 */
import { careerIdSchema } from "~/lib/schemas/careers";
import { deleteCareer, listCareers } from "~/server/careers/careers.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { undoTrash } from "~/lib/trash";
import { actionSucceeded, readCmsList, runCmsAction, unknownIntent } from "./cms-action.server";
import { listSearchQuery } from "./list-tab.server";

const MESSAGES = {
  fetchFailed: "Failed to fetch careers",
  saveFailed: "Failed to save career",
  deleteFailed: "Failed to delete career",
} as const;

/** Every career, newest first; a failure to read them is shown as the list's error state. */
export async function careersView(request: Request) {
  // ?q= finds a word in the title, department or description (issue 17).
  const query = listSearchQuery(new URL(request.url).searchParams);
  const { items: careers, error } = await readCmsList((db) => listCareers(db, { q: query }), MESSAGES.fetchFailed);
  return { careers, error, query };
}

export function careersAction(request: Request) {
  const failureMessage = (intent: string) => (intent === "delete" ? MESSAGES.deleteFailed : MESSAGES.saveFailed);
  return runCmsAction(
    request,
    { permission: "careers.edit", failureMessage },
    async ({ current, values, intent, db }) => {
      const notFound = () => new ExpectedError(failureMessage(intent), { status: 404 });
      switch (intent) {
        case "delete": {
          const id = careerIdSchema.safeParse(values);
          if (!id.success || !(await deleteCareer(db, current.user, id.data.id))) throw notFound();
          return actionSucceeded(intent, {
            description: "Career deleted successfully",
            undo: undoTrash("career", [id.data.id]),
          });
        }
        default:
          return unknownIntent(intent);
      }
    },
  );
}
