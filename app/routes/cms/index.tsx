import { data, redirect } from "react-router";
import { getCurrentUser, isAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/index";

/**
 * /cms itself: an administrator goes straight to the Content tab; a signed-in user without the
 * role is refused with 403 and Access Denied, as on every tab; a visitor sees the sign-in card.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const current = await getCurrentUser(request);
  if (!current) return null;
  if (isAdmin(current.user)) throw redirect("/cms/content");
  throw data({ email: current.user.email }, { status: 403 });
}

export default function CmsIndex() {
  // The layout shows the sign-in card; an administrator never stays here.
  return null;
}
