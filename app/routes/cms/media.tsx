/**
 * The CMS Media tab (/cms/media): upload images (drop several, or choose them), find them
 * (search alt text, caption and file name; grid or list), and open one to edit its alt text,
 * caption and focal point, see where it is used, replace its file in place or delete it. Uploads
 * go to /cms/media/upload, one request per file; this route's action handles the rest.
 */
import { Form, Link, useLoaderData, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MediaDetails } from "~/components/cms/media/media-details";
import { MediaGrid, MediaList } from "~/components/cms/media/media-items";
import { UploadZone } from "~/components/cms/media/upload-zone";
import { useHrefWith } from "~/components/cms/kit/status-filter";
import { cn } from "~/lib/utils";
import { requirePermission } from "~/server/auth/guards.server";
import { runCmsAction } from "./cms-action.server";
import { loadMediaTab, mediaFailureMessage, mediaIntents } from "./media.server";
import type { Route } from "./+types/media";
import { useCan } from "~/components/cms/layout/cms-layout-data";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "media.view");
  return loadMediaTab(request);
}

/** Intents: "update" (alt text, caption, focal point) and "delete". Both audited. */
export async function action({ request }: Route.ActionArgs) {
  return runCmsAction(request, { permission: "media.edit", failureMessage: mediaFailureMessage }, mediaIntents);
}

export default function MediaTab() {
  const { q, view, items, selected, error } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const hrefWith = useHrefWith();
  const selectedId = selected?.item.id ?? null;
  // Support browses the library read-only: no upload, and the details without their forms.
  const canEdit = useCan("media.edit");
  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-2xl font-bold">Media</h2>
        <p className="mt-1 max-w-prose text-sm text-muted-foreground">
          Images for pages, job openings and courses. The site serves each in the widths and formats a visitor&apos;s
          screen needs.
        </p>
      </div>
      {canEdit ? <UploadZone onUploaded={() => void revalidator.revalidate()} /> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          <input type="hidden" name="view" value={view} />
          <div className="grid gap-1">
            <label htmlFor="media-search" className="text-sm font-medium">
              Search images
            </label>
            <Input id="media-search" type="search" name="q" defaultValue={q} className="w-64! max-w-full" />
          </div>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </Form>
        <nav aria-label="Library view" className="flex gap-1 rounded-md bg-muted p-1">
          {(["grid", "list"] as const).map((option) => (
            <Link
              key={option}
              to={hrefWith({ view: option === "grid" ? null : option })}
              aria-current={view === option ? "page" : undefined}
              preventScrollReset
              className={cn(
                "rounded px-3 py-1 text-sm font-medium",
                view === option ? "bg-background shadow" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {option === "grid" ? "Grid" : "List"}
            </Link>
          ))}
        </nav>
      </div>
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : items.length === 0 ? (
        <p className="text-muted-foreground">
          {q ? `No images match “${q}”.` : canEdit ? "No images yet: upload the first above." : "No images yet."}
        </p>
      ) : view === "list" ? (
        <MediaList items={items} selectedId={selectedId} />
      ) : (
        <MediaGrid items={items} selectedId={selectedId} />
      )}
      {selected ? (
        <MediaDetails
          key={selected.item.id}
          item={selected.item}
          usage={selected.usage}
          onReplaced={() => void revalidator.revalidate()}
        />
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Media | CMS" }];
