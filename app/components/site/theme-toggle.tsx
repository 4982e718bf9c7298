import { useSyncExternalStore } from "react";
import { writeStoredValue } from "~/lib/browser/browser-storage";
import { THEME_STORAGE_KEY } from "~/lib/site/theme";
import { Icon } from "~/components/ui/icon";

/** Watches the "dark" class on <html>, which the theme script set before first paint. */
function subscribeToRootClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

/**
 * The round button at bottom right that switches between light and dark and remembers the choice.
 * It floats above the cookie banner while that is shown (`--cookie-banner-height`, cookie-consent.tsx).
 * Its icon is chosen by CSS, so the server's markup is right whichever theme the visitor has.
 */
export function ThemeToggle() {
  const dark = useSyncExternalStore(subscribeToRootClass, isDark, () => null);

  const toggle = () => {
    const next = !isDark();
    document.documentElement.classList.toggle("dark", next);
    writeStoredValue(THEME_STORAGE_KEY, next ? "dark" : "light");
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark ?? undefined}
      aria-label="Dark theme"
      data-testid="theme-toggle"
      className="fixed right-4 bottom-[calc(1rem+var(--cookie-banner-height,0px))] z-40 inline-flex size-12 items-center justify-center rounded-full border bg-card text-card-foreground shadow-lg hover:bg-accent"
    >
      <Icon name="moon" className="size-5 dark:hidden" />
      <Icon name="sun" className="hidden size-5 dark:block" />
    </button>
  );
}
