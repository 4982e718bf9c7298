import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { carriesSiteCookie, SITE_COOKIE_NAMES } from "./site-cookies.server";

const appDir = path.resolve(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the site's cookies", () => {
  it("are told apart from any other cookie, by name, with or without the __Host- prefix", () => {
    expect(carriesSiteCookie(undefined)).toBe(false);
    expect(carriesSiteCookie("")).toBe(false);
    expect(carriesSiteCookie("_ga=GA1.1.123.456; _gid=GA1.1.789")).toBe(false);
    expect(carriesSiteCookie("sessionid=abc; toasted=1; my-session=x")).toBe(false);
    expect(carriesSiteCookie("_ga=GA1.1.123; session=abc")).toBe(true);
    expect(carriesSiteCookie("__Host-session=abc")).toBe(true);
    expect(carriesSiteCookie(" toast=eyJ; theme=dark")).toBe(true);
    expect(carriesSiteCookie("csrf")).toBe(true);
    for (const name of SITE_COOKIE_NAMES) expect(carriesSiteCookie(`a=1; ${name}=v`), name).toBe(true);
  });

  it("name every cookie the app makes", () => {
    // tokenCookie (auth/token-cookie.server.ts) takes a SiteCookieName, so the type checker holds
    // its callers; React Router's createCookie takes any name, so its calls are read here.
    const made: string[] = [];
    for (const file of sourceFiles(appDir).filter((name) => !name.endsWith("token-cookie.server.ts"))) {
      const source = fs.readFileSync(file, "utf8");
      for (const match of source.matchAll(/\bcreateCookie\(\s*([^,)]+)/g)) {
        const name = /^"([^"]+)"/.exec(match[1]!.trim());
        expect(name, `${path.relative(appDir, file)}: createCookie with a literal name`).not.toBeNull();
        made.push(name![1]!);
      }
    }
    expect(made).toContain("toast");
    expect(made.filter((name) => !(SITE_COOKIE_NAMES as readonly string[]).includes(name))).toEqual([]);
  });
});
