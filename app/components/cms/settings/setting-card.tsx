/**
 * The cards and the add form of the CMS Site Settings tab (routes/cms/settings.tsx): each setting's
 * key, visibility, type and description, its value with a Save button that shows only once the
 * value changed, and Delete.
 */
import type * as React from "react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { NewCardForm } from "~/components/cms/kit/card-list";
import { ConfirmForm } from "~/components/cms/kit/confirm-form";
import { CsrfInput } from "~/components/cms/kit/csrf-input";
import { SwitchField } from "~/components/cms/kit/switch-field";
import type { CmsFormAnswer } from "~/components/cms/kit/use-close-on-success";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectField, SelectOptions, TextareaField, TextField } from "~/components/ui/form-field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { SETTING_TYPES } from "~/lib/enums";
import { SETTING_KEYS } from "~/lib/site/site-setting-keys";
import { useSaveShortcut } from "../kit/use-save-shortcut";
import { useUnsavedChanges } from "../kit/use-unsaved-changes";

/** A setting as its card shows it. */
export interface SettingItem {
  id: string;
  settingKey: string;
  settingValue: string;
  settingType: string;
  description: string | null;
  isPublic: boolean;
}

const INPUT_MODES: Partial<Record<string, React.HTMLAttributes<HTMLInputElement>["inputMode"]>> = {
  number: "decimal",
  email: "email",
  url: "url",
  phone: "tel",
};

type ValueControlProps = {
  id: string;
  ref: React.Ref<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>;
  name: string;
  value: string;
  "aria-labelledby": string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
  onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
};

/** The control that fits the setting's type: a text area, a true/false list, or a one-line field. */
function SettingValueControl({ setting, ...common }: ValueControlProps & { setting: SettingItem }) {
  if (setting.settingType === "textarea" || setting.settingType === "json") {
    const json = setting.settingType === "json";
    return (
      <Textarea
        {...common}
        rows={json ? 6 : 3}
        spellCheck={!json}
        className={json ? "font-mono text-xs!" : undefined}
      />
    );
  }
  if (setting.settingType === "boolean") {
    const options = ["true", "false"];
    if (!options.includes(setting.settingValue)) options.unshift(setting.settingValue);
    return (
      <NativeSelect {...common}>
        <SelectOptions values={options} />
      </NativeSelect>
    );
  }
  return <Input {...common} type="text" inputMode={INPUT_MODES[setting.settingType]} />;
}

export function SettingCard({ setting }: { setting: SettingItem }) {
  const fetcher = useFetcher<CmsFormAnswer>();
  const id = useId();
  const [draft, setDraft] = useState(setting.settingValue);
  // When the stored value changes (after a save), the field starts again from it.
  const [stored, setStored] = useState(setting.settingValue);
  if (stored !== setting.settingValue) {
    setStored(setting.settingValue);
    setDraft(setting.settingValue);
  }
  const changed = draft !== setting.settingValue;
  // The Save button disappears after a save: keep the keyboard user's place on the value.
  const controlRef = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) controlRef.current?.focus();
  }, [fetcher.state, fetcher.data]);
  const error =
    fetcher.data?.ok === false ? (fetcher.data.errors?.settingValue ?? fetcher.data.errors?.form) : undefined;
  const busy = fetcher.state !== "idle";
  // Ask before leaving with an unsaved value; Ctrl/Cmd+S saves it.
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef, setting.settingValue);
  useSaveShortcut(formRef);
  const headingId = `${id}-key`;
  const describedBy = [setting.description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");

  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-mono text-sm font-semibold">
              {setting.settingKey}
            </h3>
            <Badge tone={setting.isPublic ? "green" : "yellow"}>{setting.isPublic ? "Public" : "Private"}</Badge>
            <Badge tone="outline">{setting.settingType}</Badge>
          </div>
          {setting.description ? (
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {setting.description}
            </p>
          ) : null}
        </div>
        <ConfirmForm
          fields={{ intent: "delete", settingKey: setting.settingKey }}
          question="Are you sure you want to delete this setting?"
          buttonLabel={`Delete ${setting.settingKey}`}
          variant="ghost"
        />
      </div>
      <fetcher.Form ref={formRef} method="post" noValidate className="flex flex-wrap items-start gap-2">
        <CsrfInput />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="settingKey" value={setting.settingKey} />
        <div className="grid min-w-0 flex-1 gap-1">
          <SettingValueControl
            setting={setting}
            id={`${id}-value`}
            ref={controlRef}
            name="settingValue"
            value={draft}
            aria-labelledby={headingId}
            aria-describedby={describedBy || undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
        {changed ? (
          <Button type="submit" disabled={busy} aria-label={`Save ${setting.settingKey}`}>
            {busy ? "Saving..." : "Save"}
          </Button>
        ) : null}
      </fetcher.Form>
    </li>
  );
}

export function NewSettingForm({ onDone }: { onDone: () => void }) {
  return (
    <NewCardForm heading="New setting" createLabel="Create Setting" onDone={onDone}>
      {({ id, errors }) => {
        const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors[name] });
        return (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                {...field("settingKey")}
                label="Setting Key"
                required
                autoComplete="off"
                placeholder={`e.g. ${SETTING_KEYS.companyName}`}
              />
              <SelectField {...field("settingType")} label="Type" defaultValue="text" options={SETTING_TYPES} />
            </div>
            <TextareaField {...field("settingValue")} label="Setting Value" rows={2} />
            <TextareaField {...field("description")} label="Description" rows={2} />
            <SwitchField id={`${id}-public`} name="isPublic" label="Public (shown on the public site)" defaultChecked />
          </>
        );
      }}
    </NewCardForm>
  );
}
