import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import type { ExternalToast } from "sonner";

/**
 * Toasts without their weight on every page: Sonner (about 9 KB of JavaScript) loads the first
 * time a page shows a toast, and `showToast` waits for it to be listening before it shows one.
 */
const loadToaster = () => import("./sonner-toaster");
const ConfiguredToaster = lazy(loadToaster);

/**
 * Loads the toaster ahead of need: a form whose failure toast must show while the network is down
 * calls this when the visitor starts filling it in (the module would not load later).
 */
export function preloadToaster(): void {
  Promise.all([loadToaster(), import("sonner")]).catch((error: unknown) =>
    console.warn("The toaster could not load", error),
  );
}

/** A toaster that cannot load (the network is down) shows no toasts; it never takes the page down. */
class ToasterLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn("The toaster could not load", error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
    <ToasterLoadBoundary>
      <Suspense fallback={null}>
        <ConfiguredToaster onReady={signalReady} />
      </Suspense>
    </ToasterLoadBoundary>
  );
}
