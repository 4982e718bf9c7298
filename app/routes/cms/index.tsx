import { data, redirect } from "react-router";
import { firstTabOf } from "~/lib/permissions";
import { getCurrentUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/index";

/**
 * /cms itself: a signed-in user goes straight to the first tab their role may open (the
 * permission table's order: Content for administrators and editors, Contact Submissions for
 * support); a user whose role opens none is refused with 403 and Access Denied, as on every tab;
 * a visitor sees the sign-in card.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const current = await getCurrentUser(request);
  if (!current) return null;
  const first = current.user.isActive ? firstTabOf(current.user.role) : null;
  if (first) throw redirect(first);
  throw data({ email: current.user.email }, { status: 403 });
}

export default function CmsIndex() {
  // The layout shows the sign-in card; a signed-in user never stays here.
  return null;
}
