/**
 * The Assistant tab's view and changes: the questions the site's content did not answer, the most
 * asked first, and dismissing them one at a time or all at once. Every change redirects back to
 * the list with a toast (post/redirect/get); the entity module writes the audit entry.
 */
import { CONFIRM_PARAM, DISMISS_ALL } from "~/components/cms/assistant/assistant-tab";
import { timeParts } from "~/lib/text/format";
import { pageFromSearch } from "~/lib/cms/pagination";
import { idSchema } from "~/lib/schemas/id";
import {
  dismissAllUnansweredQuestions,
  dismissUnansweredQuestion,
  listUnansweredQuestions,
} from "~/server/assistant/unanswered-questions.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { CmsActionContext, IntentHandlers } from "./cms-action.server";
import { listQuery, readListTab } from "./list-tab.server";

const LIST_PATH = "/cms/assistant";

const MESSAGES = {
  fetchFailed: "Failed to fetch unanswered questions",
  dismissFailed: "Failed to dismiss the question",
  dismissAllFailed: "Failed to dismiss the questions",
  alreadyDismissed: "That question had already been dismissed.",
  dismissed: "Question dismissed",
  nothingToDismiss: "There were no questions to dismiss.",
} as const;

/** What a failed change says, by intent. */
export function dismissFailureMessage(intent: string): string {
  return intent === DISMISS_ALL ? MESSAGES.dismissAllFailed : MESSAGES.dismissFailed;
}

/** One page of unanswered questions, the most asked first, then the most recently asked. */
export async function loadAssistantTab(request: Request) {
  const { page: requestedPage, searchParams } = listQuery(request);
  const confirmingDismissAll = searchParams.get(CONFIRM_PARAM) === DISMISS_ALL;
  return readListTab(
    "the unanswered questions",
    async (db) => {
      const { questions, total, page } = await listUnansweredQuestions(db, { page: requestedPage });
      return {
        page,
        total,
        error: null as string | null,
        confirmingDismissAll: confirmingDismissAll && total > 0,
        questions: questions.map((row) => ({
          id: row.id,
          question: row.question,
          timesAsked: row.timesAsked,
          firstAsked: timeParts(row.firstAskedAt),
          lastAsked: timeParts(row.lastAskedAt),
        })),
      };
    },
    { page: requestedPage, total: 0, error: MESSAGES.fetchFailed, confirmingDismissAll: false, questions: [] },
  );
}

/** Back to the page of the list the administrator was on (the loader shows the last page if it emptied). */
function listAddress(request: Request): string {
  const page = pageFromSearch(new URL(request.url).searchParams);
  return page > 1 ? `${LIST_PATH}?page=${page}` : LIST_PATH;
}

export async function dismissQuestion({ request, db, current, values }: CmsActionContext) {
  const id = idSchema.safeParse(values.id);
  if (!id.success) throw new ExpectedError(MESSAGES.dismissFailed);
  const dismissed = await dismissUnansweredQuestion(db, current.user, id.data);
  if (!dismissed) throw new ExpectedError(MESSAGES.alreadyDismissed, { status: 404 });
  return redirectWithToast(listAddress(request), { type: "success", description: MESSAGES.dismissed });
}

export async function dismissAllQuestions({ db, current }: CmsActionContext) {
  const dismissed = await dismissAllUnansweredQuestions(db, current.user);
  if (dismissed === 0) return redirectWithToast(LIST_PATH, { type: "info", description: MESSAGES.nothingToDismiss });
  const description = dismissed === 1 ? "1 question dismissed" : `${dismissed} questions dismissed`;
  return redirectWithToast(LIST_PATH, { type: "success", description });
}

/** The Assistant tab's intents, each with its handler. */
export const assistantIntents = {
  dismiss: dismissQuestion,
  "dismiss-all": dismissAllQuestions,
} satisfies IntentHandlers;
