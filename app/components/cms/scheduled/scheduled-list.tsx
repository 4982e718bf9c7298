import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CsrfInput } from "../kit/csrf-input";
import type { PendingActionView } from "~/routes/cms/scheduled.server";
import { useCan } from "../layout/cms-layout-data";
import { ScrollBox } from "../kit/scroll-box";

/** The Scheduled view's table: what, to which item, when in London, who, and Cancel. */
export function ScheduledList({ items, error }: { items: PendingActionView[]; error: string | null }) {
  // Support reads the schedule; cancelling, and the editors the titles open, are the editors'.
  const canEdit = useCan("content.edit");
  if (error) {
    return (
      <p role="alert" className="mt-6 text-destructive">
        {error}
      </p>
    );
  }
  if (items.length === 0) return <p className="mt-6 text-muted-foreground">Nothing is scheduled.</p>;
  return (
    <ScrollBox label="Scheduled publications" className="mt-6">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b">
            <th scope="col" className="p-2">
              Item
            </th>
            <th scope="col" className="p-2">
              Action
            </th>
            <th scope="col" className="p-2">
              When
            </th>
            <th scope="col" className="p-2">
              Scheduled by
            </th>
            <th scope="col" className="p-2">
              <span className="sr-only">Cancel</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-b">
              <td className="p-2">
                {canEdit ? (
                  <Link to={item.href} className="font-medium text-primary underline underline-offset-4">
                    {item.title}
                  </Link>
                ) : (
                  <span className="font-medium">{item.title}</span>
                )}
                <span className="ml-2 text-muted-foreground">({item.kind})</span>
              </td>
              <td className="p-2">{item.action}</td>
              <td className="p-2">
                <time dateTime={item.runAt}>{item.runAtLabel}</time>
              </td>
              <td className="p-2 break-all">{item.by}</td>
              <td className="p-2">
                {canEdit ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="id" value={item.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      aria-label={`Cancel ${item.action} of ${item.title}`}
                    >
                      Cancel
                    </Button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
