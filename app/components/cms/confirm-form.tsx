import { Trash2Icon } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useRef, useState } from "react";
import { Form } from "react-router";
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
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Trigger asChild>
          <Button type="button" variant={variant} size="sm" aria-label={buttonLabel}>
            {children}
          </Button>
        </AlertDialog.Trigger>
        <ConfirmDialogContent
          question={question}
          description={description}
          confirmLabel={confirmLabel}
          onConfirm={() => guard(() => formRef.current?.requestSubmit())}
        />
      </AlertDialog.Root>
    </Form>
  );
}

/**
 * The confirmation dialog itself, inside an `AlertDialog.Root`: the question, what it means,
 * Cancel, and the button that confirms (focus stays inside; Escape cancels).
 */
export function ConfirmDialogContent({
  question,
  description,
  confirmLabel,
  onConfirm,
}: {
  question: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-popover p-6 text-popover-foreground shadow-xl">
        <AlertDialog.Title className="text-lg font-semibold">{question}</AlertDialog.Title>
        <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
        <div className="flex justify-end gap-2">
          <AlertDialog.Cancel asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action asChild>
            <Button type="button" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}
