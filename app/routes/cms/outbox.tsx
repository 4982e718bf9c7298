import { useLoaderData } from "react-router";
import { ListTab } from "~/components/cms/kit/list-tab";
import { OUTBOX_TAB } from "~/components/cms/outbox/outbox-tab";
import { requirePermission } from "~/server/auth/guards.server";
import { loadOutboxTab } from "./outbox.server";
import type { Route } from "./+types/outbox";

/**
 * The e-mail outbox, for administrators only: every mail the site wrote, newest first,
 * optionally one status only, and with `?selected=<id>` one mail's details and plain-text body.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "outbox.view");
  return loadOutboxTab(request);
}

export default function OutboxPage() {
  const { mails, smtpConfigured, ...data } = useLoaderData<typeof loader>();
  return (
    <ListTab
      tab={OUTBOX_TAB}
      data={data}
      rows={mails}
      intro={
        <p className="mt-2 text-sm text-muted-foreground">
          {smtpConfigured
            ? "E-mails are sent over SMTP from here; failed attempts are retried with a growing delay."
            : "No mail server is configured (SMTP_URL), so e-mails are not sent: they are kept here to read."}
        </p>
      }
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox | CMS" }];
