import { SearchIcon } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/form-field";
import { SUBMISSION_KIND_LABELS, SUBMISSION_KINDS, type SubmissionKind } from "~/lib/contact/submissions";

/**
 * The Submissions tab's search (name, e-mail, subject and message) and its kind and job filters: a GET form,
 * so the address holds them and it works without JavaScript. The status filter's choice is kept.
 */
export function SubmissionFilters({
  filters,
  jobs,
}: {
  filters: { q: string; kind: SubmissionKind | null; job: string | null };
  jobs: readonly { job: string; count: number }[];
}) {
  const [searchParams] = useSearchParams();
  const status = searchParams.get("status");
  const filtered = Boolean(filters.q || filters.kind || filters.job);
  return (
    <Form
      // Drawn afresh when the address changes (Clear, a link), so the fields show what is applied.
      key={`${filters.q}|${filters.kind ?? ""}|${filters.job ?? ""}`}
      method="get"
      role="search"
      aria-label="Search submissions"
      className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <TextField
        id="submission-q"
        label="Search name, e-mail, subject or message"
        containerClassName="grid gap-1.5"
        name="q"
        type="search"
        defaultValue={filters.q}
      />
      <SelectField
        id="submission-kind"
        label="Kind"
        containerClassName="grid gap-1.5"
        name="kind"
        defaultValue={filters.kind ?? ""}
        options={SUBMISSION_KINDS}
        optionLabel={(kind) => SUBMISSION_KIND_LABELS[kind]}
      >
        <option value="">All kinds</option>
      </SelectField>
      <SelectField
        id="submission-job"
        label="Job"
        containerClassName="grid gap-1.5"
        name="job"
        defaultValue={filters.job ?? ""}
        options={jobs.map((entry) => entry.job)}
        optionLabel={(job) => `${jobLabel(job)} (${jobs.find((entry) => entry.job === job)?.count ?? 0})`}
      >
        <option value="">All jobs</option>
      </SelectField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary">
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
        {filtered ? (
          <Button asChild variant="ghost">
            <Link to={status ? `?status=${status}` : "/cms/submissions"}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** An application stored before jobs were recorded may name none. */
export function jobLabel(job: string): string {
  return job.trim() || "Job not named";
}
