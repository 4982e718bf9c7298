import { KeyRoundIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-field";
import { SECOND_STEP_PATH } from "./second-step-path";
import { usePasskeyCeremony } from "./use-passkey-ceremony";

/**
 * Signing in with a passkey: "Continue with a passkey" on the sign-in card, without a
 * password (any passkey this device holds for the site), or "Use a passkey" on the second step with
 * one of the account's passkeys. (Not "Sign in with a passkey": the card's "Sign In" button must
 * stay the only one of that name.)
 */
export function PasskeySignIn({ mode }: { mode: "password-less" | "second-step" }) {
  const passwordless = mode === "password-less";
  const ceremony = usePasskeyCeremony({
    action: SECOND_STEP_PATH,
    kind: "authenticate",
    optionsIntent: passwordless ? "passwordless-options" : "passkey-options",
    answerIntent: passwordless ? "passwordless" : "passkey",
    cancelled: "No passkey was used. Try again, or sign in another way.",
  });
  return (
    <div className="grid gap-3">
      <FormAlert>{ceremony.errors.form}</FormAlert>
      <Button type="button" variant="outline" disabled={ceremony.busy} onClick={() => ceremony.start()}>
        <KeyRoundIcon aria-hidden="true" />
        {ceremony.busy ? "Waiting for your passkey..." : passwordless ? "Continue with a passkey" : "Use a passkey"}
      </Button>
    </div>
  );
}
