import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { FormAlert, TextField } from "~/components/ui/form-field";
import { RECENT_SIGN_IN_MS } from "~/lib/auth/recent-sign-in";
import { CsrfInput } from "../kit/csrf-input";
import { usePasskeyCeremony } from "../second-step/use-passkey-ceremony";

export interface ConfirmationState {
  /** How much longer, when the page was loaded, this session may change how it signs in without asking. */
  leftMs: number;
  methods: { password: boolean; code: boolean; passkey: boolean };
}

interface ConfirmIdentity {
  /** Runs `change` now if this session proved who it is recently, else after the person confirms it's them. */
  run: (change: () => void) => void;
  /** For a form's onSubmit: lets it through, or holds it until the person confirms it's them. */
  guardSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** The server refused the last change for want of a recent confirmation: ask, then run it again. */
  askAgain: () => void;
}

const ConfirmIdentityContext = createContext<ConfirmIdentity | null>(null);

export function useConfirmIdentity(): ConfirmIdentity {
  const context = useContext(ConfirmIdentityContext);
  if (!context) throw new Error("useConfirmIdentity needs a ConfirmIdentityProvider");
  return context;
}

/** Asked a little before the server's limit, so a change sent in the last seconds is not refused. */
const MARGIN_MS = 15_000;

/**
 * "Confirm it's you" on the account page, as GitHub and Google ask it: a change to how the account
 * signs in, made longer than RECENT_SIGN_IN_MS after signing in, first opens a dialog asking for the
 * password (and the app's code) or a passkey, then goes on with the change, nothing typed lost. The
 * server checks the same on every such change; its refusal opens the dialog too.
 */
export function ConfirmIdentityProvider({
  confirmation,
  children,
}: {
  confirmation: ConfirmationState;
  children: React.ReactNode;
}) {
  const deadline = useRef(0);
  const pending = useRef<(() => void) | null>(null);
  const [open, setOpen] = useState(false);
  // Each load tells how long is left; counted from when the page got it.
  useEffect(() => {
    deadline.current = Date.now() + confirmation.leftMs;
  }, [confirmation.leftMs]);

  const run = useCallback((change: () => void) => {
    pending.current = change;
    if (Date.now() < deadline.current - MARGIN_MS) change();
    else setOpen(true);
  }, []);
  const guardSubmit = useCallback((event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    pending.current = () => form.requestSubmit(submitter);
    if (Date.now() < deadline.current - MARGIN_MS) return;
    event.preventDefault();
    setOpen(true);
  }, []);
  const askAgain = useCallback(() => {
    deadline.current = 0;
    setOpen(true);
  }, []);
  const confirmed = useCallback(() => {
    deadline.current = Date.now() + RECENT_SIGN_IN_MS;
    setOpen(false);
    const change = pending.current;
    pending.current = null;
    change?.();
  }, []);
  const value = useMemo(() => ({ run, guardSubmit, askAgain }), [run, guardSubmit, askAgain]);

  return (
    <ConfirmIdentityContext.Provider value={value}>
      {children}
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <ConfirmIdentityDialog methods={confirmation.methods} onConfirmed={confirmed} /> : null}
      </Dialog>
    </ConfirmIdentityContext.Provider>
  );
}

interface ConfirmAnswer {
  ok: boolean;
  errors?: Record<string, string>;
}

function ConfirmIdentityDialog({
  methods,
  onConfirmed,
}: {
  methods: ConfirmationState["methods"];
  onConfirmed: () => void;
}) {
  const id = useId();
  const fetcher = useFetcher<ConfirmAnswer>();
  const ceremony = usePasskeyCeremony({
    action: "/cms/account",
    kind: "authenticate",
    optionsIntent: "confirm-passkey-options",
    answerIntent: "confirm-passkey",
    cancelled: "Your passkey was not used: the browser or the device stopped it. Please try again.",
  });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) onConfirmed();
  }, [answer, onConfirmed]);
  useEffect(() => {
    if (ceremony.accepted) onConfirmed();
  }, [ceremony.accepted, onConfirmed]);
  const errors = answer && !answer.ok ? (answer.errors ?? {}) : {};
  const minutes = RECENT_SIGN_IN_MS / 60_000;

  return (
    <DialogContent>
      <DialogTitle>Confirm it&apos;s you</DialogTitle>
      <DialogDescription>
        You are changing how your account signs in. Confirm it&apos;s you to go on; you won&apos;t be asked again for{" "}
        {minutes} minutes.
      </DialogDescription>
      {methods.password ? (
        <fetcher.Form method="post" action="/cms/account" noValidate className="grid gap-4">
          <CsrfInput />
          <input type="hidden" name="intent" value="confirm-password" />
          <FormAlert>{errors.form}</FormAlert>
          <TextField
            id={`${id}-password`}
            label="Your password"
            error={errors.password}
            name="password"
            type="password"
            autoComplete="current-password"
          />
          {methods.code ? (
            <TextField
              id={`${id}-code`}
              label="Code from your authenticator app"
              hint="Or one of your recovery codes."
              error={errors.code}
              name="code"
              autoComplete="one-time-code"
            />
          ) : null}
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Checking..." : "Confirm"}
          </Button>
        </fetcher.Form>
      ) : null}
      {methods.passkey ? (
        <div className="grid gap-2">
          <FormAlert>{ceremony.errors.form}</FormAlert>
          <Button
            type="button"
            variant={methods.password ? "outline" : "default"}
            disabled={ceremony.busy}
            onClick={() => ceremony.start()}
          >
            {ceremony.busy ? "Waiting for your device..." : "Confirm with a passkey"}
          </Button>
        </div>
      ) : null}
    </DialogContent>
  );
}
