/**
 * The CMS Assistant tab (/cms/assistant, issue 7): the questions visitors asked the site assistant
 * that the site's content did not answer, the most asked first, so that administrators see where
 * the content has gaps. An administrator adds or improves content, then dismisses the question,
 * one at a time or all at once.
 *
 * Everything works without JavaScript: Dismiss is a plain form, and "Dismiss all" asks for
 * confirmation in a dialog once React runs, or, before that, in a panel of the page itself
 * (`?confirm=dismiss-all`). Every change redirects back to the list with a toast (post/redirect/get).
 */
import { Trash2Icon, XIcon } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useId, useRef, useState } from "react";
import { Form, Link, useLoaderData } from "react-router";
import { ConfirmDialogContent } from "~/components/cms/confirm-form";
import { CsrfInput } from "~/components/cms/csrf-input";
import { DataTable } from "~/components/cms/data-table";
import { Pagination } from "~/components/cms/pagination";
import { Button } from "~/components/ui/button";
import { PAGE_SIZE, pageFromSearch } from "~/lib/pagination";
import { z } from "~/lib/schemas/zod";
import { recordAudit } from "~/server/platform/audit.server";
import {
  dismissAllUnansweredQuestions,
  dismissUnansweredQuestion,
  listUnansweredQuestions,
} from "~/server/assistant/unanswered-questions.server";
import { requireAdmin, requireAdminForm } from "~/server/auth/guards.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast, redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/assistant";

const LIST_PATH = "/cms/assistant";
/** `?confirm=dismiss-all`: the confirmation panel, for a browser without JavaScript. */
const CONFIRM_PARAM = "confirm";
const DISMISS_ALL = "dismiss-all";

const MESSAGES = {
  fetchFailed: "Failed to fetch unanswered questions",
  dismissFailed: "Failed to dismiss the question",
  dismissAllFailed: "Failed to dismiss the questions",
  alreadyDismissed: "That question had already been dismissed.",
  dismissed: "Question dismissed",
  nothingToDismiss: "There were no questions to dismiss.",
  empty: "No unanswered questions. The assistant found an answer to everything visitors asked.",
} as const;

export const meta: Route.MetaFunction = () => [{ title: "Assistant | CMS" }];

/** Times as UK readers expect them, formatted once on the server so the browser shows the same. */
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

function when(date: Date) {
  return { iso: date.toISOString(), text: dateTimeFormat.format(date) };
}

/** One page of unanswered questions, the most asked first, then the most recently asked. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const requestedPage = pageFromSearch(searchParams);
  const confirmingDismissAll = searchParams.get(CONFIRM_PARAM) === DISMISS_ALL;
  try {
    const { questions, total, page } = await listUnansweredQuestions(await getDb(), { page: requestedPage });
    return {
      page,
      total,
      error: null,
      confirmingDismissAll: confirmingDismissAll && total > 0,
      questions: questions.map((row) => ({
        id: row.id,
        question: row.question,
        timesAsked: row.timesAsked,
        firstAsked: when(row.firstAskedAt),
        lastAsked: when(row.lastAskedAt),
      })),
    };
  } catch (error) {
    logger.error({ err: error }, "could not list the unanswered questions");
    return { page: requestedPage, total: 0, error: MESSAGES.fetchFailed, confirmingDismissAll: false, questions: [] };
  }
}

type ActionResult = { ok: false };

const dismissSchema = z.object({ id: z.uuid() });

/** A refused or failed change: the list stays as it is and a toast says why. */
function failed(description: string, status: number) {
  return dataWithToast<ActionResult>({ ok: false }, { type: "error", description }, { status });
}

/** Back to the page of the list the administrator was on (the loader shows the last page if it emptied). */
function listAddress(request: Request): string {
  const page = pageFromSearch(new URL(request.url).searchParams);
  return page > 1 ? `${LIST_PATH}?page=${page}` : LIST_PATH;
}

/** Intents: "dismiss" (one question, by id) and "dismiss-all". Both are written to the audit log. */
export async function action({ request }: Route.ActionArgs) {
  const { current, form } = await requireAdminForm(request);
  const intent = form.get("intent");
  if (intent === "dismiss") {
    const parsed = dismissSchema.safeParse({ id: form.get("id") });
    if (!parsed.success) return failed(MESSAGES.dismissFailed, 400);
    try {
      const db = await getDb();
      const dismissed = await dismissUnansweredQuestion(db, parsed.data.id);
      if (!dismissed) return failed(MESSAGES.alreadyDismissed, 404);
      await recordAudit(db, current.user, "unanswered_question.dismiss", "unanswered_questions", dismissed.id, {
        question: dismissed.question,
        timesAsked: dismissed.timesAsked,
      });
      return redirectWithToast(listAddress(request), { type: "success", description: MESSAGES.dismissed });
    } catch (error) {
      logger.error({ err: error }, "could not dismiss an unanswered question");
      return failed(MESSAGES.dismissFailed, 500);
    }
  }
  if (intent === DISMISS_ALL) {
    try {
      const db = await getDb();
      const dismissed = await dismissAllUnansweredQuestions(db);
      if (dismissed === 0) {
        return redirectWithToast(LIST_PATH, { type: "info", description: MESSAGES.nothingToDismiss });
      }
      await recordAudit(db, current.user, "unanswered_question.dismiss_all", "unanswered_questions", null, {
        count: dismissed,
      });
      return redirectWithToast(LIST_PATH, { type: "success", description: dismissedAll(dismissed) });
    } catch (error) {
      logger.error({ err: error }, "could not dismiss the unanswered questions");
      return failed(MESSAGES.dismissAllFailed, 500);
    }
  }
  return failed("Unknown action.", 400);
}

function dismissedAll(count: number): string {
  return count === 1 ? "1 question dismissed" : `${count} questions dismissed`;
}

/* ------------------------------------------------------------------------------------------------
 * The page
 * ---------------------------------------------------------------------------------------------- */

export default function AssistantTab() {
  const { questions, total, page, error, confirmingDismissAll } = useLoaderData<typeof loader>();
  const headingId = useId();
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          Unanswered questions ({total})
        </h2>
        {total > 0 && !confirmingDismissAll ? <DismissAllButton total={total} /> : null}
      </div>
      <p className="mt-2 max-w-prose text-sm text-muted-foreground">
        Questions visitors asked the site assistant that the site&apos;s content did not answer. Add or improve content,
        then dismiss them.
      </p>
      {confirmingDismissAll ? <DismissAllPanel total={total} /> : null}
      <DataTable
        columns={["Question", "Times asked", "First asked", "Last asked"]}
        lastColumn="Actions"
        error={error}
        empty={questions.length === 0}
        emptyMessage={MESSAGES.empty}
        footer={<Pagination page={page} total={total} pageSize={PAGE_SIZE} />}
      >
        {questions.map((row) => (
          <tr key={row.id} className="border-b align-top last:border-0">
            <th scope="row" className="max-w-xl min-w-56 py-3 pr-4 text-left font-normal break-words">
              {row.question}
            </th>
            <td className="py-3 pr-4 tabular-nums">{row.timesAsked}</td>
            <td className="py-3 pr-4 whitespace-nowrap">
              <time dateTime={row.firstAsked.iso}>{row.firstAsked.text}</time>
            </td>
            <td className="py-3 pr-4 whitespace-nowrap">
              <time dateTime={row.lastAsked.iso}>{row.lastAsked.text}</time>
            </td>
            <td className="py-3">
              <Form method="post" preventScrollReset>
                <CsrfInput />
                <input type="hidden" name="intent" value="dismiss" />
                <input type="hidden" name="id" value={row.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Dismiss: ${row.question}`}>
                  <XIcon aria-hidden="true" />
                  Dismiss
                </Button>
              </Form>
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function dismissAllQuestion(total: number): string {
  return total === 1 ? "Dismiss the 1 unanswered question?" : `Dismiss all ${total} unanswered questions?`;
}

const DISMISS_ALL_WARNING = "Do this once the site's content answers them. This cannot be undone.";

/** The hidden fields of the "dismiss all" request. */
function DismissAllFields() {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value={DISMISS_ALL} />
    </>
  );
}

/**
 * "Dismiss all": a GET form asking for the confirmation panel, so the button works before
 * JavaScript has run; once React runs, it opens an alert dialog instead (and the form's own
 * submission is cancelled). Confirming submits the hidden POST form, as ConfirmForm does.
 */
function DismissAllButton({ total }: { total: number }) {
  const [open, setOpen] = useState(false);
  const postForm = useRef<HTMLFormElement>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <form method="get" onSubmit={(event) => event.preventDefault()}>
        <AlertDialog.Trigger asChild>
          <Button type="submit" name={CONFIRM_PARAM} value={DISMISS_ALL} variant="outline">
            <Trash2Icon aria-hidden="true" />
            Dismiss all
          </Button>
        </AlertDialog.Trigger>
      </form>
      <Form method="post" ref={postForm} hidden>
        <DismissAllFields />
      </Form>
      <ConfirmDialogContent
        question={dismissAllQuestion(total)}
        description={DISMISS_ALL_WARNING}
        confirmLabel="Dismiss all"
        onConfirm={() => postForm.current?.requestSubmit()}
      />
    </AlertDialog.Root>
  );
}

/** The same confirmation in the page, for a browser without JavaScript. */
function DismissAllPanel({ total }: { total: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4 grid gap-3 rounded-lg border border-destructive/50 p-4">
      <h3 id={headingId} className="font-semibold">
        {dismissAllQuestion(total)}
      </h3>
      <p className="text-sm text-muted-foreground">{DISMISS_ALL_WARNING}</p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={LIST_PATH}>
          <DismissAllFields />
          <Button type="submit">Dismiss all</Button>
        </Form>
        <Button asChild variant="outline">
          <Link to={LIST_PATH}>Cancel</Link>
        </Button>
      </div>
    </section>
  );
}
