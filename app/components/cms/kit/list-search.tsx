import { SearchIcon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";

/**
 * The Careers and Courses lists' search (search covers the body text): a GET form, so
 * the address holds the query and it works without JavaScript.
 */
export function ListSearch({ id, label, query }: { id: string; label: string; query: string }) {
  return (
    <Form method="get" role="search" aria-label={label} className="mt-4 flex flex-wrap items-end gap-3">
      <TextField
        id={`${id}-q`}
        label={label}
        containerClassName="grid min-w-60 flex-1 gap-1.5"
        name="q"
        type="search"
        defaultValue={query}
      />
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}
