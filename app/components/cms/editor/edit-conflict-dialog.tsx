/**
 * Two editors on one page: the editor's form carries the version it was opened on, and
 * a save over someone else's newer change comes back 409 with what changed
 * (server/publishing/edit-conflicts.server.ts). This dialog then shows who saved, when, and their
 * fields against the form's, and lets the editor choose; nothing typed is lost on any path:
 *   - Keep my version: the same form is sent again with the version now stored (a knowing overwrite);
 *   - Use their version: the editor reloads with theirs, and what was typed is kept beside it
 *     (EditConflictKeptCopy) to copy from;
 *   - Cancel (or Escape): back to the form exactly as it was; the next save asks again.
 */
import { useRef, useState, type RefObject } from "react";
import { flushSync } from "react-dom";
import { useActionData, useLocation, useNavigate } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import {
  BASE_VERSION_FIELD,
  EDIT_CONFLICT_MESSAGES,
  isEditConflict,
  type EditConflictView,
} from "~/lib/cms/edit-conflict";
import { EditConflictKeptCopy, keepCopy } from "./edit-conflict-kept-copy";
import { DiffParts } from "./revision-history";

const THEIRS = { removed: "only in their version: ", added: "" };
const YOURS = { removed: "", added: "only in your version: " };

/**
 * Rendered inside the editor's form. `version` is the item's version from the loader (empty for a
 * new item); `copyKey` names the item for the kept copy (e.g. `content:<id>`).
 */
export function EditConflictDialog({
  formRef,
  version,
  copyKey,
  subject = "page",
}: {
  formRef: RefObject<HTMLFormElement | null>;
  version: string;
  copyKey: string;
  /** What the editor edits, as the dialog's title names it ("page", "job opening", "course"). */
  subject?: string;
}) {
  const result = useActionData();
  const navigate = useNavigate();
  const location = useLocation();
  // The version this form's text is based on. It follows the loader (a save of our own, an
  // autosave, moves it), and "Keep my version" moves it to theirs.
  const [base, setBase] = useState(version);
  const [loaded, setLoaded] = useState(version);
  if (version !== loaded) {
    setLoaded(version);
    setBase(version);
  }
  // The refusal the editor has answered (Cancel), so it does not open again until the next one.
  const [answered, setAnswered] = useState<unknown>(null);
  const conflict = isEditConflict(result) ? result.conflict : null;
  const open = conflict !== null && conflict.version !== base && answered !== result;

  // Cancel returns focus to the button that saved (disabled while sending, so the dialog cannot
  // remember it); the other choices move on (a save, or the reloaded editor's kept copy).
  const cancelled = useRef(true);
  const saveButton = () =>
    isEditConflict(result)
      ? formRef.current?.querySelector<HTMLButtonElement>(`button[name="intent"][value="${CSS.escape(result.intent)}"]`)
      : null;

  function keepMine() {
    const form = formRef.current;
    if (!form || !conflict) return;
    cancelled.current = false;
    // The field must hold the new version before the form is read for sending.
    flushSync(() => setBase(conflict.version));
    form.requestSubmit(saveButton() ?? undefined);
  }

  function takeTheirs() {
    const form = formRef.current;
    if (!form || !conflict) return;
    cancelled.current = false;
    keepCopy(copyKey, form, conflict);
    setAnswered(result);
    // A navigation to this same address loads their version (and forgets the refusal); the
    // editor starts again from it, since the route keys the form by the item's latest revision.
    void navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <input type="hidden" name={BASE_VERSION_FIELD} value={base} />
      <EditConflictKeptCopy copyKey={copyKey} />
      <AlertDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setAnswered(result);
        }}
      >
        <AlertDialogContent
          size="wide"
          onOpenAutoFocus={() => {
            cancelled.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (cancelled.current) saveButton()?.focus();
          }}
        >
          {conflict ? <ConflictSummary conflict={conflict} subject={subject} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={keepMine}>
              Keep my version
            </Button>
            <Button type="button" variant="outline" onClick={takeTheirs}>
              Use their version
            </Button>
            <AlertDialogCancel variant="ghost">Cancel</AlertDialogCancel>
          </div>
          <p className="text-xs text-muted-foreground">
            Keep my version saves your form over theirs. Use their version opens theirs in the editor and keeps what you
            typed beside it to copy from. Cancel goes back to your form as it is.
          </p>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function ConflictSummary({ conflict, subject }: { conflict: EditConflictView; subject: string }) {
  const who = conflict.savedByYou ? "You" : (conflict.savedBy ?? "Someone");
  const title =
    conflict.reason === "unknown"
      ? `This ${subject} may have changed since you opened it`
      : conflict.savedByYou
        ? `You saved this ${subject} in another window`
        : `Someone else saved this ${subject}`;
  return (
    <>
      <AlertDialogTitle>{title}</AlertDialogTitle>
      <AlertDialogDescription className="text-popover-foreground">
        <span className="break-all">{who}</span> saved it on{" "}
        <time dateTime={conflict.savedAt}>{conflict.savedAtLabel}</time>
        {conflict.savedAction ? ` (${conflict.savedAction})` : ""}. {EDIT_CONFLICT_MESSAGES[conflict.reason]}
      </AlertDialogDescription>
      {conflict.fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">Their version has the same text as your form.</p>
      ) : (
        <div className="grid gap-4" data-testid="edit-conflict-fields">
          {conflict.fields.map((field) => (
            <section key={field.field} aria-label={field.label}>
              <h3 className="text-sm font-semibold">{field.label}</h3>
              <div className="mt-1 grid gap-2 sm:grid-cols-2">
                <div className="rounded-md border p-2 text-sm break-words whitespace-pre-wrap">
                  <p className="mb-1 text-xs text-muted-foreground">Their version</p>
                  <DiffParts parts={field.parts} side="before" labels={THEIRS} />
                </div>
                <div className="rounded-md border p-2 text-sm break-words whitespace-pre-wrap">
                  <p className="mb-1 text-xs text-muted-foreground">Your version</p>
                  <DiffParts parts={field.parts} side="after" labels={YOURS} />
                </div>
              </div>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
