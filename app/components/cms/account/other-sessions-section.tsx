import { useId } from "react";
import { ConfirmForm } from "../kit/confirm-form";

/**
 * The account's other sessions: how many devices are signed in besides this one, and ending them
 * all at once (a lost phone, a shared computer). No confirmation of identity is asked: it only ever
 * takes access away.
 */
export function OtherSessionsSection({ count }: { count: number }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto mt-6 max-w-md rounded-lg border bg-card p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Other devices
      </h2>
      <p className="mt-2 text-sm">
        {count === 0
          ? "You are not signed in anywhere else."
          : `You are signed in on ${count === 1 ? "1 other device" : `${count} other devices`}.`}
      </p>
      {count > 0 ? (
        <div className="mt-4">
          <ConfirmForm
            action="/cms/account"
            fields={{ intent: "sign-out-everywhere" }}
            question="Sign out everywhere else?"
            description="Every other device signed in to your account is signed out at once. This one stays signed in."
            confirmLabel="Sign out everywhere else"
            buttonLabel="Sign out everywhere else"
          >
            Sign out everywhere else
          </ConfirmForm>
        </div>
      ) : null}
    </section>
  );
}
