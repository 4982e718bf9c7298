/**
 * The CMS Assistant tab (/cms/assistant): the questions visitors asked the site assistant
 * that the site's content did not answer, the most asked first, so that administrators see where
 * the content has gaps. An administrator adds or improves content, then dismisses the question,
 * one at a time or all at once (see components/cms/assistant/assistant-tab.tsx for how it works without
 * JavaScript).
 */
import { useLoaderData } from "react-router";
import { ASSISTANT_TAB, DismissAllButton, DismissAllPanel } from "~/components/cms/assistant/assistant-tab";
import { ListTab } from "~/components/cms/kit/list-tab";
import { requirePermission } from "~/server/auth/guards.server";
import { assistantIntents, dismissFailureMessage, loadAssistantTab } from "./assistant.server";
import { runCmsAction } from "./cms-action.server";
import type { Route } from "./+types/assistant";
import { useCan } from "~/components/cms/layout/cms-layout-data";

/** One page of unanswered questions, the most asked first, then the most recently asked. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "assistant.view");
  return loadAssistantTab(request);
}

/** Intents: "dismiss" (one question, by id) and "dismiss-all". Both are written to the audit log. */
export async function action({ request }: Route.ActionArgs) {
  return runCmsAction(
    request,
    { permission: "assistant.manage", failureMessage: dismissFailureMessage },
    assistantIntents,
  );
}

export default function AssistantTab() {
  const { questions, confirmingDismissAll, ...data } = useLoaderData<typeof loader>();
  const canDismiss = useCan("assistant.manage");
  return (
    <ListTab
      tab={ASSISTANT_TAB}
      data={data}
      rows={questions}
      actions={canDismiss && data.total > 0 && !confirmingDismissAll ? <DismissAllButton total={data.total} /> : null}
      intro={
        <>
          <p className="mt-2 max-w-prose text-sm text-muted-foreground">
            Questions visitors asked the site assistant that the site&apos;s content did not answer. Add or improve
            content, then dismiss them.
          </p>
          {canDismiss && confirmingDismissAll ? <DismissAllPanel total={data.total} /> : null}
        </>
      }
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Assistant | CMS" }];
