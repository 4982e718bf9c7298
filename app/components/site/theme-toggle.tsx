import { MoonIcon, SunIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { THEME_STORAGE_KEY } from "~/lib/theme";

/**
 * The round button at bottom right that switches between light and dark. The theme itself was
 * applied before first paint (root.tsx); this reads it after hydration so the server and the
 * browser render the same markup.
 */
export function ThemeToggle() {
  const [dark, setDark] = useState<boolean | null>(null);

  useEffect(() => setDark(document.documentElement.classList.contains("dark")), []);

  const toggle = () => {
    const next = !document.documentElement.classList.contains("dark");
    document.documentElement.classList.toggle("dark", next);
    setDark(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next ? "dark" : "light");
    } catch {
      // Storage can be unavailable (private mode); the theme still applies to this page.
    }
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark ?? undefined}
      aria-label="Dark theme"
      data-testid="theme-toggle"
      className="fixed right-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full border bg-card text-card-foreground shadow-lg hover:bg-accent"
    >
      <MoonIcon aria-hidden="true" className="size-5 dark:hidden" />
      <SunIcon aria-hidden="true" className="hidden size-5 dark:block" />
    </button>
  );
}
