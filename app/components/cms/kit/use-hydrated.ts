import { useSyncExternalStore } from "react";

/**
 * False on the server and while the page hydrates, true once React runs in the browser: for what
 * only the browser can show (a chart, what this tab stored), so that the server's HTML and the
 * first render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** Whether React runs never changes once it does: there is nothing to subscribe to. */
function subscribeToNothing() {
  return () => undefined;
}
