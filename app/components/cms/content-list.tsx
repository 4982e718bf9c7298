import { EyeIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { DataTable } from "~/components/cms/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/form-field";
import { CONTENT_STATUSES, CONTENT_TYPES } from "~/lib/enums";
import { timeParts } from "~/lib/format";
import { CONTENT_MESSAGES, contentStatusTone, contentTypeLabel } from "~/lib/schemas/content";

/** The Content tab's search: title or slug, type and status, as the URL's q, type and status. */
export function ContentFilters({
  id,
  searchParams,
  filtered,
}: {
  id: string;
  searchParams: URLSearchParams;
  filtered: boolean;
}) {
  return (
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
  );
}

export interface ContentRow {
  id: string;
  title: string;
  type: string;
  status: string;
  slug: string;
  excerpt: string | null;
  updatedAt: Date | string;
}

/** The Content tab's list: one row per item, with edit, preview and (confirmed) delete. */
export function ContentTable({
  items,
  error,
  filtered,
}: {
  items: readonly ContentRow[];
  error: string | null;
  filtered: boolean;
}) {
  return (
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
            <UpdatedAt value={item.updatedAt} />
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
  );
}

function UpdatedAt({ value }: { value: Date | string }) {
  const when = timeParts(value, "dateTime");
  return <time dateTime={when.iso}>{when.text}</time>;
}
