/**
 * The public site as the standards test (html-standards.spec.ts) sees it: every address a visitor
 * can reach (each route of app/routes.ts, every page of the sitemap, the not-found and error pages,
 * a job's application form, the downloads, a test payment and a paid order), fetched as a browser
 * gets it (the server's HTML and headers, through the TLS proxy the fixture trusts), then opened
 * in Chromium for the document after hydration, where the client-only parts (cookie banner,
 * basket, chat panel) are drawn.
 */
import { eq } from "drizzle-orm";
import type { APIRequest, APIRequestContext, Browser, Page } from "@playwright/test";
import { careers, content, trainingCourses } from "../../app/db/schema";
import { DOWNLOAD_DOCUMENT_IDS } from "../../app/content/types";
import { FAMILY_PAGE_ADDRESSES } from "../../app/content/pages";
import { applyPath } from "../../app/lib/site/careers";
import { expect, type TestServer } from "./fixtures";
import { createAccount, sessionCookieOf } from "../support/accounts";
import { flattenRoutes, newTestOrder } from "../http/route-access-rules";

/** How the site is reached in production: behind a proxy that terminated TLS. */
export const BEHIND_TLS_PROXY = { "X-Forwarded-Proto": "https" };

export interface Address {
  path: string;
  /** 200 for a page; 404 for the not-found pages, which are pages too. */
  status: number;
}

/** What a document links to and what it can be linked to, read by the browser's own parser. */
export interface DocumentStructure {
  /** Every id, and every <a name>, a #fragment could point at. */
  ids: string[];
  /** Each URL-bearing attribute as written (`img[srcset]` split into its URLs). */
  references: { attribute: string; value: string }[];
  /** The text of each <script type="application/ld+json">. */
  jsonLd: string[];
}

export interface FetchedPage extends Address {
  headers: Record<string, string>;
  html: string;
  structure: DocumentStructure;
}

export interface RenderedDocument {
  /** The address and the state, e.g. "/basket (a course in the basket)". */
  name: string;
  /** A modal dialog is open over the page. */
  modal: boolean;
  url: string;
  html: string;
  structure: DocumentStructure;
}

/**
 * Runs in the browser: the links, ids and JSON-LD of the page itself (html === null) or of an
 * HTML or SVG text parsed with DOMParser, which parses exactly as the browser would.
 */
function readStructure(args: { html: string | null; type: "text/html" | "image/svg+xml" }): DocumentStructure {
  const doc = args.html === null ? document : new DOMParser().parseFromString(args.html, args.type);
  const ATTRIBUTES = [
    "a[href]",
    "area[href]",
    "link[href]",
    "img[src]",
    "img[srcset]",
    "source[src]",
    "source[srcset]",
    "script[src]",
    "iframe[src]",
    "video[src]",
    "video[poster]",
    "audio[src]",
    "embed[src]",
    "object[data]",
    "form[action]",
    "button[formaction]",
    "input[src]",
    "use[href]",
    "image[href]",
  ];
  const references: { attribute: string; value: string }[] = [];
  for (const selector of ATTRIBUTES) {
    const name = /\[(.+)\]/.exec(selector)![1]!;
    for (const element of Array.from(doc.querySelectorAll(selector))) {
      const value = element.getAttribute(name)!;
      const values = name.endsWith("srcset") ? value.split(",").map((entry) => entry.trim().split(/\s+/)[0]!) : [value];
      for (const entry of values) references.push({ attribute: selector, value: entry });
    }
  }
  for (const element of Array.from(doc.querySelectorAll("use"))) {
    const value = element.getAttributeNS("http://www.w3.org/1999/xlink", "href");
    if (value) references.push({ attribute: "use[xlink:href]", value });
  }
  // Open Graph and Twitter images and addresses are fetched by other sites' crawlers.
  for (const element of Array.from(doc.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]'))) {
    const key = element.getAttribute("property") ?? element.getAttribute("name") ?? "";
    if (/:(image|url)$/.test(key))
      references.push({ attribute: `meta[${key}]`, value: element.getAttribute("content")! });
  }
  return {
    ids: [
      ...Array.from(doc.querySelectorAll("[id]")).map((element) => element.id),
      ...Array.from(doc.querySelectorAll("a[name]")).map((element) => element.getAttribute("name")!),
    ],
    references,
    jsonLd: Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).map(
      (script) => script.textContent ?? "",
    ),
  };
}

/** Parses an HTML or SVG text in the browser (any page will do; the parsed document is detached). */
export function parseInBrowser(page: Page, html: string, type: "text/html" | "image/svg+xml" = "text/html") {
  return page.evaluate(readStructure, { html, type });
}

/** Every address of the public site, with the status it must answer. */
export async function publicAddresses(api: APIRequestContext, server: TestServer): Promise<Address[]> {
  const sitemap = await (await api.get("/sitemap.xml")).text();
  const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(sitemapPaths.length, "pages in the sitemap").toBeGreaterThan(20);

  const [career] = await server.db.select().from(careers).where(eq(careers.isActive, true)).limit(1);
  // A paid order shows the confirmation; a second order, still pending, its test payment page.
  const paidOrder = await payTestOrder(api, server, await newTestOrder(server));
  const pendingOrder = await newTestOrder(server);

  const pages = [
    ...new Set([...sitemapPaths, ...FAMILY_PAGE_ADDRESSES]),
    applyPath(career!.title),
    ...DOWNLOAD_DOCUMENT_IDS.map((id) => `/downloads/${id}`),
    `/checkout/test/${pendingOrder}`,
    `/checkout/success?order=${paidOrder}`,
  ].map((path) => ({ path, status: 200 }));
  const notFound = [
    "/no/such/page",
    "/content/no-such-item",
    "/careers/no-such-job-00000000",
    "/downloads/no-such-document",
    // A loader's own "not found": the confirmation page without an order.
    "/checkout/success",
  ].map((path) => ({ path, status: 404 }));
  return [...pages, ...notFound];
}

/** Pays a test-mode order through its payment page, as a customer would; returns its id. */
async function payTestOrder(api: APIRequestContext, server: TestServer, order: string): Promise<string> {
  const response = await api.post(`/checkout/test/${order}`, {
    headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin" },
    form: {
      intent: "pay",
      email: "buyer@example.com",
      cardNumber: "4242 4242 4242 4242",
      expiry: "12 / 39",
      cvc: "123",
    },
    maxRedirects: 0,
  });
  expect(response.headers().location, "paying the test order leads to its confirmation").toBe(
    `/checkout/success?order=${order}`,
  );
  return order;
}

/** The public site's routes of app/routes.ts (the catch-all aside), each with a pattern of its paths. */
function publicRoutes() {
  return flattenRoutes()
    .filter((route) => route.file.startsWith("routes/site/") && !route.isLayout && route.path !== "/*")
    .map((route) => ({ ...route, pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, "[^/]+")}$`) }));
}

const pathnameOf = (address: string) => new URL(address, "http://site").pathname;

/** Routes of app/routes.ts that no address of the crawl reaches (an empty list when all are). */
export function publicRoutesNotCrawled(addresses: readonly Address[]): string[] {
  const paths = addresses.map((address) => pathnameOf(address.path));
  return publicRoutes()
    .filter((route) => !paths.some((path) => route.pattern.test(path)))
    .map((route) => `${route.id} (${route.path})`);
}

/**
 * The first address of each route module and status: what hydration adds to a page comes from its
 * module's components (the same for every page of a family), not from its copy, so one page of
 * each is opened in the browser. Every address is still checked as served.
 */
export function oneAddressPerModule<Entry extends Address>(entries: readonly Entry[]): Entry[] {
  const routes = publicRoutes();
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const module = routes.find((route) => route.pattern.test(pathnameOf(entry.path)))?.file ?? "catch-all";
    const key = `${module} ${entry.status}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Runs `work` over the items, `limit` at a time, keeping their order. */
export async function mapLimited<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/** Fetches every address as a browser would (no redirects followed), with its headers and links. */
export async function fetchPages(api: APIRequestContext, parser: Page, addresses: readonly Address[]) {
  return mapLimited(addresses, 4, async (address): Promise<FetchedPage> => {
    const response = await api.get(address.path, { headers: BEHIND_TLS_PROXY, maxRedirects: 0 });
    const html = await response.text();
    return {
      ...address,
      status: response.status(),
      headers: response.headers(),
      html,
      structure: await parseInBrowser(parser, html),
    };
  });
}

/**
 * Waits until React has hydrated the page and drawn what only the browser draws: on the site's
 * layout, the theme toggle's state and the cookie banner (no choice is stored in a fresh browser).
 * A page without the app's scripts (the download page without JavaScript) is complete as served.
 */
async function waitForClientRender(page: Page): Promise<void> {
  if ((await page.locator("script[type=module]").count()) === 0) return;
  if ((await page.getByTestId("theme-toggle").count()) > 0) {
    await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-pressed", /true|false/);
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    return;
  }
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber"))))
    .toBe(true);
}

/** Opens the address in the page and returns the document as the browser now has it. */
export async function renderDocument(page: Page, path: string, state = "hydrated"): Promise<RenderedDocument> {
  await page.goto(path);
  await waitForClientRender(page);
  return captureDocument(page, `${path} (${state})`);
}

/** The page's current document, named; `modal` when a modal dialog is open over it. */
export async function captureDocument(page: Page, name: string, modal = false): Promise<RenderedDocument> {
  return {
    name,
    modal,
    url: page.url(),
    html: await page.content(),
    structure: await page.evaluate(readStructure, { html: null, type: "text/html" as const }),
  };
}

/**
 * A fresh browser context at the site, as a first-time visitor in the light theme. Pictures are
 * not loaded: they change nothing in the document, and the link check requests each one anyway.
 */
export async function newVisitor(
  browser: Browser,
  server: TestServer,
  options: Parameters<Browser["newContext"]>[0] = {},
) {
  const context = await browser.newContext({ baseURL: server.url, colorScheme: "light", ...options });
  await context.route(/\.(avif|webp|png|jpe?g)$/, (route) => route.abort());
  return { context, page: await context.newPage() };
}

/** The states only the browser draws, each captured as a document of its own. */
export async function clientStates(browser: Browser, server: TestServer): Promise<RenderedDocument[]> {
  const states: RenderedDocument[] = [];

  const dark = await newVisitor(browser, server, { colorScheme: "dark" });
  // The theme changes only the class of <html> and the toggle's state, never the markup.
  states.push(await renderDocument(dark.page, "/", "dark theme"));
  await dark.context.close();

  const { context, page } = await newVisitor(browser, server);
  await renderDocument(page, "/");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  states.push(await captureDocument(page, "/ (cookie settings dialog)", true));
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Chat with our assistant" }).click();
  const chat = page.getByRole("dialog", { name: /Site assistant/ });
  await chat.getByRole("textbox", { name: "Your message" }).fill("What is your phone number?");
  await chat.getByRole("button", { name: "Send", exact: true }).click();
  await expect(chat.getByRole("link", { name: /\d{3}/ }).first()).toBeVisible();
  states.push(await captureDocument(page, "/ (chat panel with a reply)"));

  await renderDocument(page, "/training");
  await page
    .getByRole("button", { name: /^Add to Basket/ })
    .first()
    .click();
  states.push(await renderDocument(page, "/basket", "a course in the basket"));

  await renderDocument(page, "/cloud");
  await page.getByRole("link", { name: "Download AWS Guide" }).click();
  await expect(page.getByRole("dialog", { name: "Download AWS Guide" })).toBeVisible();
  states.push(await captureDocument(page, "/cloud (download dialog)", true));

  await renderDocument(page, "/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  states.push(await captureDocument(page, "/contact (field errors)"));
  await context.close();

  const phone = await newVisitor(browser, server, { viewport: { width: 375, height: 740 } });
  await renderDocument(phone.page, "/");
  await phone.page.getByRole("button", { name: "Open menu" }).click();
  await expect(phone.page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  states.push(await captureDocument(phone.page, "/ (mobile menu, 375 px)"));
  await phone.context.close();
  return states;
}

/**
 * The CMS: the sign-in (or first-run set-up) card, then every page of it signed in as an
 * administrator, as served; in the browser only the card and the first tab (the shell after
 * hydration), which keeps the check quick: a tab's forms are in its served HTML.
 */
export async function crawlCms(browser: Browser, api: APIRequestContext, server: TestServer) {
  const { context, page } = await newVisitor(browser, server);
  const signIn = await renderDocument(page, "/cms", "not signed in");
  const admin = await createAccount(server, "admin", "standards");
  const cookies = await sessionCookieOf(server, admin);
  const [[name, value]] = Object.entries(cookies) as [[string, string]];
  await context.addCookies([{ name, value, url: server.url }]);
  // A page of its own with a featured image (a site path, as the media library gives), so the
  // content editor is checked with every field filled in; removed when the crawl is done.
  const [item] = await server.db
    .insert(content)
    .values({
      title: "Standards check",
      slug: `standards-check-${process.pid}`,
      content: "<p>Checked.</p>",
      status: "published",
      publishedAt: new Date(),
      featuredImageUrl: "/images/showcase-training-960.webp",
    })
    .returning({ id: content.id });
  const [career] = await server.db.select({ id: careers.id }).from(careers).limit(1);
  const [course] = await server.db.select({ id: trainingCourses.id }).from(trainingCourses).limit(1);
  // Each editor opens a record of its own kind.
  const idFor = (path: string) =>
    path.startsWith("/cms/careers/") ? career!.id : path.startsWith("/cms/courses/") ? course!.id : item!.id;
  // The invitation and reset pages open with a live link of their kind.
  const { issueAccountToken } = await import("../../app/server/auth/account-tokens.server");
  const invitation = await issueAccountToken(server.db, {
    kind: "invitation",
    email: `standards-invited-${process.pid}@example.com`,
    role: "editor",
    createdBy: null,
  });
  const reset = await issueAccountToken(server.db, { kind: "password_reset", userId: admin.id });
  const tokenFor = (path: string) => (path.startsWith("/cms/invitation/") ? invitation.token : reset.token);
  // The sign-in's second step opens for a browser half-way through signing in, not for a session.
  const { startPendingSignIn } = await import("../../app/server/auth/second-factor/pending-sign-in.server");
  const pendingCookie = (await startPendingSignIn(server.db, { kind: "second_factor", userId: admin.id })).split(
    ";",
  )[0]!;
  const cookieFor = (path: string) => (path === "/cms/sign-in/verify" ? pendingCookie : `${name}=${value}`);
  const tabs = flattenRoutes()
    .filter((route) => route.file.startsWith("routes/cms/") && route.file.endsWith(".tsx") && !route.isLayout)
    .map((route) => route.path.replace(":id", idFor(route.path)).replace(":token", tokenFor(route.path)))
    // The live preview answers only the editor's POST of its form (cms-live-preview.spec.ts).
    // /cms is the dashboard, checked like every tab.
    .filter((path) => path !== "/cms/content/live-preview");
  const signInServed = { name: "/cms (not signed in, served)", html: await (await api.get("/cms")).text() };
  const served = await mapLimited(tabs, 4, async (path) => {
    const response = await api.get(path, { headers: { Cookie: cookieFor(path) }, maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    return { name: `${path} (served)`, html: await response.text() };
  });
  served.unshift(signInServed);
  const rendered = [signIn, await renderDocument(page, "/cms/content")];
  await context.close();
  await server.db.delete(content).where(eq(content.id, item!.id));
  return { served, rendered };
}

export interface CrawledSite {
  /** Where the pages say they live (PUBLIC_URL): their canonical and JSON-LD addresses use it. */
  publicOrigin: string;
  addresses: Address[];
  pages: FetchedPage[];
  /** Each public page after hydration. */
  hydrated: RenderedDocument[];
  /** The states only the browser draws (dialogs, menus, basket, chat). */
  states: RenderedDocument[];
  cms: { served: { name: string; html: string }[]; rendered: RenderedDocument[] };
}

/** Everything the standards test checks, gathered once. */
export async function crawlSite(browser: Browser, playwright: { request: APIRequest }, server: TestServer) {
  const api = await playwright.request.newContext({ baseURL: server.url });
  try {
    const { context, page } = await newVisitor(browser, server);
    const addresses = await publicAddresses(api, server);
    const pages = await fetchPages(api, page, addresses);
    // Two tabs at a time: much of a page's time is spent waiting for the server or the browser.
    const tabs = [page, await context.newPage()];
    const hydrated = await mapLimited(oneAddressPerModule(pages), 2, async ({ path }) => {
      const tab = tabs.pop()!;
      try {
        return await renderDocument(tab, path);
      } finally {
        tabs.push(tab);
      }
    });
    await context.close();
    const states = await clientStates(browser, server);
    const cms = await crawlCms(browser, api, server);

    const home = pages.find((entry) => entry.path === "/")!;
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(home.html)?.[1];
    expect(canonical, "the home page names its canonical address").toBeDefined();
    return { publicOrigin: new URL(canonical!).origin, addresses, pages, hydrated, states, cms } satisfies CrawledSite;
  } finally {
    await api.dispose();
  }
}
