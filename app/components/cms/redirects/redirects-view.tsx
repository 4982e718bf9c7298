import { useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmForm } from "~/components/cms/kit/confirm-form";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { DataTable } from "~/components/cms/kit/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/form-field";
import { timeParts } from "~/lib/text/format";
import { REDIRECT_MESSAGES } from "~/lib/schemas/redirects";
import { useCan } from "../layout/cms-layout-data";
import { useClearedOnSuccess } from "~/components/cms/kit/use-unsaved-changes";

export interface RedirectRow {
  id: string;
  fromPath: string;
  toPath: string;
  automatic: boolean;
  createdAt: string;
}

/** "Add a redirect": from an old address to a new one, both on this site. */
export function RedirectForm({
  result,
}: {
  result: { ok: boolean; errors?: Record<string, string>; values?: Record<string, string> } | undefined;
}) {
  const navigation = useNavigation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useClearedOnSuccess(formRef, result?.ok ? result : undefined);
  const errors = result?.errors ?? {};
  const values = result?.ok ? {} : (result?.values ?? {});
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Add a redirect
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Visitors and search engines asking for the old address are sent to the new one (301). Changing a published
        page&apos;s slug adds one by itself.
      </p>
      <Form ref={formRef} method="post" className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-start" noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value="create" />
        <FormAlert className="sm:col-span-3">{errors.form}</FormAlert>
        <TextField
          id={`${id}-from`}
          label="Old address"
          name="fromPath"
          placeholder="/old-page"
          error={errors.fromPath}
          defaultValue={values.fromPath}
          key={`from-${values.fromPath ?? ""}`}
        />
        <TextField
          id={`${id}-to`}
          label="New address"
          name="toPath"
          placeholder="/content/new-page"
          error={errors.toPath}
          defaultValue={values.toPath}
          key={`to-${values.toPath ?? ""}`}
        />
        <Button type="submit" disabled={busy} className="sm:mt-6">
          {busy ? "Adding..." : "Add redirect"}
        </Button>
      </Form>
    </section>
  );
}

/** Every redirect, by old address, each with a confirmed Remove. */
export function RedirectsTable({ redirects, error }: { redirects: readonly RedirectRow[]; error: string | null }) {
  const canEdit = useCan("redirects.edit");
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby="redirects-heading">
      <h2 id="redirects-heading" className="text-lg font-semibold">
        Redirects ({redirects.length})
      </h2>
      <DataTable
        label="Redirects"
        columns={["Old address", "New address", "Added", "Since"]}
        error={error}
        empty={redirects.length === 0}
        emptyMessage="No redirects yet."
      >
        {redirects.map((row) => {
          const since = timeParts(row.createdAt, "dateTime");
          return (
            <tr key={row.id} className="border-b align-middle last:border-0">
              <td className="py-3 pr-4 font-mono text-xs break-all">{row.fromPath}</td>
              <td className="py-3 pr-4 font-mono text-xs break-all">{row.toPath}</td>
              <td className="py-3 pr-4">
                <Badge tone={row.automatic ? "gray" : "green"}>{row.automatic ? "Slug change" : "By hand"}</Badge>
              </td>
              <td className="py-3 pr-4 whitespace-nowrap">
                <time dateTime={since.iso}>{since.text}</time>
              </td>
              <td className="py-3">
                {canEdit ? (
                  <ConfirmForm
                    fields={{ intent: "delete", id: row.id }}
                    question={REDIRECT_MESSAGES.delete}
                    confirmLabel="Remove"
                    buttonLabel={`Remove the redirect from ${row.fromPath}`}
                  />
                ) : null}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
