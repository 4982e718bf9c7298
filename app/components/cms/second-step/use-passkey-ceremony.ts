/**
 * Asking the browser for a passkey, in three steps: the server's options (a fetcher
 * posting `optionsIntent`), the browser's ceremony (@simplewebauthn/browser, loaded only when a
 * button asks for it, so no page carries it otherwise), and the signed answer (a second fetcher
 * posting `answerIntent` with the response as JSON). A redirect from the answer navigates, as a
 * form's would; a refusal comes back as its data.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useCsrfToken } from "../kit/csrf-input";

export interface CeremonyAnswer {
  ok: boolean;
  intent?: string;
  errors?: Record<string, string>;
  options?: unknown;
  /** The server wants the person to confirm it's them before this change. */
  confirmFirst?: boolean;
}

export function usePasskeyCeremony({
  action,
  kind,
  optionsIntent,
  answerIntent,
  cancelled,
}: {
  action: string;
  kind: "register" | "authenticate";
  optionsIntent: string;
  answerIntent: string;
  /** What to say when the browser or the person stopped the ceremony. */
  cancelled: string;
}) {
  const csrf = useCsrfToken();
  const optionsFetcher = useFetcher<CeremonyAnswer>();
  const answerFetcher = useFetcher<CeremonyAnswer>();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef<unknown>(null);
  const fields = useRef<Record<string, string>>({});
  const { submit: submitAnswer } = answerFetcher;

  useEffect(() => {
    const answer = optionsFetcher.data;
    if (!answer || optionsFetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    void (async () => {
      if (!answer.ok || !answer.options) {
        setError(answer.errors?.form ?? cancelled);
        return;
      }
      setRunning(true);
      try {
        const browser = await import("@simplewebauthn/browser");
        const response =
          kind === "register"
            ? await browser.startRegistration({ optionsJSON: answer.options as PublicKeyCredentialCreationOptionsJSON })
            : await browser.startAuthentication({
                optionsJSON: answer.options as PublicKeyCredentialRequestOptionsJSON,
              });
        await submitAnswer(
          { csrf, intent: answerIntent, response: JSON.stringify(response), ...fields.current },
          { method: "post", action },
        );
      } catch {
        setError(cancelled);
      } finally {
        setRunning(false);
      }
    })();
  }, [optionsFetcher.data, optionsFetcher.state, kind, csrf, answerIntent, action, cancelled, submitAnswer]);

  const answered = answerFetcher.state === "idle" ? answerFetcher.data : undefined;
  return {
    start(extra: Record<string, string> = {}) {
      fields.current = extra;
      setError(null);
      void optionsFetcher.submit({ csrf, intent: optionsIntent }, { method: "post", action });
    },
    busy: running || optionsFetcher.state !== "idle" || answerFetcher.state !== "idle",
    /** The server's last refusal, of the options or of the answer (for a caller that acts on more than its text). */
    refusal: [optionsFetcher.data, answered].find((answer) => answer && !answer.ok),
    /** The server's acceptance of the signed answer (a new object for each). */
    accepted: answered?.ok ? answered : undefined,
    /** The ceremony's own failure, else the server's refusal of the answer (by field). */
    errors: error ? { form: error } : answered && !answered.ok ? (answered.errors ?? {}) : {},
    succeeded: Boolean(answered?.ok),
  };
}
