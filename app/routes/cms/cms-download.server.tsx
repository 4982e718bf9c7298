/**
 * How the CMS hands out a file (a CSV export, a submission's attachment): only to a role that holds
 * its permission (app/lib/permissions.ts),
 * always as a download under a name that is safe in a header, never sniffed and never cached, since
 * these files hold personal data.
 */
import { renderToStaticMarkup } from "react-dom/server";
import stylesheet from "~/cms.css?url";
import { AccessDeniedDocument } from "~/components/cms/access-denied-document";
import { getCsrfToken } from "~/server/auth/csrf.server";
import type { Permission } from "~/lib/permissions";
import { can, requireUser } from "~/server/auth/guards.server";
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
 * JSON. `nonce`: this response's Content-Security-Policy nonce, for the page's theme script.
 */
export async function requirePermissionDownload(
  request: Request,
  nonce: string,
  permission: Permission,
): Promise<SessionUser> {
  const current = await requireUser(request);
  if (!can(current.user, permission)) {
    const { token, setCookie } = await getCsrfToken(request);
    const markup = renderToStaticMarkup(
      <AccessDeniedDocument nonce={nonce} stylesheet={stylesheet} email={current.user.email} csrfToken={token} />,
    );
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", ...PRIVATE_FILE_HEADERS });
    if (setCookie) headers.append("Set-Cookie", setCookie);
    throw new Response(`<!DOCTYPE html>${markup}`, { status: 403, headers });
  }
  return current;
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
