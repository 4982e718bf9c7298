import { DownloadIcon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextField } from "~/components/ui/form-field";
import type { AuditFiltersView } from "./audit-data";

/** The history's filters: a GET form (the address holds them; works without JavaScript), and the CSV of the same selection. */
export function AuditFilters({ filters, exportHref }: { filters: AuditFiltersView; exportHref: string }) {
  const kindLabels = Object.fromEntries(filters.kinds.map((kind) => [kind.id, kind.label]));
  return (
    <div className="mt-4 grid gap-3">
      <Form
        method="get"
        aria-label="Filter the audit log"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <SelectField
          id="audit-person"
          label="Person"
          name="person"
          defaultValue={filters.person}
          options={filters.people}
          containerClassName="grid min-w-0 gap-1.5"
        >
          <option value="">Everyone</option>
        </SelectField>
        <SelectField
          id="audit-kind"
          label="Kind of record"
          name="kind"
          defaultValue={filters.kind}
          options={filters.kinds.map((kind) => kind.id)}
          optionLabel={(id) => kindLabels[id] ?? id}
          containerClassName="grid min-w-0 gap-1.5"
        >
          <option value="">All kinds</option>
        </SelectField>
        <TextField
          id="audit-from"
          label="From"
          name="from"
          type="date"
          defaultValue={filters.from}
          invalid={Boolean(filters.error)}
          containerClassName="grid min-w-0 gap-1.5"
        />
        <TextField
          id="audit-to"
          label="To"
          name="to"
          type="date"
          defaultValue={filters.to}
          invalid={Boolean(filters.error)}
          containerClassName="grid min-w-0 gap-1.5"
        />
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      <FormAlert>{filters.error}</FormAlert>
      <p>
        {/* A file download, not a page: a plain link, so the router does not try to render it. */}
        <Button asChild variant="outline" size="sm">
          <a href={exportHref} download>
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </p>
    </div>
  );
}
