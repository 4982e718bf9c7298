/**
 * The CMS Site Settings tab's server side (routes/cms/settings.tsx): its list, and its action's
 * intents "create", "update" and "delete", with the spec's toasts (SPEC.md section 8, "Settings").
 */
import { deleteSettingSchema, newSettingSchema, updateSettingSchema } from "~/lib/schemas/site-settings";
import { createSetting, deleteSetting, listSettings, updateSettingValue } from "~/server/content/site-settings.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { actionSucceeded, invalidInput, runCmsAction, type IntentHandlers } from "./cms-action.server";
import { readCmsList } from "./list-tab.server";

/** Every setting, public and private, by key; a fetch failure empties the list and keeps the message (SPEC.md section 8). */
export async function settingsView() {
  const { items: settings, error } = await readCmsList(listSettings, "Failed to fetch settings.");
  return { settings, error };
}

const FAILED: Record<string, string> = {
  create: "Failed to create setting.",
  update: "Failed to update setting.",
  delete: "Failed to delete setting.",
};

/** Every error toast is titled "Error" and says the intent's "Failed to … setting."; a field's own message stays on it. */
const ERROR_TOASTS = { errorTitle: "Error", failureToastForRefusals: true } as const;

const failureMessage = (intent: string) => FAILED[intent] ?? "";

/** A refused form: 400, each field's message, and the intent's "Failed to … setting." toast. */
const refused = (intent: string, error: Parameters<typeof invalidInput>[0]) =>
  invalidInput(error, failureMessage(intent), { intent, title: ERROR_TOASTS.errorTitle });

/** The Settings tab's intents, each with its handler. */
export const settingsIntents = {
  create: async ({ current, values, db }) => {
    const parsed = newSettingSchema.safeParse(values);
    if (!parsed.success) return refused("create", parsed.error);
    await createSetting(db, current.user, parsed.data);
    return actionSucceeded("create", {
      title: "Setting created",
      description: "New setting has been created successfully.",
    });
  },
  update: async ({ current, values, db }) => {
    const parsed = updateSettingSchema.safeParse(values);
    if (!parsed.success) return refused("update", parsed.error);
    const setting = await updateSettingValue(db, current.user, parsed.data.settingKey, parsed.data.settingValue);
    return actionSucceeded("update", {
      title: "Setting updated",
      description: `${setting.settingKey} has been updated successfully.`,
    });
  },
  delete: async ({ current, values, db }) => {
    const parsed = deleteSettingSchema.safeParse(values);
    if (!parsed.success) throw new ExpectedError("Setting not found.", { status: 404 });
    const setting = await deleteSetting(db, current.user, parsed.data.settingKey);
    return actionSucceeded("delete", {
      title: "Setting deleted",
      description: `${setting.settingKey} has been deleted.`,
    });
  },
} satisfies IntentHandlers;

export function settingsAction(request: Request) {
  return runCmsAction(request, { permission: "settings.edit", failureMessage, ...ERROR_TOASTS }, settingsIntents);
}
