/**
 * A CMS save sent after the editor's session ended (it expired, or they signed out in another tab)
 * is answered 401 with this header instead of the sign-in page, so the CMS can ask them to sign in
 * again in a dialog and then send the same save: nothing typed is lost.
 * Shared by the server's answer (auth/expired-session.server.ts) and the CMS's retry
 * (components/cms/session-recovery).
 */
export const SESSION_EXPIRED_HEADER = "X-Session-Expired";

export const SESSION_EXPIRED_MESSAGE = "Your session has ended. Sign in again to save your changes.";
