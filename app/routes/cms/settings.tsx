/**
 * The CMS Site Settings tab (/cms/settings; SPEC.md sections 2 and 7): every setting by key as a
 * card whose value is edited in place, with add and delete. The action lives in settings.server.ts;
 * the cards and the add form in components/cms/settings/setting-card.tsx.
 */
import { useLoaderData } from "react-router";
import { CardListTab } from "~/components/cms/kit/card-list";
import { NewSettingForm, SettingCard } from "~/components/cms/settings/setting-card";
import { requirePermission } from "~/server/auth/guards.server";
import type { Route } from "./+types/settings";
import { settingsAction, settingsView } from "./settings.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "settings.view");
  return settingsView();
}

export function action({ request }: Route.ActionArgs) {
  return settingsAction(request);
}

export default function SiteSettingsTab() {
  const { settings, error } = useLoaderData<typeof loader>();
  return (
    <CardListTab
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
    </CardListTab>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Site Settings | CMS" }];
