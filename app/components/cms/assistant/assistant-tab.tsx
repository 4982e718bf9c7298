/**
 * The Assistant tab's parts. Everything works without JavaScript: Dismiss is a plain form, and
 * "Dismiss all" asks for confirmation in a dialog once React runs, or, before that, in a panel of
 * the page itself (`?confirm=dismiss-all`).
 */
import { Trash2Icon, XIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { AlertDialog, AlertDialogTrigger } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { ConfirmDialogContent } from "../kit/confirm-form";
import { CsrfInput } from "../kit/csrf-input";
import { ListRow, TimeCell, type ListTabConfig } from "../kit/list-tab";
import { useCan } from "../layout/cms-layout-data";

const LIST_PATH = "/cms/assistant";
/** `?confirm=dismiss-all`: the confirmation panel, for a browser without JavaScript. */
export const CONFIRM_PARAM = "confirm";
export const DISMISS_ALL = "dismiss-all";

export const ASSISTANT_TAB: ListTabConfig<QuestionView, never, never> = {
  id: "assistant",
  title: "Unanswered questions",
  columns: ["Question", "Times asked", "First asked", "Last asked"],
  lastColumn: "Actions",
  emptyMessage: "No unanswered questions. The assistant found an answer to everything visitors asked.",
  Row: QuestionRow,
};

export interface QuestionView {
  id: string;
  question: string;
  timesAsked: number;
  firstAsked: { iso: string; text: string };
  lastAsked: { iso: string; text: string };
}

/** One question, with its Dismiss button (for a role that may dismiss them). */
export function QuestionRow({ row }: { row: QuestionView }) {
  const canDismiss = useCan("assistant.manage");
  return (
    <ListRow align="top">
      <th scope="row" className="max-w-xl min-w-56 py-3 pr-4 text-left font-normal break-words">
        {row.question}
      </th>
      <td className="py-3 pr-4 tabular-nums">{row.timesAsked}</td>
      <TimeCell value={row.firstAsked} />
      <TimeCell value={row.lastAsked} />
      <td className="py-3">
        {canDismiss ? (
          <Form method="post" preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="intent" value="dismiss" />
            <input type="hidden" name="id" value={row.id} />
            <Button type="submit" variant="outline" size="sm" aria-label={`Dismiss: ${row.question}`}>
              <XIcon aria-hidden="true" />
              Dismiss
            </Button>
          </Form>
        ) : null}
      </td>
    </ListRow>
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
export function DismissAllButton({ total }: { total: number }) {
  const [open, setOpen] = useState(false);
  const postForm = useRef<HTMLFormElement>(null);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <form method="get" onSubmit={(event) => event.preventDefault()}>
        <AlertDialogTrigger asChild>
          <Button type="submit" name={CONFIRM_PARAM} value={DISMISS_ALL} variant="outline">
            <Trash2Icon aria-hidden="true" />
            Dismiss all
          </Button>
        </AlertDialogTrigger>
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
    </AlertDialog>
  );
}

/** The same confirmation in the page, for a browser without JavaScript. */
export function DismissAllPanel({ total }: { total: number }) {
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
