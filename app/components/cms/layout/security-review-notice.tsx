import { Link } from "react-router";

/**
 * On every CMS page after the account was taken back (its password changed or reset, other devices
 * signed out) while passkeys or an authenticator app remain: a pointer to the account page, where
 * they can be removed in one click or kept. Someone who reset their password by e-mail or was
 * given a new one by an administrator lands on the dashboard, not the account page.
 */
export function SecurityReviewNotice() {
  return (
    <section
      aria-labelledby="security-review-heading"
      className="mb-6 rounded-lg border border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="security-review-heading" className="font-semibold">
        Check your passkeys and authenticator app
      </h2>
      <p className="mt-1">
        Your account was secured (its password changed or other devices signed out), but they still sign in without the
        password. If someone else may have used your account,{" "}
        <Link to="/cms/account" className="font-medium underline underline-offset-4">
          review them on your account page
        </Link>
        .
      </p>
    </section>
  );
}
