import { redirect } from "react-router";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import { clearSessionCookie, deleteSession } from "~/server/auth/sessions.server";
import { getDb } from "~/server/platform/db/database.server";
import { readFormOrPlainRefusal } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/cms");
}

/** Sign Out: ends this session on the server and clears the cookie; a failure is only logged. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormOrPlainRefusal(request);
  if (form instanceof Response) return form;
  await verifyCsrf(request, form);
  const current = await getCurrentUser(request);
  if (current) {
    try {
      await deleteSession(await getDb(), current.sessionId);
    } catch (error) {
      logger.error({ err: error }, "sign-out failed to end the session");
    }
  }
  return redirect("/cms", { headers: { "Set-Cookie": await clearSessionCookie() } });
}
