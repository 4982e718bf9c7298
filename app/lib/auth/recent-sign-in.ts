/**
 * How long signing in, or confirming it's you, lets a session change how its account signs in
 * (password, passkeys, authenticator app, recovery codes) without asking again. The server enforces
 * it (app/server/auth/recent-sign-in.server.ts); the account page uses it to ask before, not after.
 */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
