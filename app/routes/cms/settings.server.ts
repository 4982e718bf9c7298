/**
 * The CMS Site Settings tab's server side (routes/cms/settings.tsx): its list, and its action's
 * intents "create", "update" and "delete", with the spec's toasts (SPEC.md section 8, "Settings").
 */
import { deleteSettingSchema, newSettingSchema, updateSettingSchema } from "~/lib/schemas/site-settings";
import { createSetting, deleteSetting, listSettings, updateSettingValue } from "~/server/content/site-settings.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { actionSucceeded, invalidInput, readCmsList, runCmsAction, unknownIntent } from "./cms-action.server";

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

export function settingsAction(request: Request) {
  const failureMessage = (intent: string) => FAILED[intent] ?? "";
  return runCmsAction(
    request,
    { permission: "settings.edit", failureMessage, ...ERROR_TOASTS },
    async ({ current, values, intent, db }) => {
      const refused = (error: Parameters<typeof invalidInput>[0]) =>
        invalidInput(error, failureMessage(intent), { intent, title: ERROR_TOASTS.errorTitle });
      switch (intent) {
        case "create": {
          const parsed = newSettingSchema.safeParse(values);
          if (!parsed.success) return refused(parsed.error);
          await createSetting(db, current.user, parsed.data);
          return actionSucceeded(intent, {
            title: "Setting created",
            description: "New setting has been created successfully.",
          });
        }
        case "update": {
          const parsed = updateSettingSchema.safeParse(values);
          if (!parsed.success) return refused(parsed.error);
          const setting = await updateSettingValue(db, current.user, parsed.data.settingKey, parsed.data.settingValue);
          return actionSucceeded(intent, {
            title: "Setting updated",
            description: `${setting.settingKey} has been updated successfully.`,
          });
        }
        case "delete": {
          const parsed = deleteSettingSchema.safeParse(values);
          if (!parsed.success) throw new ExpectedError("Setting not found.", { status: 404 });
          const setting = await deleteSetting(db, current.user, parsed.data.settingKey);
          return actionSucceeded(intent, {
            title: "Setting deleted",
            description: `${setting.settingKey} has been deleted.`,
          });
        }
        default:
          return unknownIntent(intent);
      }
    },
  );
}
