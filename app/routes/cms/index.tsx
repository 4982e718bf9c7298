import { data, redirect, useLoaderData } from "react-router";
import { DashboardPage } from "~/components/cms/dashboard/dashboard-page";
import { getCurrentUser, requirePermission } from "~/server/auth/guards.server";
import type { Route } from "./+types/index";
import { cmsLanding, loadDashboard } from "./dashboard.server";

/**
 * /cms itself: the dashboard for a role that may see it (administrators); any other
 * role goes straight to the first tab it may open (Content for editors, Contact Submissions for
 * support); a user whose role opens none is refused with 403 and Access Denied, as on every tab;
 * a visitor sees the layout's sign-in card (this loader returns nothing for them).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const current = await getCurrentUser(request);
  if (!current) return null;
  const landing = cmsLanding(current.user);
  if ("redirect" in landing) throw redirect(landing.redirect);
  if (landing.show === "denied") throw data({ email: current.user.email }, { status: 403 });
  // The guard every tab uses, for what it adds (an administrator still to set up a second factor).
  await requirePermission(request, "dashboard.view");
  return loadDashboard(request);
}

export default function CmsIndex() {
  const dashboard = useLoaderData<typeof loader>();
  // Signed out: the layout shows the sign-in card instead of this outlet.
  return dashboard ? <DashboardPage dashboard={dashboard} /> : null;
}

// A child's meta replaces the layout's: signed out, /cms keeps the layout's title and robots rule.
export const meta: Route.MetaFunction = ({ data: dashboard }) => [
  { title: dashboard ? "Dashboard | CMS" : "Content Management System" },
  { name: "robots", content: "noindex, nofollow" },
];
