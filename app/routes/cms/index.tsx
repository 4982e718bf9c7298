import { redirect } from "react-router";
import { getCurrentUser, isAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/index";

/** /cms itself: an administrator goes straight to the Content tab; others see what the layout shows. */
export async function loader({ request }: Route.LoaderArgs) {
  const current = await getCurrentUser(request);
  if (current && isAdmin(current.user)) throw redirect("/cms/content");
  return null;
}

export default function CmsIndex() {
  // The layout shows the sign-in card or Access Denied; an administrator never stays here.
  return null;
}
