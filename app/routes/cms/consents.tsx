import { useLoaderData } from "react-router";
import { ConsentLog } from "~/components/cms/consents/consent-log";
import { requirePermission } from "~/server/auth/guards.server";
import { loadConsentLog } from "./consents.server";
import type { Route } from "./+types/consents";

/**
 * The cookie consent log, for administrators: the records of visitors' cookie choices,
 * searched by a visitor's consent id and by date, and exported as CSV as proof of consent. It only
 * reads: the records are written by the public cookie banner (/api/cookie-consent).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "consents.view");
  return loadConsentLog(request);
}

export default function ConsentsPage() {
  return <ConsentLog {...useLoaderData<typeof loader>()} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Consent log | CMS" }];
