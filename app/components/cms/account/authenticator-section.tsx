import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/form-field";
import { ConfirmForm } from "../kit/confirm-form";
import { CsrfInput } from "../kit/csrf-input";
import { useConfirmIdentity } from "./confirm-identity";
import { RecoveryCodes } from "./recovery-codes";

export interface TotpSetupView {
  secret: string;
  qrSvg: string;
}

/** What the account page's second-factor forms answered (the last submission's result). */
export interface AccountActionResult {
  ok: boolean;
  intent?: string;
  errors?: Record<string, string>;
  recoveryCodes?: string[];
  /** Refused until the person confirms it's them. */
  confirmFirst?: boolean;
}

/**
 * The authenticator app (TOTP) on the account page: set it up (scan the QR code or type the secret,
 * then confirm with a code), see the recovery codes once, make new ones, or remove it. Setting up
 * and new codes ask the person to confirm it's them first when they signed in a while ago.
 */
export function AuthenticatorSection({
  enabled,
  setup,
  recoveryCodesLeft,
  result,
}: {
  enabled: boolean;
  setup: TotpSetupView | null;
  recoveryCodesLeft: number;
  result: AccountActionResult | undefined;
}) {
  const id = useId();
  const confirm = useConfirmIdentity();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorsOf = (intent: string) => (result && !result.ok && result.intent === intent ? (result.errors ?? {}) : {});
  const newCodes =
    result?.ok && (result.intent === "totp-confirm" || result.intent === "recovery-codes-renew")
      ? result.recoveryCodes
      : undefined;

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto mt-6 max-w-md rounded-lg border bg-card p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Authenticator app
      </h2>
      {enabled ? (
        <>
          <p className="mt-2 text-sm">
            Two-step sign-in with an authenticator app is <strong>on</strong>. Recovery codes left:{" "}
            <strong>{recoveryCodesLeft}</strong> of 10.
          </p>
          {newCodes ? <RecoveryCodes codes={newCodes} /> : null}
          <div className="mt-4">
            <ConfirmForm
              action="/cms/account"
              fields={{ intent: "recovery-codes-renew" }}
              question="Make new recovery codes?"
              description="The codes you have now will stop working. You will see the new ones once."
              confirmLabel="Make new codes"
              buttonLabel="Make new recovery codes"
              guard={confirm.run}
            >
              Make new recovery codes
            </ConfirmForm>
          </div>
          <Form method="post" noValidate className="mt-4 grid gap-4">
            <CsrfInput />
            <input type="hidden" name="intent" value="totp-disable" />
            <h3 className="text-base font-semibold">Remove the authenticator app</h3>
            <FormAlert>{errorsOf("totp-disable").form ?? errorsOf("totp-disable").proof}</FormAlert>
            <TextField
              id={`${id}-disable-code`}
              label="A code from your app"
              hint="Or leave it empty and enter your password below."
              name="code"
              autoComplete="one-time-code"
            />
            <TextField
              id={`${id}-disable-password`}
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
            />
            <Button type="submit" variant="outline" disabled={busy("totp-disable")}>
              {busy("totp-disable") ? "Removing..." : "Remove authenticator app"}
            </Button>
          </Form>
        </>
      ) : setup ? (
        <div className="mt-2 grid gap-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          {/* The server draws the QR code as SVG (paths only): nothing for the CSP to allow. */}
          <div
            role="img"
            aria-label="QR code to add this account to an authenticator app"
            className="mx-auto w-48 max-w-full rounded-md bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className="text-sm">
            Key for typing in:{" "}
            <code data-testid="totp-secret" className="rounded bg-muted px-1.5 py-0.5 font-mono break-all">
              {setup.secret}
            </code>
          </p>
          <Form method="post" noValidate className="grid gap-4" onSubmit={confirm.guardSubmit}>
            <CsrfInput />
            <input type="hidden" name="intent" value="totp-confirm" />
            <FormAlert>{errorsOf("totp-confirm").form}</FormAlert>
            <TextField
              id={`${id}-confirm-code`}
              label="Code from the app"
              error={errorsOf("totp-confirm").code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={busy("totp-confirm")}>
                {busy("totp-confirm") ? "Checking..." : "Turn on two-step sign-in"}
              </Button>
            </div>
          </Form>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="totp-cancel" />
            <Button type="submit" variant="ghost" size="sm">
              Cancel set-up
            </Button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="mt-2 grid gap-3" onSubmit={confirm.guardSubmit}>
          <CsrfInput />
          <input type="hidden" name="intent" value="totp-start" />
          <p className="text-sm text-muted-foreground">
            Sign in with a code from an app on your phone as well as your password.
          </p>
          <FormAlert>{errorsOf("totp-start").form}</FormAlert>
          <Button type="submit" disabled={busy("totp-start")}>
            Set up an authenticator app
          </Button>
        </Form>
      )}
    </section>
  );
}
