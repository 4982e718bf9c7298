/**
 * Sign-in and password rules (SPEC.md section 5), shared by the login form in the browser and the
 * action on the server, so both give the same messages.
 */
import { z } from "./zod";

/** The sign-in form's own rule (SPEC.md section 5); a new password must be longer. */
export const PASSWORD_MIN_LENGTH = 6;
/**
 * A password being set (first-run set-up, a new user, a reset, one's own change): ASVS 5.0 V6.2.1
 * asks for at least 8 and recommends 15; with no second factor we ask 15 (decision 013).
 */
export const NEW_PASSWORD_MIN_LENGTH = 15;
/** Long enough for any passphrase; short enough that hashing cannot be used to exhaust the server. */
export const PASSWORD_MAX_LENGTH = 256;

/** The e-mail as the spec sends it: trimmed, lower-cased, without < and >. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase().replace(/[<>]/g, "");
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  // A missing field (not only an empty one) gets the same message.
  .string("Email is required")
  .transform(normaliseEmail)
  .pipe(
    z
      .string()
      .min(1, "Email is required")
      .max(254, "Please enter a valid email address")
      .regex(EMAIL_PATTERN, "Please enter a valid email address"),
  );

export const passwordField = z
  .string()
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Shown beside every field that sets a password. */
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters; a few unrelated words make a strong one.`;

/** A password being set: long, any characters; the server also refuses common and guessable ones. */
export const newPasswordField = z
  .string("Password is required")
  .min(1, "Password is required")
  .min(NEW_PASSWORD_MIN_LENGTH, `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const loginSchema = z.object({ email: emailField, password: passwordField });
/** The first-run set-up: the administrator's e-mail and a new password. */
export const setupSchema = z.object({ email: emailField, password: newPasswordField });
export type LoginInput = z.infer<typeof loginSchema>;

/** The sign-in forms' message for a failure on our side (SPEC.md section 8). */
export const UNEXPECTED_SIGN_IN_ERROR = "An unexpected error occurred. Please try again.";
