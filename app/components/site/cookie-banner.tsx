import { useLayoutEffect, useRef, type RefObject } from "react";
import { Button } from "~/components/ui/button";

/**
 * The cookie banner (SPEC.md "Cookie banner"), shown by CookieConsentProvider (cookie-consent.tsx)
 * until a choice is made. A file of its own: a returning visitor, who has chosen, never loads it.
 */
export default function CookieBanner({
  onAcceptAll,
  onRejectAll,
  onSettings,
}: {
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onSettings: () => void;
}) {
  const banner = useRef<HTMLElement>(null);
  useReserveRoomAtBottom(banner);
  return (
    <section
      ref={banner}
      aria-label="Cookie consent"
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-50 border-t bg-card p-4 text-card-foreground shadow-[0_-4px_16px_rgba(0,0,0,0.12)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <p className="text-sm">
          We use cookies and similar storage to run this site and to remember the choices you make. Optional cookies are
          only set if you allow them; you can change your mind at any time from the footer.{" "}
          <a href="/cookie-policy" className="font-medium text-primary underline underline-offset-4">
            Read our Cookie Policy
          </a>
          .
        </p>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={onSettings}>
            Settings
          </Button>
          <Button type="button" variant="outline" onClick={onRejectAll}>
            Reject All
          </Button>
          <Button type="button" onClick={onAcceptAll}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
}

/**
 * While the banner is shown, its height is the `--cookie-banner-height` of the page (app.css): the
 * floating theme and chat buttons sit above it and the page can scroll its last lines clear of it,
 * so the banner covers nothing a visitor may need before choosing.
 */
function useReserveRoomAtBottom(element: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const banner = element.current;
    if (!banner) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty(BANNER_HEIGHT_PROPERTY, `${banner.offsetHeight}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_PROPERTY);
    };
  }, [element]);
}

const BANNER_HEIGHT_PROPERTY = "--cookie-banner-height";
