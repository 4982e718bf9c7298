/**
 * The XSS corpus's trap, shared by the spec files that store the corpus and open the pages that
 * show it (xss-corpus.spec.ts, cms-rich-text.spec.ts): markers that report when a payload runs,
 * and the checks that a page is inert.
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A 1×1 transparent PNG, served for the payloads' external image addresses. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * Arms the page: `__xss(id)`, `alert`, `confirm` and `prompt` report to the test from every frame
 * before any of the page's scripts run, and any dialog is recorded. Returns the list of reports.
 */
export async function armTrap(page: Page): Promise<string[]> {
  const fired: string[] = [];
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
      const policy = response.headers()["content-security-policy"] ?? "";
      scriptHashes.set(page, policy.match(/'sha256-[\w+/=]+'/g) ?? []);
    }
  });
  await page.exposeFunction("__xssFired", (id: string) => fired.push(id));
  await page.addInitScript(() => {
    const report = (id: unknown) => {
      void (window as unknown as { __xssFired: (id: string) => Promise<void> }).__xssFired(String(id));
    };
    Object.defineProperty(window, "__xss", { value: report });
    window.alert = (message?: unknown) => report(`alert:${String(message)}`);
    window.confirm = (message?: string) => {
      report(`confirm:${String(message)}`);
      return false;
    };
    window.prompt = (message?: string) => {
      report(`prompt:${String(message)}`);
      return null;
    };
  });
  page.on("dialog", (dialog) => {
    fired.push(`dialog:${dialog.message()}`);
    void dialog.dismiss();
  });
  // External images the sanitiser keeps (http/https) load a pixel instead of reaching the network.
  await page.route(/^https?:\/\/[^/]*\.invalid\//, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }),
  );
  return fired;
}

/** The script hashes of the CSP each armed page was last served with (a page from the page cache). */
const scriptHashes = new WeakMap<Page, string[]>();

/**
 * What a page's DOM must not hold: every element, attribute and address a payload could run from.
 * A script may run only with the page's nonce or, on a page from the page cache (which has no
 * nonce), when its text's hash is one of `allowedHashes`, the served policy's. Given `served`,
 * the HTML a server answered at `served.url`, it checks that document as parsed (nothing in it
 * runs or loads) instead of the page's own.
 */
export async function findDangerousMarkup({
  allowedHashes,
  served,
}: {
  allowedHashes: string[];
  served?: { html: string; url: string };
}): Promise<string[]> {
  const root = served ? new DOMParser().parseFromString(served.html, "text/html") : document;
  const base = served?.url ?? location.href;
  const problems: string[] = [];
  const hashOf = async (text: string) => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
  };
  // Only on a cached page (a policy of hashes): a file of our origin, or inline text it lists.
  const allowedWithoutNonce = async (script: Element) => {
    if (allowedHashes.length === 0) return false;
    const source = script.getAttribute("src");
    if (source !== null) return new URL(source, base).origin === new URL(base).origin;
    return allowedHashes.includes(await hashOf(script.textContent ?? ""));
  };
  const urlAttributes = new Set([
    "href",
    "xlink:href",
    "src",
    "action",
    "formaction",
    "data",
    "poster",
    "background",
    "codebase",
    "lowsrc",
    "dynsrc",
    "values",
    "to",
    "from",
    "by",
  ]);
  const describe = (element: Element) =>
    `<${element.localName}${element.id ? `#${element.id}` : ""}> ${element.outerHTML.slice(0, 120)}`;
  for (const element of Array.from(root.querySelectorAll("*"))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on")) problems.push(`event handler ${name} on ${describe(element)}`);
      if (name === "srcdoc") problems.push(`srcdoc on ${describe(element)}`);
      if (name === "style" && /expression\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(attribute.value)) {
        problems.push(`scripted style on ${describe(element)}`);
      }
      if (urlAttributes.has(name) || name.endsWith(":href")) {
        // Browsers drop ASCII whitespace and control characters from a URL's scheme.
        // eslint-disable-next-line no-control-regex -- the control characters are what is being removed
        const address = attribute.value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, "");
        if (/^(javascript|vbscript|data):/i.test(address))
          problems.push(`${name}="${attribute.value}" on ${describe(element)}`);
      }
    }
    const tag = element.localName;
    if (
      ["iframe", "frame", "frameset", "object", "embed", "applet", "base", "template", "xmp", "isindex"].includes(tag)
    ) {
      problems.push(`element ${describe(element)}`);
    }
    if (
      tag === "script" &&
      !element.hasAttribute("nonce") &&
      element.getAttribute("type") !== "application/ld+json" &&
      !(await allowedWithoutNonce(element))
    ) {
      problems.push(`script without the page's nonce or an allowed hash: ${describe(element)}`);
    }
    if (["animate", "set", "animatetransform", "foreignobject", "handler", "listener"].includes(tag.toLowerCase())) {
      problems.push(`SVG element ${describe(element)}`);
    }
    if (tag === "meta" && element.hasAttribute("http-equiv")) problems.push(`meta ${describe(element)}`);
    if (tag === "style" && element.closest("body")) problems.push(`style element in the body: ${describe(element)}`);
    if (tag === "link" && element.closest("body")) problems.push(`link element in the body: ${describe(element)}`);
  }
  return problems;
}

/**
 * Waits until the events a payload could run from have had their turn: every image that loads has
 * loaded or failed (its load or error event has fired; lazy ones below the fold never start) and
 * two frames have been drawn since, in which autofocus and animation events fire.
 */
export async function payloadEventsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete || image.loading === "lazy"),
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Waits until React has hydrated the document (it marks its container), then lets focus and animations happen. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await expect
    .poll(() => page.evaluate(() => Object.keys(document).some((key) => key.startsWith("__reactContainer"))))
    .toBe(true);
  await payloadEventsDone(page);
}

/** Checks the page as it is now: no marker fired, no frame, nothing dangerous in the DOM. */
export async function expectInert(page: Page, fired: string[], label: string): Promise<void> {
  expect(
    page.frames().map((frame) => frame.url()),
    `${label}: frames`,
  ).toHaveLength(1);
  expect(
    await page.evaluate(findDangerousMarkup, { allowedHashes: scriptHashes.get(page) ?? [] }),
    `${label}: dangerous markup`,
  ).toEqual([]);
  expect(fired, `${label}: markers that fired`).toEqual([]);
}

/**
 * Opens `url`, waits for the page to hydrate, checks that every canary is on it (so the field
 * really was rendered there) and that the page is inert.
 */
export async function visit(page: Page, fired: string[], url: string, canaries: string[], status = 200): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(status);
  await settle(page);
  const html = await page.content();
  for (const text of canaries) expect(html.includes(text), `${url} shows ${text}`).toBe(true);
  await expectInert(page, fired, url);
}

/**
 * Checks the HTML the server answers at `url` (with this page's cookies) without opening it: the
 * status, every canary in it (so the field really was rendered there), and nothing dangerous in
 * the markup. For a page whose payloads take a rendering path another test already opens in the
 * browser: what could run there is all in the served markup.
 */
export async function expectServedInert(page: Page, url: string, canaries: string[], status = 200): Promise<void> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(status);
  const html = await response.text();
  for (const text of canaries) expect(html.includes(text), `${url} serves ${text}`).toBe(true);
  const allowedHashes = response.headers()["content-security-policy"]?.match(/'sha256-[\w+/=]+'/g) ?? [];
  // Parsed in the page's own engine, so the markup is read exactly as the browser would read it.
  const problems = await page.evaluate(findDangerousMarkup, { allowedHashes, served: { html, url: response.url() } });
  expect(problems, `${url}: dangerous markup`).toEqual([]);
}
