import { Link, useActionData, useLoaderData } from "react-router";
import {
  AccountCard,
  ChoosePasswordForm,
  InvalidLinkCard,
  LINK_CLASS,
} from "~/components/cms/sign-in/account-link-card";
import { FORGOT_PASSWORD_PATH } from "~/lib/auth/account-links";
import type { Route } from "./+types/reset-password";
import { loadResetPasswordPage, resetPasswordAction } from "./reset-password.server";

/**
 * A password reset link: a new password, which signs the account out everywhere and
 * this browser in afresh. Open to anyone holding the link; the CMS layout shows it instead of the
 * sign-in card.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return loadResetPasswordPage(params.token);
}

export async function action({ request, params }: Route.ActionArgs) {
  return resetPasswordAction(request, params.token);
}

export default function ResetPassword() {
  const { email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!email || result?.linkValid === false) {
    return (
      <InvalidLinkCard
        next={
          <Link to={FORGOT_PASSWORD_PATH} className={LINK_CLASS}>
            Ask for a new link
          </Link>
        }
      />
    );
  }
  return (
    <AccountCard>
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Your new password replaces the old one at once, and every device signed in to this account is signed out.
      </p>
      <ChoosePasswordForm
        email={email}
        errors={result?.errors ?? {}}
        submitLabel="Set new password"
        busyLabel="Saving..."
      />
    </AccountCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | CMS" },
  { name: "robots", content: "noindex, nofollow" },
  // The address holds the link's token: no page this one links to learns it.
  { name: "referrer", content: "no-referrer" },
];
