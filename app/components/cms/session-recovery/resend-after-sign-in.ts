/**
 * Makes every request of the CMS page survive an ended session: a request answered 401 with
 * SESSION_EXPIRED_HEADER (auth/expired-session.server.ts) waits while the editor signs in again,
 * then is sent again exactly as it was. React Router sends its form submissions through the global
 * `fetch` with a FormData or URLSearchParams body, which can be sent twice, so the form on screen,
 * its pending navigation and whatever was typed all stay as they were.
 */
import { SESSION_EXPIRED_HEADER } from "~/lib/auth/session-expired";

/**
 * Wraps `window.fetch` until the returned function is called. `signInAgain` resolves once the
 * editor has a session again; requests that fail meanwhile wait for the same sign-in.
 */
export function resendAfterSignIn(signInAgain: () => Promise<void>): () => void {
  const original = window.fetch;
  let signingIn: Promise<void> | null = null;
  const wrapped: typeof fetch = async (input, init) => {
    const response = await original(input, init);
    if (response.status !== 401 || !response.headers.has(SESSION_EXPIRED_HEADER)) return response;
    signingIn ??= signInAgain().finally(() => {
      signingIn = null;
    });
    await signingIn;
    return original(input, init);
  };
  window.fetch = wrapped;
  return () => {
    // Only undo our own wrapper; something installed after it stays.
    if (window.fetch === wrapped) window.fetch = original;
  };
}
