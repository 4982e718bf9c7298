import { useRouteLoaderData } from "react-router";
import type { loader as cmsLayoutLoader } from "~/routes/cms/layout";

/** The hidden anti-forgery field every CMS form carries; the CMS layout loader issued the token. */
export function CsrfInput() {
  const layout = useRouteLoaderData<typeof cmsLayoutLoader>("routes/cms/layout");
  return <input type="hidden" name="csrf" value={layout?.csrfToken ?? ""} />;
}

/** The token itself, for requests sent with a fetcher rather than a form. */
export function useCsrfToken(): string {
  return useRouteLoaderData<typeof cmsLayoutLoader>("routes/cms/layout")?.csrfToken ?? "";
}
