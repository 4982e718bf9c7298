/** The account page's server side: any signed-in user changes their own password. */
import { data } from "react-router";
import { fieldErrors } from "~/lib/schemas/auth";
import { changeOwnPasswordSchema } from "~/lib/schemas/users";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { requireUser } from "~/server/auth/guards.server";
import { createSession } from "~/server/auth/sessions.server";
import { changeOwnPassword } from "~/server/auth/users.server";
import { getDb } from "~/server/platform/db/database.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { readFormOrRefuse } from "~/server/platform/http/request-body.server";
import { redirectWithToast } from "~/server/platform/toast.server";

export async function changePasswordAction(request: Request, clientAddress: string) {
  const { user } = await requireUser(request);
  const form = await readFormOrRefuse(request);
  await verifyCsrf(request, form);
  const parsed = changeOwnPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const db = await getDb();
  try {
    // Every session, this one included, ends; this browser gets a fresh one so the user stays in.
    await changeOwnPassword(db, user, parsed.data, clientAddress);
  } catch (error) {
    if (!(error instanceof ExpectedError)) throw error;
    return data({ errors: { [error.field ?? "form"]: error.message } }, { status: error.status });
  }
  const cookie = await createSession(db, user.id, request.headers.get("User-Agent"));
  const response = await redirectWithToast("/cms", {
    type: "success",
    description: "Your password was changed. Other devices have been signed out.",
  });
  response.headers.append("Set-Cookie", cookie);
  return response;
}
