import { Trash2Icon } from "lucide-react";
import type * as React from "react";
import { useEffect, useId, useRef, useState } from "react";
import { data, useFetcher, useLoaderData } from "react-router";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { CsrfInput } from "~/components/cms/csrf-input";
import { TabPanel } from "~/components/cms/tab-panel";
import { useCloseOnSuccess } from "~/components/cms/use-close-on-success";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SelectField, SelectOptions, TextareaField, TextField } from "~/components/ui/form-field";
import { FieldError, Input, Label, NativeSelect, Textarea } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { SETTING_TYPES } from "~/lib/enums";
import { fieldErrors } from "~/lib/schemas/auth";
import { deleteSettingSchema, newSettingSchema, updateSettingSchema } from "~/lib/schemas/site-settings";
import { recordAudit } from "~/server/platform/audit.server";
import { requireAdmin, requireAdminForm } from "~/server/auth/guards.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { createSetting, deleteSetting, listSettings, updateSettingValue } from "~/server/content/site-settings.server";
import { dataWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/settings";
import { ExpectedError } from "~/server/platform/errors.server";

export const meta: Route.MetaFunction = () => [{ title: "Site Settings | CMS" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { settings: await listSettings(await getDb()), error: null };
  } catch (error) {
    // SPEC.md section 8: a fetch failure empties the list and keeps the error message.
    logger.error({ err: error }, "could not load site settings");
    return { settings: [], error: "Failed to fetch settings." };
  }
}

type ActionResult = { ok: boolean; intent: string; settingKey?: string; errors?: Record<string, string> };

const FAILED = {
  create: "Failed to create setting.",
  update: "Failed to update setting.",
  delete: "Failed to delete setting.",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const { current, form } = await requireAdminForm(request);
  const actor = current.user;
  const values = Object.fromEntries(form);
  const intent = String(form.get("intent") ?? "");
  if (intent !== "create" && intent !== "update" && intent !== "delete") {
    return data<ActionResult>({ ok: false, intent, errors: { form: "Unknown action." } }, { status: 400 });
  }
  const settingKey = typeof values.settingKey === "string" ? values.settingKey.trim() : undefined;
  // A refused change answers 200 with ok: false: React Router does not revalidate the loaders after
  // an action's 4xx/5xx, and the root loader is what shows the error toast.
  const failed = (errors: Record<string, string>) =>
    dataWithToast<ActionResult>(
      { ok: false, intent, settingKey, errors },
      { type: "error", title: "Error", description: FAILED[intent] },
    );

  try {
    const db = await getDb();
    switch (intent) {
      case "create": {
        const parsed = newSettingSchema.safeParse(values);
        if (!parsed.success) return failed(fieldErrors(parsed.error));
        const setting = await createSetting(db, parsed.data);
        await recordAudit(db, actor, "site_setting.create", "site_settings", setting.id, {
          settingKey: setting.settingKey,
          settingType: setting.settingType,
          isPublic: setting.isPublic,
          // A private setting's value may be sensitive: the log says that it changed, not what to.
          ...(setting.isPublic ? { settingValue: setting.settingValue } : {}),
        });
        return dataWithToast<ActionResult>(
          { ok: true, intent, settingKey: setting.settingKey },
          { type: "success", title: "Setting created", description: "New setting has been created successfully." },
        );
      }
      case "update": {
        const parsed = updateSettingSchema.safeParse(values);
        if (!parsed.success) return failed(fieldErrors(parsed.error));
        const setting = await updateSettingValue(db, parsed.data.settingKey, parsed.data.settingValue);
        await recordAudit(db, actor, "site_setting.update", "site_settings", setting.id, {
          settingKey: setting.settingKey,
          ...(setting.isPublic ? { settingValue: setting.settingValue } : {}),
        });
        return dataWithToast<ActionResult>(
          { ok: true, intent, settingKey: setting.settingKey },
          {
            type: "success",
            title: "Setting updated",
            description: `${setting.settingKey} has been updated successfully.`,
          },
        );
      }
      case "delete": {
        const parsed = deleteSettingSchema.safeParse(values);
        if (!parsed.success) return failed({ form: "Setting not found." });
        const setting = await deleteSetting(db, parsed.data.settingKey);
        await recordAudit(db, actor, "site_setting.delete", "site_settings", setting.id, {
          settingKey: setting.settingKey,
        });
        return dataWithToast<ActionResult>(
          { ok: true, intent, settingKey: setting.settingKey },
          { type: "success", title: "Setting deleted", description: `${setting.settingKey} has been deleted.` },
        );
      }
    }
  } catch (error) {
    if (error instanceof ExpectedError) {
      // A duplicate key is the key's problem; anything else the value's.
      const field = intent === "create" && error.message.includes("already exists") ? "settingKey" : "settingValue";
      return failed({ [field]: error.message });
    }
    logger.error({ err: error, intent }, "site setting change failed");
    return failed({ form: FAILED[intent] });
  }
}

type SettingRow = Awaited<ReturnType<typeof loader>>["settings"][number];

export default function SiteSettingsTab() {
  const { settings, error } = useLoaderData<typeof loader>();
  return (
    <TabPanel
      title="Site Settings"
      addLabel="Add Setting"
      renderAddForm={(close) => <NewSettingForm onDone={close} />}
      error={error}
      count={settings.length}
      emptyMessage="No settings yet. Add your first setting."
      listLabel="Settings"
    >
      {settings.map((setting) => (
        <SettingCard key={setting.id} setting={setting} />
      ))}
    </TabPanel>
  );
}

const INPUT_MODES: Partial<Record<string, React.HTMLAttributes<HTMLInputElement>["inputMode"]>> = {
  number: "decimal",
  email: "email",
  url: "url",
  phone: "tel",
};

function SettingCard({ setting }: { setting: SettingRow }) {
  const fetcher = useFetcher<typeof action>();
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
  const headingId = `${id}-key`;
  const describedBy = [setting.description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  const common = {
    id: `${id}-value`,
    ref: controlRef,
    name: "settingValue",
    value: draft,
    "aria-labelledby": headingId,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": error ? true : undefined,
  } as const;

  let control: React.ReactNode;
  if (setting.settingType === "textarea" || setting.settingType === "json") {
    control = (
      <Textarea
        {...common}
        rows={setting.settingType === "json" ? 6 : 3}
        spellCheck={setting.settingType !== "json"}
        className={setting.settingType === "json" ? "font-mono text-xs" : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
    );
  } else if (setting.settingType === "boolean") {
    const options = ["true", "false"];
    if (!options.includes(setting.settingValue)) options.unshift(setting.settingValue);
    control = (
      <NativeSelect {...common} onChange={(event) => setDraft(event.target.value)}>
        <SelectOptions values={options} />
      </NativeSelect>
    );
  } else {
    control = (
      <Input
        {...common}
        type="text"
        inputMode={INPUT_MODES[setting.settingType]}
        onChange={(event) => setDraft(event.target.value)}
      />
    );
  }

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
        >
          <Trash2Icon aria-hidden="true" />
        </ConfirmForm>
      </div>
      <fetcher.Form method="post" noValidate className="flex flex-wrap items-start gap-2">
        <CsrfInput />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="settingKey" value={setting.settingKey} />
        <div className="grid min-w-0 flex-1 gap-1">
          {control}
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

function NewSettingForm({ onDone }: { onDone: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useCloseOnSuccess(fetcher, onDone);
  const id = useId();
  const [isPublic, setIsPublic] = useState(true);
  const errors = fetcher.data?.ok === false ? (fetcher.data.errors ?? {}) : {};
  const busy = fetcher.state !== "idle";
  const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors[name] });

  return (
    <fetcher.Form method="post" noValidate className="grid gap-4 rounded-lg border p-4">
      <h3 className="font-semibold">New setting</h3>
      <CsrfInput />
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="isPublic" value={isPublic ? "true" : "false"} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field("settingKey")}
          label="Setting Key"
          required
          autoComplete="off"
          placeholder="e.g. company_name"
        />
        <SelectField {...field("settingType")} label="Type" defaultValue="text" options={SETTING_TYPES} />
      </div>
      <TextareaField {...field("settingValue")} label="Setting Value" rows={2} />
      <TextareaField {...field("description")} label="Description" rows={2} />
      <div className="flex items-center gap-3">
        <Switch id={`${id}-public`} checked={isPublic} onCheckedChange={setIsPublic} />
        <Label htmlFor={`${id}-public`}>Public (shown on the public site)</Label>
      </div>
      <FieldError id={`${id}-form-error`}>{errors.form}</FieldError>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Creating..." : "Create Setting"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}
