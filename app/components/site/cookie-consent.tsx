import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from "react";
import { Button } from "~/components/ui/button";
import {
  ALL_OFF,
  ALL_ON,
  COOKIE_CHOICE_KEY,
  COOKIE_CONSENT_KEY,
  COOKIE_SETTINGS_KEY,
  CONSENT_ASK_ATTRIBUTE,
  parseChoice,
  parseReceipt,
  parseSettings,
  type CookieSettings,
} from "~/lib/consent/cookie-consent";
import { useStoredValue, writeStoredValue } from "~/lib/browser/browser-storage";
import { useNonce } from "~/lib/browser/nonce";
import type { ConsentChoice } from "~/lib/consent/consent-choices";

// The settings dialog is needed by few visitors, so its code loads only when it is opened.
const CookieSettingsDialog = lazy(() => import("./cookie-settings-dialog"));

const BANNER_HEIGHT_PROPERTY = "--cookie-banner-height";

interface CookieConsentValue {
  /** null until the stored choice has been read after hydration, and while there is none. */
  choice: ConsentChoice | null;
  settings: CookieSettings;
  openSettings: () => void;
}

const CookieConsentContext = createContext<CookieConsentValue | null>(null);

export function useCookieConsent(): CookieConsentValue {
  const value = useContext(CookieConsentContext);
  if (!value) throw new Error("useCookieConsent must be used within a CookieConsentProvider");
  return value;
}

/**
 * Tells the server what was chosen and keeps the id of its record beside the choice (the visitor
 * sees it in the settings). A failure is only logged: the choice still applies here.
 */
async function recordChoice(choice: ConsentChoice, settings: CookieSettings, version: string): Promise<void> {
  try {
    const response = await fetch("/api/cookie-consent", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ choice, ...settings }),
    });
    if (!response.ok) throw new Error(`The server answered ${response.status}`);
    const { id } = (await response.json()) as { id?: unknown };
    if (typeof id === "string") writeStoredValue(COOKIE_CONSENT_KEY, JSON.stringify({ version, id }));
  } catch (error) {
    console.error("Failed to save cookie consent", error);
  }
}

/**
 * Cookie consent (SPEC.md "Cookie banner", section 4): the banner shows until a choice is stored in
 * localStorage under the cookie policy's current version (`policyVersion`, from the layout): a
 * choice made under another version is asked again. Every choice is also recorded on
 * the server. The footer reopens the settings.
 *
 * The banner is in the server's HTML for every visitor (pages are cached and shared), and the head
 * script (`cookieBannerInitScript`, root.tsx) shows it before the first paint only to a visitor
 * without a current choice; after hydration this provider decides. Without JavaScript it stays
 * hidden: no choice could be stored, and no optional cookie is set either (decision 027).
 */
export function CookieConsentProvider({
  policyVersion,
  children,
}: {
  policyVersion: string;
  children: React.ReactNode;
}) {
  const storedChoice = useStoredValue(COOKIE_CHOICE_KEY);
  const storedSettings = useStoredValue(COOKIE_SETTINGS_KEY);
  const receipt = parseReceipt(useStoredValue(COOKIE_CONSENT_KEY));
  // When storage is unavailable a choice still holds for this visit, so it is also kept here.
  const [visitChoice, setVisitChoice] = useState<{ choice: ConsentChoice; settings: CookieSettings } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const hydrated = storedChoice !== undefined;
  const current = receipt.version === policyVersion;
  const choice = (current ? parseChoice(storedChoice) : null) ?? visitChoice?.choice ?? null;
  // Categories allowed under an older policy are not allowed under this one until chosen again.
  const settings = useMemo(
    () => (current && storedSettings ? parseSettings(storedSettings) : (visitChoice?.settings ?? ALL_OFF)),
    [current, storedSettings, visitChoice],
  );

  const choose = useCallback(
    (nextChoice: ConsentChoice, nextSettings: CookieSettings) => {
      setVisitChoice({ choice: nextChoice, settings: nextSettings });
      setDialogOpen(false);
      writeStoredValue(COOKIE_SETTINGS_KEY, JSON.stringify(nextSettings));
      writeStoredValue(COOKIE_CONSENT_KEY, JSON.stringify({ version: policyVersion }));
      writeStoredValue(COOKIE_CHOICE_KEY, nextChoice);
      void recordChoice(nextChoice, nextSettings, policyVersion);
    },
    [policyVersion],
  );

  const openSettings = useCallback(() => setDialogOpen(true), []);

  // A button pressed before hydration (its handler not yet attached) was noted by the banner's
  // own script: carry it out now, as if pressed again.
  useLayoutEffect(() => {
    if (!hydrated) return;
    const early = takeEarlyAction();
    if (!early) return;
    // The press happened outside React, before it took over the page: this syncs with it once.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the noted press is an external event
    if (early === "settings") setDialogOpen(true);
    else choose(early === "accept" ? "accepted" : "rejected", early === "accept" ? ALL_ON : ALL_OFF);
  }, [hydrated, choose]);
  const value = useMemo(() => ({ choice, settings, openSettings }), [choice, settings, openSettings]);

  return (
    <CookieConsentContext.Provider value={value}>
      {children}
      {(!hydrated || choice === null) && !dialogOpen ? (
        <CookieBanner
          hydrated={hydrated}
          onAcceptAll={() => choose("accepted", ALL_ON)}
          onRejectAll={() => choose("rejected", ALL_OFF)}
          onSettings={openSettings}
        />
      ) : null}
      {dialogOpen ? (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            initialSettings={settings}
            consentId={current ? receipt.id : null}
            onConfirm={(confirmed) => choose("customized", confirmed)}
            onCancel={() => setDialogOpen(false)}
          />
        </Suspense>
      ) : null}
    </CookieConsentContext.Provider>
  );
}

/**
 * Before hydration the banner is the server's, the same for everyone: `data-cookie-banner="pending"`
 * keeps it hidden unless the head script asked for it (app.css). Its buttons work from the first
 * paint: until React attaches their handlers, the script after the banner notes which was pressed
 * (and hides the banner for Accept All or Reject All), and the provider carries it out once
 * hydrated. Once hydrated the banner is rendered only when it shows.
 */
function CookieBanner({
  hydrated,
  onAcceptAll,
  onRejectAll,
  onSettings,
}: {
  hydrated: boolean;
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onSettings: () => void;
}) {
  const nonce = useNonce();
  const banner = useRef<HTMLElement>(null);
  useReserveRoomAtBottom(banner);
  return (
    <>
      <section
        ref={banner}
        aria-label="Cookie consent"
        data-testid="cookie-banner"
        data-cookie-banner={hydrated ? "shown" : "pending"}
        className="fixed inset-x-0 bottom-0 z-50 border-t bg-card p-4 text-card-foreground shadow-[0_-4px_16px_rgba(0,0,0,0.12)]"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <p className="text-sm">
            We use cookies and similar storage to run this site and to remember the choices you make. Optional cookies
            are only set if you allow them; you can change your mind at any time from the footer.{" "}
            <a href="/cookie-policy" className="font-medium text-primary underline underline-offset-4">
              Read our Cookie Policy
            </a>
            .
          </p>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button type="button" variant="outline" data-cookie-action="settings" onClick={onSettings}>
              Settings
            </Button>
            <Button type="button" variant="outline" data-cookie-action="reject" onClick={onRejectAll}>
              Reject All
            </Button>
            <Button type="button" data-cookie-action="accept" onClick={onAcceptAll}>
              Accept All
            </Button>
          </div>
        </div>
      </section>
      {hydrated ? null : (
        // The script has run by the time the browser hydrates, and hydration leaves its text as
        // the server sent it: the browser's bundle need not carry that text.
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? RESERVE_ROOM_SCRIPT : "" }}
        />
      )}
    </>
  );
}

/** Where the banner's script notes a button pressed before hydration, for the provider. */
const EARLY_ACTION_GLOBAL = "__cookieBannerEarlyAction";
/** Set by the provider once hydrated: the buttons' own handlers answer from then on. */
const HYDRATED_GLOBAL = "__cookieBannerHydrated";

type EarlyAction = "accept" | "reject" | "settings";

/** The button pressed before hydration, if any; from now on the banner's script notes no more. */
function takeEarlyAction(): EarlyAction | undefined {
  const globals = window as unknown as Record<string, unknown>;
  globals[HYDRATED_GLOBAL] = true;
  const early = globals[EARLY_ACTION_GLOBAL];
  delete globals[EARLY_ACTION_GLOBAL];
  return early === "accept" || early === "reject" || early === "settings" ? early : undefined;
}

/**
 * Runs as soon as the server's banner is parsed, before anything after it (the floating buttons)
 * and before the first paint: reserves the banner's height as useReserveRoomAtBottom does after
 * hydration, so nothing moves when React takes over (CLS 0); a hidden banner reserves nothing.
 * Until hydration it also notes the button pressed; Accept All and Reject All hide the banner at
 * once, as they will after hydration. The same text for every visitor (a cached page allows it by
 * its hash, decision 026).
 */
const RESERVE_ROOM_SCRIPT =
  `(function(){var s=document.currentScript,b=s&&s.previousElementSibling,r=document.documentElement,h=${JSON.stringify(BANNER_HEIGHT_PROPERTY)};` +
  `if(!b)return;if(b.offsetHeight)r.style.setProperty(h,b.offsetHeight+"px");` +
  `b.addEventListener("click",function(e){var t=e.target.closest&&e.target.closest("[data-cookie-action]");` +
  `if(!t||window.${HYDRATED_GLOBAL})return;var a=t.getAttribute("data-cookie-action");window.${EARLY_ACTION_GLOBAL}=a;` +
  `if(a!=="settings"){r.removeAttribute(${JSON.stringify(CONSENT_ASK_ATTRIBUTE)});r.style.removeProperty(h);}});})();`;

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
