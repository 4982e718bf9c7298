import { useActionData, useLoaderData } from "react-router";
import { AccountCard, ChoosePasswordForm, InvalidLinkCard } from "~/components/cms/sign-in/account-link-card";
import { formatDate } from "~/lib/text/format";
import type { Route } from "./+types/invitation";
import { acceptInvitationAction, loadInvitationPage } from "./invitation.server";

/**
 * An invitation link: the invitee chooses their password and is signed in. Open to
 * anyone holding the link; the CMS layout shows it instead of the sign-in card.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return loadInvitationPage(params.token);
}

export async function action({ request, params }: Route.ActionArgs) {
  return acceptInvitationAction(request, params.token);
}

export default function Invitation() {
  const { invitation } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!invitation || result?.linkValid === false) {
    return <InvalidLinkCard next={<p>Ask the administrator who invited you to send a new invitation.</p>} />;
  }
  return (
    <AccountCard>
      <h1 className="text-2xl font-bold">Set up your account</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        You have been invited to the CMS as <strong className="text-foreground">{invitation.role}</strong>. Choose the
        password you will sign in with. This invitation works until{" "}
        <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt, "dateTime")}</time>.
      </p>
      <ChoosePasswordForm
        email={invitation.email}
        errors={result?.errors ?? {}}
        submitLabel="Create account"
        busyLabel="Creating..."
      />
    </AccountCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Accept your invitation | CMS" },
  { name: "robots", content: "noindex, nofollow" },
  // The address holds the link's token: no page this one links to learns it.
  { name: "referrer", content: "no-referrer" },
];
