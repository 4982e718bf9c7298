/**
 * The consent log: the search (a record's id, a range of London days), the records it
 * finds with the version of the cookie policy each was made under, and the CSV export of exactly
 * those records. The search is a GET form, so the address holds it and it works without JavaScript.
 */
import { DownloadIcon, SearchIcon } from "lucide-react";
import { Form } from "react-router";
import { DataTable } from "~/components/cms/kit/data-table";
import { Time } from "~/components/cms/kit/detail-panel";
import { Pagination } from "~/components/cms/kit/pagination";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { PAGE_SIZE } from "~/lib/cms/pagination";
import type { ConsentRowView } from "~/routes/cms/consents.server";

export interface ConsentLogProps {
  typed: { id: string; from: string; to: string };
  errors: Partial<Record<"id" | "from" | "to", string>>;
  page: number;
  total: number;
  totalText: string;
  exportHref: string;
  error: string | null;
  consents: readonly ConsentRowView[];
}

const onOff = (value: boolean) => (value ? "On" : "Off");

export function ConsentLog({ typed, errors, page, total, totalText, exportHref, error, consents }: ConsentLogProps) {
  const searched = Boolean(typed.id || typed.from || typed.to);
  const invalid = Object.keys(errors).length > 0;
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby="consents-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="consents-heading" className="text-lg font-semibold">
          Consent log ({totalText})
        </h2>
        {invalid ? null : (
          <a
            href={exportHref}
            download
            className="inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent"
          >
            <DownloadIcon aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        )}
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        Every cookie choice visitors made, with the version of the cookie policy it was made under. Visitors see their
        consent ID in the cookie settings; search by it, or by the days it was recorded (London time).
      </p>
      <Form method="get" role="search" aria-label="Search the consent log" className="mt-4 grid gap-3 sm:grid-cols-3">
        <TextField
          id="consent-id"
          name="id"
          label="Consent ID"
          defaultValue={typed.id}
          error={errors.id}
          autoComplete="off"
          spellCheck={false}
          containerClassName="grid gap-1.5 sm:col-span-3"
        />
        <TextField
          id="consent-from"
          name="from"
          type="date"
          label="From"
          defaultValue={typed.from}
          error={errors.from}
          containerClassName="grid gap-1.5"
        />
        <TextField
          id="consent-to"
          name="to"
          type="date"
          label="To"
          defaultValue={typed.to}
          error={errors.to}
          containerClassName="grid gap-1.5"
        />
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit" variant="outline">
            <SearchIcon aria-hidden="true" />
            Search
          </Button>
          {searched ? (
            <a
              href="/cms/consents"
              className="inline-flex h-9 items-center px-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Clear search
            </a>
          ) : null}
        </div>
      </Form>
      <DataTable
        label="Consent records"
        columns={["Consent ID", "Recorded", "Choice", "Functional", "Performance", "Targeting"]}
        lastColumn="Policy version"
        error={error}
        empty={consents.length === 0}
        emptyMessage={searched ? "No consent records match this search." : "No consent records yet."}
        footer={<Pagination page={page} total={total} pageSize={PAGE_SIZE} />}
      >
        {consents.map((consent) => (
          <tr key={consent.id} className="border-b last:border-0">
            <td className="py-3 pr-4 font-mono text-xs break-all">{consent.id}</td>
            <td className="py-3 pr-4 whitespace-nowrap">
              <Time value={consent.recorded} />
            </td>
            <td className="py-3 pr-4">{consent.choice}</td>
            <td className="py-3 pr-4">{onOff(consent.functional)}</td>
            <td className="py-3 pr-4">{onOff(consent.performance)}</td>
            <td className="py-3 pr-4">{onOff(consent.targeting)}</td>
            <td className="py-3 font-mono text-xs whitespace-nowrap">{consent.policyVersion}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
