import { CalendarClockIcon, PlusIcon, RefreshCwIcon } from "lucide-react";
import { useId } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { useCan } from "~/components/cms/layout/cms-layout-data";
import { ContentFilters, ContentTable } from "~/components/cms/content/content-list";
import { Pagination } from "~/components/cms/kit/pagination";
import { Button } from "~/components/ui/button";
import type { Route } from "./+types/content";
import { contentListAction, loadContentList } from "./content.server";

/** The Content tab: the items, filtered by the URL's q, type and status (SPEC.md "Content tab"). */
export async function loader({ request }: Route.LoaderArgs) {
  return loadContentList(request);
}

export async function action({ request }: Route.ActionArgs) {
  return contentListAction(request);
}

export default function ContentTab() {
  const { items, total, page, pageSize, error } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const id = useId();
  const canEdit = useCan("content.edit");
  const filtered = Boolean(searchParams.get("q") || searchParams.get("type") || searchParams.get("status"));
  const refreshHref = `/cms/content${searchParams.size > 0 ? `?${searchParams.toString()}` : ""}`;
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Content ({total})
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline">
            <Link to={refreshHref}>
              <RefreshCwIcon aria-hidden="true" />
              Refresh
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/cms/scheduled">
              <CalendarClockIcon aria-hidden="true" />
              Scheduled
            </Link>
          </Button>
          {canEdit ? (
            <>
              <Button asChild variant="outline">
                <Link to="/cms/content/new">
                  <PlusIcon aria-hidden="true" />
                  New Content
                </Link>
              </Button>
              <Button asChild>
                <Link to="/cms/content/new">Create New Content</Link>
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <ContentFilters id={id} searchParams={searchParams} filtered={filtered} />
      <ContentTable items={items} error={error} filtered={filtered} />
      <Pagination page={page} total={total} pageSize={pageSize} />
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Content | CMS" }];
