import { useId } from "react";
import { useLoaderData } from "react-router";
import { BackLink } from "~/components/cms/editor/back-link";
import { ScheduledList } from "~/components/cms/scheduled/scheduled-list";
import type { Route } from "./+types/scheduled";
import { loadScheduled, scheduledAction } from "./scheduled.server";

/** /cms/scheduled: pending scheduled publications and unpublications, with Cancel. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadScheduled(request);
}

export async function action({ request }: Route.ActionArgs) {
  return scheduledAction(request);
}

export default function ScheduledPage() {
  const { items, error } = useLoaderData<typeof loader>();
  const id = useId();
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center gap-3">
        <BackLink to="/cms/content">Content</BackLink>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Scheduled ({items.length})
        </h2>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        Publications and unpublications the server will carry out, in London time.
      </p>
      <ScheduledList items={items} error={error} />
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Scheduled | CMS" }];
