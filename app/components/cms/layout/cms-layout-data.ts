import { useRouteLoaderData } from "react-router";
import type { Permission } from "~/lib/auth/permissions";

/** Failed sign-ins since the user's last visit: how many, and when (ISO) and from where the latest. */
export interface FailedSignInsNotice {
  count: number;
  lastAt: string;
  lastFrom: string | null;
}

/** What the CMS layout's loader (routes/cms/layout.tsx) gives every page of /cms. */
export interface CmsLayoutData {
  /** Who is signed in, or null for the sign-in card. */
  user: {
    email: string;
    role: string;
    /** What the user's role may do (app/lib/auth/permissions.ts): the tab bar and the buttons read it. */
    permissions: Permission[];
    /** Wrong passwords given for this account before this session began, if any. */
    failedSignIns: FailedSignInsNotice | null;
    /** The account was taken back while passkeys or an authenticator app remain: the account page offers to remove them. */
    securityReview: boolean;
  } | null;
  /** The anti-forgery token every CMS form carries. */
  csrfToken: string;
  /** True while no administrator exists: /cms shows the first-run set-up. */
  setupNeeded: boolean;
  /** Submissions nobody has opened yet, for the Contact Submissions tab (null: not counted). */
  unreadSubmissions?: number | null;
}

export const CMS_LAYOUT_ROUTE_ID = "routes/cms/layout";

/**
 * Whether the signed-in user's role holds this permission, for a screen deciding what to show
 * (the server checks again on every request; hiding is only so nobody meets a button that fails).
 */
export function useCan(permission: Permission): boolean {
  return useCmsLayoutData()?.user?.permissions.includes(permission) ?? false;
}

/** The CMS layout's data, from any page under /cms (undefined elsewhere). */
export function useCmsLayoutData(): CmsLayoutData | undefined {
  return useRouteLoaderData<CmsLayoutData>(CMS_LAYOUT_ROUTE_ID);
}
