import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/text/format";
import { ConfirmForm } from "../kit/confirm-form";
import { CsrfInput } from "../kit/csrf-input";
import { useConfirmIdentity } from "./confirm-identity";

/**
 * After the account was taken back (password changed or reset, other devices signed out): the
 * passkeys and the authenticator app still sign in without the password, and one may have been
 * added by whoever had the account. One click removes them all; "Keep them" ends the review.
 */
export function SecurityReview({
  since,
  passkeys,
  authenticatorApp,
}: {
  since: string | Date;
  passkeys: number;
  authenticatorApp: boolean;
}) {
  const id = useId();
  const confirm = useConfirmIdentity();
  const methods = [
    passkeys ? (passkeys === 1 ? "1 passkey" : `${passkeys} passkeys`) : null,
    authenticatorApp ? "an authenticator app" : null,
  ]
    .filter(Boolean)
    .join(" and ");
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mx-auto mb-6 max-w-md rounded-lg border border-amber-600 bg-amber-50 p-6 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Check how your account signs in
      </h2>
      <p className="mt-2 text-sm">
        Your account was secured on {formatDate(since)}: its password changed and other devices were signed out. It
        still has {methods}, which sign in without the password. If someone else may have used your account, remove them
        all and set up your own again.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ConfirmForm
          action="/cms/account"
          fields={{ intent: "remove-all-sign-in-methods" }}
          question="Remove every passkey and the authenticator app?"
          description="Your password alone will sign you in until you set up a second factor again. Your recovery codes stop working too."
          confirmLabel="Remove them all"
          buttonLabel="Remove them all"
          variant="default"
          guard={confirm.run}
        >
          Remove them all
        </ConfirmForm>
        <Form method="post" action="/cms/account">
          <CsrfInput />
          <input type="hidden" name="intent" value="keep-sign-in-methods" />
          <Button type="submit" variant="outline" size="sm">
            Keep them
          </Button>
        </Form>
      </div>
    </section>
  );
}
