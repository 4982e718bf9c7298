/**
 * Saves that arrive after the session ended. A CMS form submitted with JavaScript reaches its
 * action as a React Router data request (`/cms/<tab>.data`); without a session the action would
 * answer with a redirect to the sign-in card, and the page would navigate away from what was typed.
 * This middleware answers such a request 401 first, with SESSION_EXPIRED_HEADER, so the CMS can ask
 * for the password in a dialog and send the very same request again (components/cms/session-recovery).
 * Requests without JavaScript (document posts) keep the redirect, which is all such a browser can follow.
 */
import type { RequestHandler } from "express";
import { isPublicCmsPage } from "../../lib/auth/account-links";
import { SESSION_EXPIRED_HEADER, SESSION_EXPIRED_MESSAGE } from "../../lib/auth/session-expired";

/** CMS actions that need no session: signing out, and the sign-in's second step. */
const WITHOUT_SESSION = new Set(["/cms/logout.data", "/cms/sign-in/verify.data"]);

/**
 * A data request posting to a CMS tab's action. Sign-in (`/cms.data`) and its second step need no
 * session, nor do "Forgot password?" and the invitation and reset links; signing out of
 * an ended session has nothing to save.
 */
export function isCmsSaveRequest(method: string, pathname: string): boolean {
  return (
    method === "POST" &&
    /^\/cms\/.+\.data$/.test(pathname) &&
    !WITHOUT_SESSION.has(pathname) &&
    !isPublicCmsPage(pathname)
  );
}

/** @param isSignedIn whether these cookies belong to a live session (guards.server.ts in the app) */
export function answerExpiredSessions(isSignedIn: (cookie: string | undefined) => Promise<boolean>): RequestHandler {
  return (req, res, next) => {
    if (!isCmsSaveRequest(req.method, req.path)) {
      next();
      return;
    }
    isSignedIn(req.headers.cookie).then((signedIn) => {
      if (signedIn) {
        next();
        return;
      }
      res
        .status(401)
        // RFC 9110 asks a 401 to name how to authenticate: here, by signing in to the CMS again.
        .set({ [SESSION_EXPIRED_HEADER]: "1", "WWW-Authenticate": 'Session realm="cms"', "Cache-Control": "no-store" })
        .type("text/plain")
        .send(SESSION_EXPIRED_MESSAGE);
    }, next);
  };
}
