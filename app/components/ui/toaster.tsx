import { lazy, Suspense, useEffect, useState } from "react";
import type { ExternalToast } from "sonner";

/**
 * Toasts without their weight on every page: Sonner (about 9 KB of JavaScript) loads the first
 * time a page shows a toast, and `showToast` waits for it to be listening before it shows one.
 */
const ConfiguredToaster = lazy(() => import("./sonner-toaster"));

export type ToastKind = "message" | "success" | "error" | "info" | "warning";

type Sonner = typeof import("sonner"); // eslint-disable-line @typescript-eslint/consistent-type-imports -- the lazily loaded module's type

/** Settles once the toaster is on the page and listening; null until a toast is first wanted. */
let toasterReady: Promise<Sonner> | null = null;
let markReady: (() => void) | null = null;
const mountRequests = new Set<() => void>();
const signalReady = () => markReady?.();

function whenToasterReady(): Promise<Sonner> {
  toasterReady ??= new Promise<void>((resolve) => {
    markReady = resolve;
    for (const request of mountRequests) request();
  }).then(() => import("sonner"));
  return toasterReady;
}

/** Shows a toast; safe to call from anywhere in the browser, before or after the toaster loads. */
export function showToast(kind: ToastKind, title: string, options?: ExternalToast): void {
  void whenToasterReady().then(({ toast }) => {
    const show = kind === "message" ? toast : toast[kind];
    show(title, options);
  });
}

/** The toasts' place on the page (mounted once, in the root). */
export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const request = () => setWanted(true);
    mountRequests.add(request);
    // A toast asked for before this mounted (a flash message on the first render).
    if (toasterReady) request();
    return () => {
      mountRequests.delete(request);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfiguredToaster onReady={signalReady} />
    </Suspense>
  );
}
