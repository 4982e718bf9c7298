import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/form-field";
import { formatDate } from "~/lib/text/format";
import { ConfirmForm } from "../kit/confirm-form";
import { usePasskeyCeremony } from "../second-step/use-passkey-ceremony";
import { useConfirmIdentity } from "./confirm-identity";

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string | Date;
  lastUsedAt: string | Date | null;
}

/**
 * The account's passkeys: each with its name, when it was added and last used, and Remove; and
 * adding one (the browser asks the device, then the server checks its answer). Both ask the person
 * to confirm it's them first when they signed in a while ago.
 */
export function PasskeysSection({ passkeys }: { passkeys: readonly PasskeyRow[] }) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const ceremony = usePasskeyCeremony({
    action: "/cms/account",
    kind: "register",
    optionsIntent: "passkey-options",
    answerIntent: "passkey-register",
    cancelled: "No passkey was added: the browser or the device stopped it. Please try again.",
  });
  const confirm = useConfirmIdentity();
  const { askAgain } = confirm;
  const confirmFirst = Boolean(ceremony.refusal?.confirmFirst);
  useEffect(() => {
    if (confirmFirst) askAgain();
  }, [confirmFirst, askAgain]);
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto mt-6 max-w-md rounded-lg border bg-card p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Sign in with your fingerprint, face or device PIN instead of a code, or without your password.
      </p>
      {passkeys.length ? (
        <ul className="mt-4 divide-y rounded-md border" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex items-start justify-between gap-3 p-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words">{passkey.name}</p>
                <p className="text-muted-foreground">
                  Added {formatDate(passkey.createdAt)} · Last used{" "}
                  {passkey.lastUsedAt ? formatDate(passkey.lastUsedAt, "dateTime") : "never"}
                </p>
              </div>
              <ConfirmForm
                action="/cms/account"
                fields={{ intent: "passkey-remove", id: passkey.id }}
                question={`Remove the passkey "${passkey.name}"?`}
                description="It will no longer sign you in. You can add it again later."
                confirmLabel="Remove"
                buttonLabel={`Remove passkey ${passkey.name}`}
                guard={confirm.run}
              >
                Remove
              </ConfirmForm>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm">You have no passkeys yet.</p>
      )}
      <form
        noValidate
        className="mt-4 grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const name = nameRef.current?.value.trim() ?? "";
          // Asked before the device is: a ceremony for a passkey the server then refuses is wasted.
          setNameError(name ? null : "Give the passkey a name, e.g. the device it is on.");
          if (name) confirm.run(() => ceremony.start({ name }));
        }}
      >
        <FormAlert>{confirmFirst ? null : ceremony.errors.form}</FormAlert>
        <TextField
          id={`${id}-name`}
          ref={nameRef}
          label="Passkey name"
          hint="Where it is, e.g. “Work laptop”."
          error={nameError ?? ceremony.errors.name}
          name="name"
          maxLength={60}
        />
        <Button type="submit" variant="outline" disabled={ceremony.busy}>
          {ceremony.busy ? "Waiting for your device..." : "Add a passkey"}
        </Button>
      </form>
    </section>
  );
}
