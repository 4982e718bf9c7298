import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/form-field";
import { cn } from "~/lib/utils";
import type { DateRangeView } from "./dashboard-data";

/**
 * The date range, kept in the address so a view can be shared and reloaded: preset links, and a
 * GET form with two London days (works without JavaScript). `path` is the page the range applies to.
 */
export function DateRangePicker({
  range,
  path,
  hidden = {},
}: {
  range: DateRangeView;
  path: string;
  /** Other filters of the page, kept when the range changes. */
  hidden?: Record<string, string>;
}) {
  return (
    <div className="grid gap-3">
      <nav aria-label="Date range presets">
        <ul className="flex flex-wrap gap-2">
          {range.presets.map((preset) => {
            const current = range.preset === preset.id;
            return (
              <li key={preset.id}>
                <Link
                  to={`${path}?${new URLSearchParams({ ...hidden, range: preset.id }).toString()}`}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "inline-flex rounded-md border px-3 py-1.5 text-sm font-medium",
                    current ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
                  )}
                >
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" action={path} aria-label="Custom date range" className="flex flex-wrap items-end gap-3">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextField
          id="range-from"
          label="From"
          name="from"
          type="date"
          defaultValue={range.from}
          containerClassName="grid gap-1.5"
          invalid={Boolean(range.error)}
        />
        <TextField
          id="range-to"
          label="To"
          name="to"
          type="date"
          defaultValue={range.to}
          containerClassName="grid gap-1.5"
          invalid={Boolean(range.error)}
        />
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      <FormAlert>{range.error}</FormAlert>
    </div>
  );
}
