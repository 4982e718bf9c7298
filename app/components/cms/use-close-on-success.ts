import { useEffect } from "react";

/** Calls `onDone` once a fetcher's action has answered `ok: true`, e.g. to close the form that sent it. */
export function useCloseOnSuccess(fetcher: { state: string; data?: { ok: boolean } }, onDone: () => void) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);
}
