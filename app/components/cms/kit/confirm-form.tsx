import { Trash2Icon } from "lucide-react";
import { useRef, useState } from "react";
import { Form } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { CsrfInput } from "./csrf-input";

/**
 * A small POST form whose button first asks for confirmation (the spec's "Are you sure ...?").
 * The dialog is accessible (focus kept inside, Escape cancels); confirming submits the form.
 */
export function ConfirmForm({
  action,
  fields,
  question,
  description = "This cannot be undone.",
  confirmLabel = "Delete",
  children = <Trash2Icon aria-hidden="true" />,
  buttonLabel,
  variant = "outline",
  guard = (submit) => submit(),
}: {
  action?: string;
  /** Hidden fields sent with the form, e.g. { intent: "delete", id }. */
  fields: Record<string, string>;
  question: string;
  /** What confirming means; by default that it is final, which is true of deletions only. */
  description?: string;
  confirmLabel?: string;
  /** The trigger's visible content (by default the bin icon); `buttonLabel` is its accessible name. */
  children?: React.ReactNode;
  buttonLabel: string;
  variant?: "outline" | "ghost" | "default";
  /** Runs the confirmed submission: at once by default, or after a step of its own (confirming it's you). */
  guard?: (submit: () => void) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <Form method="post" action={action} ref={formRef}>
      <CsrfInput />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogTrigger asChild>
          <Button type="button" variant={variant} size="sm" aria-label={buttonLabel}>
            {children}
          </Button>
        </AlertDialogTrigger>
        <ConfirmDialogContent
          question={question}
          description={description}
          confirmLabel={confirmLabel}
          onConfirm={() => guard(() => formRef.current?.requestSubmit())}
        />
      </AlertDialog>
    </Form>
  );
}

/**
 * The confirmation dialog itself, inside an `AlertDialog`: the question, what it means,
 * Cancel, and the button that confirms (focus stays inside; Escape cancels). Confirming is the
 * primary button, unless `safeChoice` says cancelling is what the dialog recommends.
 */
export function ConfirmDialogContent({
  question,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  safeChoice = "confirm",
  onConfirm,
}: {
  question: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  safeChoice?: "confirm" | "cancel";
  onConfirm: () => void;
}) {
  const cancelIsPrimary = safeChoice === "cancel";
  return (
    <AlertDialogContent>
      <AlertDialogTitle>{question}</AlertDialogTitle>
      <AlertDialogDescription>{description}</AlertDialogDescription>
      <AlertDialogFooter>
        <AlertDialogCancel variant={cancelIsPrimary ? "default" : "outline"}>{cancelLabel}</AlertDialogCancel>
        <AlertDialogAction variant={cancelIsPrimary ? "outline" : "default"} onClick={onConfirm}>
          {confirmLabel}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
