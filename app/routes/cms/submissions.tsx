import { useLoaderData } from "react-router";
import { ListTab } from "~/components/cms/list-tab";
import { SUBMISSIONS_TAB } from "~/components/cms/submissions-tab";
import { requirePermission } from "~/server/auth/guards.server";
import { runCmsAction, unknownIntent } from "./cms-action.server";
import {
  changeSubmissionStatus,
  checkStatusForm,
  loadSubmissionsTab,
  STATUS_UPDATE_FAILED,
} from "./submissions.server";
import type { Route } from "./+types/submissions";

/**
 * One page of submissions (newest first, optionally one status only) and, when `?selected=<id>`
 * names one, its details with the message sanitised on the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "submissions.view");
  return loadSubmissionsTab(request);
}

/** Intent "status": changes one submission's status, written to the audit log. */
export async function action({ request }: Route.ActionArgs) {
  const options = {
    permission: "submissions.manage" as const,
    failureMessage: STATUS_UPDATE_FAILED,
    check: checkStatusForm,
  };
  return runCmsAction(request, options, async (context) => {
    switch (context.intent) {
      case "status":
        return changeSubmissionStatus(context);
      default:
        return unknownIntent(context.intent);
    }
  });
}

export default function SubmissionsTab() {
  const { submissions, ...data } = useLoaderData<typeof loader>();
  return <ListTab tab={SUBMISSIONS_TAB} data={data} rows={submissions} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Contact Submissions | CMS" }];
