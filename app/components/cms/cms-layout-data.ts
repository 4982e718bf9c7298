import { useRouteLoaderData } from "react-router";

/** What the CMS layout's loader (routes/cms/layout.tsx) gives every page of /cms. */
export interface CmsLayoutData {
  /** Who is signed in, or null for the sign-in card. */
  user: { email: string; role: string; isAdmin: boolean } | null;
  /** The anti-forgery token every CMS form carries. */
  csrfToken: string;
  /** True while no administrator exists: /cms shows the first-run set-up. */
  setupNeeded: boolean;
}

export const CMS_LAYOUT_ROUTE_ID = "routes/cms/layout";

/** The CMS layout's data, from any page under /cms (undefined elsewhere). */
export function useCmsLayoutData(): CmsLayoutData | undefined {
  return useRouteLoaderData<CmsLayoutData>(CMS_LAYOUT_ROUTE_ID);
}
