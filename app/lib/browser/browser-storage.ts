/**
 * localStorage as a React external store. The server and the first (hydrating) render see
 * `undefined`, so their markup matches; the browser then renders with the stored value and stays
 * in step with writes from this tab and from other tabs.
 */
import { useSyncExternalStore } from "react";

const SAME_TAB_EVENT = "local-storage-change";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(SAME_TAB_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(SAME_TAB_EVENT, onChange);
  };
}

export function readStoredValue(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked by the browser); treat it as empty.
    return null;
  }
}

/** Writes a value (null removes it) and tells this tab's readers; returns whether it was stored. */
export function writeStoredValue(key: string, value: string | null): boolean {
  let stored = true;
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    stored = false;
  }
  window.dispatchEvent(new Event(SAME_TAB_EVENT));
  return stored;
}

/** The stored string for `key`: undefined before hydration, null when nothing is stored. */
export function useStoredValue(key: string): string | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => readStoredValue(key),
    () => undefined,
  );
}
