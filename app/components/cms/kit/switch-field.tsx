import { useState } from "react";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";

/** A labelled on/off switch for a CMS form, sent as `name` = "true" or "false" in a hidden field. */
export function SwitchField({
  id,
  name,
  label,
  defaultChecked,
}: {
  id: string;
  name: string;
  label: string;
  defaultChecked: boolean;
}) {
  const [checked, setChecked] = useState(defaultChecked);
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={checked} onCheckedChange={setChecked} />
      <Label htmlFor={id}>{label}</Label>
      <input type="hidden" name={name} value={checked ? "true" : "false"} />
    </div>
  );
}
