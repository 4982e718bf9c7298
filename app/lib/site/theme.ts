/**
 * Light and dark theme (SPEC.md section 4). The choice is kept in localStorage `theme`
 * ("light", "dark" or "system"); with none stored the page follows the system setting.
 */
export const THEME_STORAGE_KEY = "theme";
export type ThemePreference = "light" | "dark" | "system";

export function resolveTheme(stored: string | null, systemPrefersDark: boolean): "light" | "dark" {
  if (stored === "light" || stored === "dark") return stored;
  return systemPrefersDark ? "dark" : "light";
}

/**
 * Applies resolveTheme's rule (spelled out again in plain ES5, as it runs before any bundle) in <head> before the body is painted, so a reload never flashes the wrong theme. It is
 * inline (under the response's CSP nonce) because an external file would arrive too late.
 */
export const themeInitScript = `(function(){try{var s=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});var d=s==="dark"||(s!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;
