import { EyeIcon, PencilIcon, PlusIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { data, Form, Link, useLoaderData, useSearchParams } from "react-router";
import { z } from "~/lib/schemas/zod";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { DataTable } from "~/components/cms/data-table";
import { Pagination } from "~/components/cms/pagination";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/form-field";
import { CONTENT_STATUSES, CONTENT_TYPES } from "~/lib/enums";
import { PAGE_SIZE, pageFromSearch } from "~/lib/pagination";
import { CONTENT_MESSAGES, contentListFilterSchema, contentStatusTone, contentTypeLabel } from "~/lib/schemas/content";
import { recordAudit } from "~/server/platform/audit.server";
import { requireAdmin, requireAdminForm } from "~/server/auth/guards.server";
import { deleteContent, listContent } from "~/server/content/content.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () => [{ title: "Content | CMS" }];

/** One page of the content list, filtered by the URL's q, type and status (SPEC.md "Content tab"). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const filter = contentListFilterSchema.parse(Object.fromEntries(searchParams));
  const page = pageFromSearch(searchParams);
  try {
    const { items, total } = await listContent(await getDb(), filter, page);
    return { items, total, page, error: null };
  } catch (error) {
    logger.error({ err: error }, "could not list content");
    return { items: [], total: 0, page, error: CONTENT_MESSAGES.fetchFailed };
  }
}

const deleteSchema = z.object({ id: z.uuid() });

type ActionResult = { ok: boolean };

/** Deleting an item (after the confirmation in the browser); saving is the editor's action. */
export async function action({ request }: Route.ActionArgs) {
  const { current, form } = await requireAdminForm(request);
  if (form.get("intent") !== "delete") return data<ActionResult>({ ok: false }, { status: 400 });
  const parsed = deleteSchema.safeParse(Object.fromEntries(form));
  const failed = (status: number) =>
    dataWithToast<ActionResult>(
      { ok: false },
      { type: "error", description: CONTENT_MESSAGES.deleteFailed },
      { status },
    );
  if (!parsed.success) return failed(400);
  try {
    const db = await getDb();
    const deleted = await deleteContent(db, parsed.data.id);
    if (!deleted) return failed(404);
    await recordAudit(db, current.user, "content.delete", "content", deleted.id, {
      title: deleted.title,
      slug: deleted.slug,
    });
    return dataWithToast<ActionResult>({ ok: true }, { type: "success", description: CONTENT_MESSAGES.deleted });
  } catch (error) {
    logger.error({ err: error }, "could not delete a content item");
    return failed(500);
  }
}

const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

export default function ContentTab() {
  const { items, total, page, error } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const id = useId();
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
            <Link to="/cms/content/new">
              <PlusIcon aria-hidden="true" />
              New Content
            </Link>
          </Button>
          <Button asChild>
            <Link to="/cms/content/new">Create New Content</Link>
          </Button>
        </div>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Filter content"
        className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-end"
      >
        <TextField
          id={`${id}-q`}
          label="Search by title or slug"
          containerClassName="grid gap-1.5"
          name="q"
          type="search"
          defaultValue={searchParams.get("q") ?? ""}
        />
        <SelectField
          id={`${id}-type`}
          label="Type"
          containerClassName="grid gap-1.5"
          name="type"
          defaultValue={searchParams.get("type") ?? ""}
          options={CONTENT_TYPES}
          optionLabel={contentTypeLabel}
        >
          <option value="">All types</option>
        </SelectField>
        <SelectField
          id={`${id}-status`}
          label="Status"
          containerClassName="grid gap-1.5"
          name="status"
          defaultValue={searchParams.get("status") ?? ""}
          options={CONTENT_STATUSES}
        >
          <option value="">All statuses</option>
        </SelectField>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            Search
          </Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link to="/cms/content">Clear</Link>
            </Button>
          ) : null}
        </div>
      </Form>

      <DataTable
        columns={["Title", "Type", "Status", "Slug", "Excerpt", "Updated"]}
        error={error}
        empty={items.length === 0}
        emptyMessage={filtered ? "No content matches these filters." : "No content yet. Create your first item."}
      >
        {items.map((item) => (
          <tr key={item.id} className="border-b align-top last:border-0">
            <td className="py-3 pr-4 font-medium">{item.title}</td>
            <td className="py-3 pr-4 whitespace-nowrap capitalize">{contentTypeLabel(item.type)}</td>
            <td className="py-3 pr-4">
              <Badge tone={contentStatusTone(item.status)}>{item.status}</Badge>
            </td>
            <td className="py-3 pr-4 font-mono text-xs">{item.slug}</td>
            <td className="max-w-xs py-3 pr-4 text-muted-foreground">
              <span className="line-clamp-2">{item.excerpt}</span>
            </td>
            <td className="py-3 pr-4 whitespace-nowrap">
              <time dateTime={new Date(item.updatedAt).toISOString()}>
                {dateTimeFormat.format(new Date(item.updatedAt))}
              </time>
            </td>
            <td className="py-3">
              <div className="flex items-center gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/cms/content/${item.id}`} aria-label={`Edit ${item.title}`}>
                    <PencilIcon aria-hidden="true" />
                  </Link>
                </Button>
                <Button asChild variant="ghost" size="sm">
                  <Link to={`/cms/content/${item.id}/preview`} aria-label={`Preview ${item.title}`}>
                    <EyeIcon aria-hidden="true" />
                  </Link>
                </Button>
                <ConfirmForm
                  fields={{ intent: "delete", id: item.id }}
                  question={CONTENT_MESSAGES.delete}
                  buttonLabel={`Delete ${item.title}`}
                >
                  <Trash2Icon aria-hidden="true" />
                </ConfirmForm>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} />
    </section>
  );
}
