import { useId } from "react";
import { useFetcher } from "react-router";
import { SelectOptions } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { CONTACT_STATUSES, type ContactStatus } from "~/lib/enums";
import { cn } from "~/lib/utils";
import { useCsrfToken } from "../kit/csrf-input";
import { CONTACT_STATUS_STYLE } from "../kit/list-statuses";

/** The inline status selector: a change is saved at once; the list and panel then reload. */
export function StatusSelect({
  id,
  status,
  label,
  hideLabel = false,
}: {
  id: string;
  status: ContactStatus;
  label: string;
  hideLabel?: boolean;
}) {
  const fetcher = useFetcher();
  const csrf = useCsrfToken();
  const selectId = useId();
  // While the change is on its way, show the chosen value; afterwards, what the server holds.
  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : status;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <Label htmlFor={selectId} className={cn(hideLabel && "sr-only")}>
        {label}
      </Label>
      <NativeSelect
        id={selectId}
        name="status"
        value={value}
        className="w-36!"
        onChange={(event) => void fetcher.submit(event.currentTarget.form)}
      >
        <SelectOptions values={CONTACT_STATUSES} label={(option) => CONTACT_STATUS_STYLE.labels[option]} />
      </NativeSelect>
    </fetcher.Form>
  );
}
