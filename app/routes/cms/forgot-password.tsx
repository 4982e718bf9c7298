import { useId } from "react";
import { useActionData, useNavigation } from "react-router";
import { AccountCard, AccountForm, BackToSignIn } from "~/components/cms/sign-in/account-link-card";
import { EmailField } from "~/components/cms/kit/email-field";
import { Button } from "~/components/ui/button";
import { PASSWORD_RESET_LIFETIME_TEXT, RESET_REQUESTED_MESSAGE } from "~/lib/auth/account-links";
import type { Route } from "./+types/forgot-password";
import { forgotPasswordAction } from "./forgot-password.server";

/**
 * "Forgot password?": the account's e-mail in, the same answer out whether or not the
 * address has an account. Open to anyone; the CMS layout shows it instead of the sign-in card.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordAction(request, context.clientAddress);
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const id = useId();
  const busy = navigation.state === "submitting";
  if (result?.sent) {
    return (
      <AccountCard>
        <h1 className="text-2xl font-bold">Check your e-mail</h1>
        <p role="status" className="mt-3">
          {RESET_REQUESTED_MESSAGE}
        </p>
        <p className="mt-3 text-sm text-muted-foreground">
          Nothing there after a few minutes? Look in your spam folder, or ask for a new link.
        </p>
        <BackToSignIn />
      </AccountCard>
    );
  }
  const errors = result?.errors ?? {};
  return (
    <AccountCard>
      <h1 className="text-2xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Enter the e-mail address you sign in with. We will send you a link to choose a new password; it works once, for{" "}
        {PASSWORD_RESET_LIFETIME_TEXT}.
      </p>
      <AccountForm error={errors.form}>
        <EmailField id={`${id}-email`} defaultValue={result?.email ?? ""} error={errors.email} />
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send link"}
        </Button>
      </AccountForm>
      <BackToSignIn />
    </AccountCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | CMS" },
  { name: "robots", content: "noindex, nofollow" },
];
