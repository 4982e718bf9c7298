// @vitest-environment node
import { describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY, resolveTheme, themeInitScript } from "./theme";

describe("resolveTheme", () => {
  it("a stored light or dark wins over the system setting", () => {
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("with nothing stored, or system, follows the system setting", () => {
    expect(resolveTheme(null, true)).toBe("dark");
    expect(resolveTheme(null, false)).toBe("light");
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
  });

  it("uses the spec's storage key", () => {
    expect(THEME_STORAGE_KEY).toBe("theme");
  });
});

/** Runs the inline script against fake browser objects and reports what it did to <html>. */
function runThemeScript(options: {
  stored: string | null;
  systemDark: boolean;
  initialClasses?: string[];
  storageThrows?: boolean;
}) {
  const classes = new Set(options.initialClasses ?? []);
  const mediaQueries: string[] = [];
  const readKeys: string[] = [];
  const localStorage = {
    getItem(key: string) {
      readKeys.push(key);
      if (options.storageThrows) throw new Error("SecurityError: storage is disabled");
      return options.stored;
    },
  };
  const window = {
    matchMedia(query: string) {
      mediaQueries.push(query);
      return { matches: options.systemDark };
    },
  };
  const document = {
    documentElement: {
      classList: {
        toggle(name: string, force?: boolean) {
          const on = force ?? !classes.has(name);
          if (on) classes.add(name);
          else classes.delete(name);
          return on;
        },
      },
    },
  };
  // The script is a string the page inlines; running it through Function is the closest to a browser.
  const run = new Function("localStorage", "window", "document", themeInitScript) as (
    storage: typeof localStorage,
    win: typeof window,
    doc: typeof document,
  ) => void;
  run(localStorage, window, document);
  return { dark: classes.has("dark"), classes, mediaQueries, readKeys };
}

describe("themeInitScript", () => {
  it("reads the theme key", () => {
    expect(runThemeScript({ stored: null, systemDark: false }).readKeys).toEqual([THEME_STORAGE_KEY]);
  });

  it("adds dark for a stored dark, whatever the system prefers", () => {
    expect(runThemeScript({ stored: "dark", systemDark: false }).dark).toBe(true);
    expect(runThemeScript({ stored: "dark", systemDark: true }).dark).toBe(true);
  });

  it("removes dark for a stored light, even when the system prefers dark", () => {
    const result = runThemeScript({ stored: "light", systemDark: true, initialClasses: ["dark", "js"] });
    expect(result.dark).toBe(false);
    expect(result.classes.has("js")).toBe(true);
  });

  it("follows the system when nothing is stored", () => {
    expect(runThemeScript({ stored: null, systemDark: true }).dark).toBe(true);
    expect(runThemeScript({ stored: null, systemDark: false, initialClasses: ["dark"] }).dark).toBe(false);
  });

  it("follows the system for system, asking the prefers-color-scheme media query", () => {
    const dark = runThemeScript({ stored: "system", systemDark: true });
    expect(dark.dark).toBe(true);
    expect(dark.mediaQueries).toEqual(["(prefers-color-scheme: dark)"]);
    expect(runThemeScript({ stored: "system", systemDark: false, initialClasses: ["dark"] }).dark).toBe(false);
  });

  it("survives a localStorage that throws, leaving the page as it was", () => {
    expect(() => runThemeScript({ stored: "dark", systemDark: true, storageThrows: true })).not.toThrow();
    expect(runThemeScript({ stored: "dark", systemDark: true, storageThrows: true }).dark).toBe(false);
    expect(
      runThemeScript({ stored: null, systemDark: false, storageThrows: true, initialClasses: ["dark"] }).dark,
    ).toBe(true);
  });

  it.each([
    ["light", false],
    ["light", true],
    ["dark", false],
    ["dark", true],
    ["system", false],
    ["system", true],
    [null, false],
    [null, true],
  ] as const)("agrees with resolveTheme for stored %s and system dark %s", (stored, systemDark) => {
    const expected = resolveTheme(stored, systemDark) === "dark";
    expect(runThemeScript({ stored, systemDark }).dark).toBe(expected);
  });

  it("agrees with resolveTheme for an unrecognised stored value", () => {
    expect(runThemeScript({ stored: "purple", systemDark: true }).dark).toBe(resolveTheme("purple", true) === "dark");
  });
});
