import { useLoaderData } from "react-router";
import { ListTab } from "~/components/cms/list-tab";
import { CONTACT_STATUS_STYLE } from "~/components/cms/list-statuses";
import { useHrefWith } from "~/components/cms/status-filter";
import { SUBMISSION_COLUMNS, SubmissionDetail, SubmissionRow } from "~/components/cms/submissions-tab";
import { requireAdmin } from "~/server/auth/guards.server";
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
  await requireAdmin(request);
  return loadSubmissionsTab(request);
}

/** Intent "status": changes one submission's status, written to the audit log. */
export async function action({ request }: Route.ActionArgs) {
  const options = { failureMessage: STATUS_UPDATE_FAILED, check: checkStatusForm };
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
  const { submissions, total, page, status, selected, error } = useLoaderData<typeof loader>();
  const hrefWith = useHrefWith();
  return (
    <ListTab
      id="submissions"
      title="Contact Submissions"
      total={total}
      page={page}
      filter={{ style: CONTACT_STATUS_STYLE, current: status }}
      exportHref="/cms/submissions/export.csv"
      refresh
      table={{
        columns: SUBMISSION_COLUMNS,
        lastColumn: "Actions",
        error,
        empty: submissions.length === 0,
        emptyMessage: "No contact submissions found.",
      }}
      detail={<SubmissionDetail selected={selected} closeHref={hrefWith({ selected: null })} />}
    >
      {submissions.map((submission) => (
        <SubmissionRow key={submission.id} submission={submission} isSelected={selected?.id === submission.id} />
      ))}
    </ListTab>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Contact Submissions | CMS" }];
