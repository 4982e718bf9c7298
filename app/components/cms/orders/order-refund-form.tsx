/**
 * Refund on an order's detail panel: an optional amount (empty gives back all that is
 * left), then a confirmation that names the amount and the order before anything is sent. A refused
 * refund keeps what was typed and says why beside the field.
 */
import { useCallback, useId, useRef, useState } from "react";
import { ConfirmDialogContent } from "~/components/cms/kit/confirm-form";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { useCmsFormFetcher } from "~/components/cms/kit/use-close-on-success";
import { AlertDialog, AlertDialogTrigger } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/form-field";

export interface RefundFormProps {
  orderId: string;
  reference: string;
  currency: string;
  /** All that is left to refund, as shown ("£1,798.50") and as a plain number ("1798.50"). */
  left: { amount: string; value: string };
  /** How many refunds the page shows: a second click, or a page opened before someone else's refund, is refused. */
  refundsSeen: number;
}

export function OrderRefundForm({ orderId, reference, currency, left, refundsSeen }: RefundFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState("");
  const [open, setOpen] = useState(false);
  const clear = useCallback(() => setAmount(""), []);
  const { fetcher, errors, busy } = useCmsFormFetcher(clear);
  const fieldId = useId();
  const what = amount.trim() ? `${amount.trim()} ${currency}` : `${left.amount} (all that is left)`;
  return (
    <fetcher.Form method="post" ref={formRef} className="grid gap-3" aria-label={`Refund order ${reference}`}>
      <CsrfInput />
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="id" value={orderId} />
      <input type="hidden" name="refundsSeen" value={refundsSeen} />
      <TextField
        id={fieldId}
        name="amount"
        label={`Amount to refund (${currency})`}
        hint={`Leave empty to refund all that is left: ${left.amount}.`}
        inputMode="decimal"
        autoComplete="off"
        placeholder={left.value}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount}
        containerClassName="grid max-w-xs gap-2"
      />
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogTrigger asChild>
          <Button type="button" variant="outline" className="w-fit" disabled={busy}>
            {busy ? "Refunding..." : "Refund"}
          </Button>
        </AlertDialogTrigger>
        <ConfirmDialogContent
          question={`Refund ${what} of order ${reference}?`}
          description="The money goes back to the customer's card. A refund cannot be undone."
          confirmLabel="Refund"
          onConfirm={() => formRef.current?.requestSubmit()}
        />
      </AlertDialog>
    </fetcher.Form>
  );
}
