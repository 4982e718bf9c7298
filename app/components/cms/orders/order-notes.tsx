/**
 * Internal notes on an order: the thread, oldest first, with who wrote each and when,
 * and a form to add one. Notes are for the team only; the customer never sees them.
 */
import { useCallback, useId, useState } from "react";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { Time } from "~/components/cms/kit/detail-panel";
import { useCmsFormFetcher } from "~/components/cms/kit/use-close-on-success";
import { Button } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/form-field";

export interface OrderNoteView {
  id: string;
  at: { iso: string; text: string };
  by: string;
  body: string;
}

export function OrderNotes({ orderId, notes }: { orderId: string; notes: readonly OrderNoteView[] }) {
  const headingId = useId();
  const fieldId = useId();
  const [text, setText] = useState("");
  const clear = useCallback(() => setText(""), []);
  const { fetcher, errors, busy } = useCmsFormFetcher(clear);
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-sm font-medium text-muted-foreground">
        Internal notes
      </h3>
      {notes.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ol className="mt-2 grid gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border p-3 text-sm">
              <p className="text-xs text-muted-foreground">
                <span className="break-all">{note.by}</span>, <Time value={note.at} />
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <fetcher.Form method="post" className="mt-3 grid gap-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={orderId} />
        <TextareaField
          id={fieldId}
          name="note"
          label="Add a note"
          hint="Seen only by the team, never by the customer."
          rows={3}
          maxLength={2000}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={errors.note}
        />
        <Button type="submit" variant="outline" className="w-fit" disabled={busy}>
          {busy ? "Adding..." : "Add note"}
        </Button>
      </fetcher.Form>
    </section>
  );
}
