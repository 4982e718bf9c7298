import { EyeIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmForm } from "~/components/cms/kit/confirm-form";
import { DataTable } from "~/components/cms/kit/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/form-field";
import { CONTENT_STATUSES, CONTENT_TYPES } from "~/lib/enums";
import { timeParts } from "~/lib/text/format";
import { CONTENT_MESSAGES, contentStatusTone, contentTypeLabel } from "~/lib/schemas/content";
import { TRASH_RETENTION_DAYS } from "~/lib/cms/trash";
import { cn } from "~/lib/utils";
import { BulkActionBar, SelectAllCheckbox, SelectRowCell, useRowSelection, type BulkAction } from "../kit/bulk-actions";
import { useCan } from "../layout/cms-layout-data";

/** The Content tab's search: title, slug or body text, type and status, as the URL's q, type and status. */
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
        label="Search title, slug or text"
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

const BULK_FORM_ID = "content-bulk-actions";

const BULK_ACTIONS: readonly BulkAction[] = [
  { value: "publish", label: "Publish" },
  { value: "unpublish", label: "Unpublish" },
  {
    value: "delete",
    label: "Delete",
    confirm: {
      question: "Move the selected content to the trash?",
      description: `They leave the site at once. You can restore them from the trash for ${TRASH_RETENTION_DAYS} days.`,
      confirmLabel: "Move to trash",
    },
  },
];

/**
 * The Content tab's list: one row per item, with edit, preview and (confirmed) delete, and a
 * checkbox per row for the bulk actions above it.
 */
export function ContentTable({
  items,
  error,
  filtered,
}: {
  items: readonly ContentRow[];
  error: string | null;
  filtered: boolean;
}) {
  const selection = useRowSelection(items.map((item) => item.id));
  // A role that may only read the content (support) gets the list without its forms.
  const canEdit = useCan("content.edit");
  return (
    <>
      {canEdit && items.length > 0 && !error ? (
        <BulkActionBar formId={BULK_FORM_ID} actions={BULK_ACTIONS} selection={selection} />
      ) : null}
      <DataTable
        label="Content"
        columns={["Title", "Type", "Status", "Slug", "Excerpt", "Updated"]}
        firstColumn={canEdit && <SelectAllCheckbox selection={selection} />}
        error={error}
        empty={items.length === 0}
        emptyMessage={filtered ? "No content matches these filters." : "No content yet. Create your first item."}
      >
        {items.map((item) => (
          <ContentTableRow
            key={item.id}
            item={item}
            selected={selection.selected.has(item.id)}
            onSelect={(on) => selection.toggle(item.id, on)}
            canEdit={canEdit}
          />
        ))}
      </DataTable>
    </>
  );
}

function ContentTableRow({
  item,
  selected,
  onSelect,
  canEdit,
}: {
  item: ContentRow;
  selected: boolean;
  onSelect: (on: boolean) => void;
  canEdit: boolean;
}) {
  return (
    <tr className={cn("border-b align-top last:border-0", selected && "bg-muted")}>
      {canEdit ? (
        <SelectRowCell
          formId={BULK_FORM_ID}
          id={item.id}
          label={`Select ${item.title}`}
          checked={selected}
          onChange={onSelect}
        />
      ) : null}
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
          {canEdit ? (
            <Button asChild variant="outline" size="sm">
              <Link to={`/cms/content/${item.id}`} aria-label={`Edit ${item.title}`}>
                <PencilIcon aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="ghost" size="sm">
            <Link to={`/cms/content/${item.id}/preview`} aria-label={`Preview ${item.title}`}>
              <EyeIcon aria-hidden="true" />
            </Link>
          </Button>
          {canEdit ? (
            <ConfirmForm
              fields={{ intent: "delete", id: item.id }}
              question={CONTENT_MESSAGES.delete}
              description={`It leaves the site at once. You can restore it from the trash for ${TRASH_RETENTION_DAYS} days.`}
              buttonLabel={`Delete ${item.title}`}
            >
              <Trash2Icon aria-hidden="true" />
            </ConfirmForm>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function UpdatedAt({ value }: { value: Date | string }) {
  const when = timeParts(value, "dateTime");
  return <time dateTime={when.iso}>{when.text}</time>;
}
