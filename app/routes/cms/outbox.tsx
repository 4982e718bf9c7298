import { useLoaderData } from "react-router";
import { ListTab } from "~/components/cms/list-tab";
import { MAIL_STATUS_STYLE } from "~/components/cms/list-statuses";
import { MAIL_COLUMNS, MailDetail, MailRow } from "~/components/cms/outbox-tab";
import { useHrefWith } from "~/components/cms/status-filter";
import { requireAdmin } from "~/server/auth/guards.server";
import { loadOutboxTab } from "./outbox.server";
import type { Route } from "./+types/outbox";

/**
 * The e-mail outbox (issue 5), for administrators only: every mail the site wrote, newest first,
 * optionally one status only, and with `?selected=<id>` one mail's details and plain-text body.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadOutboxTab(request);
}

export default function OutboxPage() {
  const { mails, total, page, status, selected, error, smtpConfigured } = useLoaderData<typeof loader>();
  const hrefWith = useHrefWith();
  return (
    <ListTab
      id="outbox"
      title="Outbox"
      total={total}
      page={page}
      filter={{ style: MAIL_STATUS_STYLE, current: status }}
      intro={
        <p className="mt-2 text-sm text-muted-foreground">
          {smtpConfigured
            ? "E-mails are sent over SMTP from here; failed attempts are retried with a growing delay."
            : "No mail server is configured (SMTP_URL), so e-mails are not sent: they are kept here to read."}
        </p>
      }
      table={{
        columns: MAIL_COLUMNS,
        lastColumn: "Last error",
        error,
        empty: mails.length === 0,
        emptyMessage: "No e-mails in the outbox.",
      }}
      detail={<MailDetail selected={selected} closeHref={hrefWith({ selected: null })} />}
    >
      {mails.map((mail) => (
        <MailRow key={mail.id} mail={mail} isSelected={selected?.id === mail.id} />
      ))}
    </ListTab>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox | CMS" }];
