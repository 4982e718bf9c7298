import { useEffect } from "react";
import { useFetcher } from "react-router";

/** Calls `onDone` once a fetcher's action has answered `ok: true`, e.g. to close the form that sent it. */
export function useCloseOnSuccess(fetcher: { state: string; data?: { ok: boolean } }, onDone: () => void) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);
}

/** What a CMS tab's action answers a form: `ok`, and after a refusal the messages by field ("form" for the whole form). */
export interface CmsFormAnswer {
  ok: boolean;
  intent: string;
  errors?: Record<string, string>;
}

/**
 * A CMS form's fetcher, the field messages of its last refused submission, and whether it is on
 * its way; `onDone` runs once a submission has succeeded (to close the form).
 */
export function useCmsFormFetcher(onDone: () => void) {
  const fetcher = useFetcher<CmsFormAnswer>();
  useCloseOnSuccess(fetcher, onDone);
  const errors: Record<string, string> = fetcher.data?.ok === false ? (fetcher.data.errors ?? {}) : {};
  return { fetcher, errors, busy: fetcher.state !== "idle" };
}
