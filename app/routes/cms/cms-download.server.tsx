/**
 * How the CMS hands out a file (a CSV export, a submission's attachment): only to a role that holds
 * its permission (app/lib/auth/permissions.ts) and, as for every page, to an administrator only once
 * they have the second factor the site may require; always as a download under a name that is
 * safe in a header, never sniffed and never cached, since these files hold personal data.
 */
import { renderToStaticMarkup } from "react-dom/server";
import stylesheet from "~/cms.css?url";
import { AccessDeniedDocument } from "~/components/cms/layout/access-denied-document";
import { getCsrfToken } from "~/server/auth/csrf.server";
import type { Permission } from "~/lib/auth/permissions";
import {
  can,
  requireSecondFactorWhereRequired,
  requireUser,
  SET_UP_SECOND_FACTOR_FIRST,
} from "~/server/auth/guards.server";
import type { SessionUser } from "~/server/auth/sessions.server";
import { attachmentDisposition } from "~/server/platform/http/content-disposition.server";

const PRIVATE_FILE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  // Customer e-mail addresses, CVs: never kept by a browser or a shared cache.
  "Cache-Control": "private, no-store",
};

/**
 * A user whose role holds `permission`, for a file route: anonymous visitors are sent to sign in
 * (and back), and other users get the site's Access Denied page with 403, as at /cms, not text or
 * JSON. An administrator who must set up a second factor first is sent to do so, as by every page
 * (or answered `secondFactorRefusal`, where a redirect cannot be followed). `nonce`: this
 * response's Content-Security-Policy nonce, for the page's theme script.
 */
export async function requirePermissionDownload(
  request: Request,
  nonce: string,
  permission: Permission,
  { secondFactorRefusal }: { secondFactorRefusal?: () => Response } = {},
): Promise<SessionUser> {
  const current = await requireUser(request);
  if (!can(current.user, permission)) throw await accessDeniedPage(request, nonce, current);
  await requireSecondFactorWhereRequired(current, secondFactorRefusal);
  return current;
}

/**
 * The refusal for an address a script reads (the media picker's fetch, the Media tab's upload): it
 * would follow a redirect to the account page's HTML and show no reason, so it gets 403 and the
 * `{ ok: false, error }` answer it shows.
 */
export function secondFactorFirstJson(): Response {
  return Response.json(
    { ok: false, error: SET_UP_SECOND_FACTOR_FIRST },
    { status: 403, headers: PRIVATE_FILE_HEADERS },
  );
}

async function accessDeniedPage(request: Request, nonce: string, current: SessionUser): Promise<Response> {
  const { token, setCookie } = await getCsrfToken(request);
  const markup = renderToStaticMarkup(
    <AccessDeniedDocument nonce={nonce} stylesheet={stylesheet} email={current.user.email} csrfToken={token} />,
  );
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", ...PRIVATE_FILE_HEADERS });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return new Response(`<!DOCTYPE html>${markup}`, { status: 403, headers });
}

/** The file as a download named `filename`. */
export function downloadResponse(body: BodyInit, { filename, contentType }: { filename: string; contentType: string }) {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": attachmentDisposition(filename),
      ...PRIVATE_FILE_HEADERS,
    },
  });
}

/** A CSV export (UTF-8, as csvDocument writes it). */
export function csvDownload(csv: string, filename: string): Response {
  return downloadResponse(csv, { filename, contentType: "text/csv; charset=utf-8" });
}
