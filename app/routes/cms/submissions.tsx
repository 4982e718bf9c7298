import { useLoaderData } from "react-router";
import { SubmissionsTab } from "~/components/cms/submissions/submissions-tab";
import { requirePermission } from "~/server/auth/guards.server";
import { runCmsAction } from "./cms-action.server";
import {
  checkStatusForm,
  loadSubmissionsTab,
  submissionsFailureMessage,
  submissionsIntents,
} from "./submissions.server";
import type { Route } from "./+types/submissions";

/**
 * The Submissions tab: one page of submissions, searched and filtered by status, kind and job,
 * and, when `?selected=<id>` names one, its details and thread (opening it marks it read).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "submissions.view");
  return loadSubmissionsTab(request);
}

/**
 * Intents: "status" and "bulk" (status of one or of the selected rows), "note", "assign", "reply"
 * (by e-mail, through the outbox), "not-spam", "erase" (a GDPR erasure) and "read". runCmsAction
 * checks the permission and the anti-forgery token first (the one access check of this action).
 */
export async function action({ request }: Route.ActionArgs) {
  // A refused reply or note gives back what was typed, so a form drawn again without JavaScript keeps it.
  const options = {
    permission: "submissions.manage" as const,
    failureMessage: submissionsFailureMessage,
    check: checkStatusForm,
    keepValues: true,
  };
  return runCmsAction(request, options, submissionsIntents);
}

export default function SubmissionsPage() {
  const data = useLoaderData<typeof loader>();
  return <SubmissionsTab data={data} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Contact Submissions | CMS" }];
