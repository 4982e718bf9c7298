/**
 * Redirects (app/server/content/redirects.server.ts and its middleware): a published
 * page whose slug changes answers 301 at its old address, then 200 at the new one; the Redirects
 * view's action adds and removes redirects and refuses loops, chains, off-site targets, malformed
 * paths, live pages and the addresses the site serves itself with their messages, changing nothing;
 * every change is audited. A redirect stored over an address the site serves is not followed.
 */
import type { AddressInfo } from "node:net";
import type http from "node:http";
import express from "express";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, content, redirects } from "../../app/db/schema";
import { contentFormSchema, type ContentFormInput } from "~/lib/schemas/content";
import type { Actor } from "~/server/platform/audit.server";
import type { Database } from "~/server/platform/db/db.server";
import { REDIRECT_MESSAGES } from "~/lib/schemas/redirects";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { getEnv } from "~/server/platform/env.server";
import { contentPublishing } from "~/server/content/content-publishing.server";
import * as publishing from "~/server/publishing/publishable.server";
import { oldAddressRedirects } from "~/server/content/redirect-middleware.server";
import { listRedirects } from "~/server/content/redirects.server";
import { addressOwner, knowOwnAddresses, publicFiles } from "~/server/platform/http/own-addresses.server";
import { routeManifest } from "../support/route-manifest";
import { routeArgs, toastOf } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "cms-redirects" });
const actor = () => ({ id: cms.userId("admin"), email: "admin@example.com" });

/** A small site: the redirects middleware, then every other path answers 200 with its path. */
let server: http.Server;
let base: string;
beforeAll(async () => {
  // What the server says it serves (server/app.ts): the routes of app/routes.ts, the public folder.
  knowOwnAddresses(Promise.resolve(addressOwner(routeManifest(), publicFiles("public"), ["/healthz", "/metrics"])));
  const app = express();
  app.use(oldAddressRedirects(cms.getDb));
  app.use((req, res) => {
    res.status(200).send(`page ${req.path}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(async () => {
  await cms.db.delete(redirects);
  await cms.db.delete(content);
  await cms.db.delete(auditLog);
  invalidateAll();
});

/** Saves as the editor's buttons do: Publish for a published status, else Save draft. */
async function saveContentAs(db: Database, actor: Actor, input: ContentFormInput, id?: string) {
  const save = input.status === "published" ? publishing.publish : publishing.saveDraft;
  return { item: (await save(db, actor, contentPublishing, input, id)).row };
}

const get = (path: string) => fetch(base + path, { redirect: "manual" });

async function publish(slug: string, id?: string) {
  const input = contentFormSchema.parse({ title: `Page ${slug}`, slug, status: "published" });
  const saved = await saveContentAs(cms.db, actor(), input, id);
  return saved!.item;
}

async function act(fields: Record<string, string>) {
  const { action } = await import("~/routes/cms/redirects");
  return (await action(routeArgs(cms.post("http://localhost/cms/redirects", fields)))) as {
    data: { ok: boolean; errors?: Record<string, string> };
    init: ResponseInit | null;
  };
}

describe("changing a published page's address", () => {
  it("redirects the old address with 301 to the new one, which answers 200", async () => {
    const page = await publish("old-name");
    await publish("new-name", page.id);

    const old = await get("/content/old-name?ref=mail");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/content/new-name?ref=mail");
    const followed = await get(old.headers.get("location")!);
    expect(followed.status).toBe(200);
    await expect(listRedirects(cms.db)).resolves.toEqual([
      expect.objectContaining({ fromPath: "/content/old-name", toPath: "/content/new-name", automatic: true }),
    ]);
  });

  it("moves redirects that led to the old address, so no chain forms, and renaming back leaves no loop", async () => {
    const page = await publish("first");
    await publish("second", page.id);
    await publish("third", page.id);
    const rows = await listRedirects(cms.db);
    expect(rows.map((row) => [row.fromPath, row.toPath])).toEqual([
      ["/content/first", "/content/third"],
      ["/content/second", "/content/third"],
    ]);

    await publish("first", page.id);
    const back = await listRedirects(cms.db);
    expect(back.map((row) => [row.fromPath, row.toPath])).toEqual([
      ["/content/second", "/content/first"],
      ["/content/third", "/content/first"],
    ]);
    expect((await get("/content/first")).status).toBe(200);
  });

  it("adds nothing for a draft's change of slug", async () => {
    const draft = await saveContentAs(cms.db, actor(), contentFormSchema.parse({ title: "D", slug: "draft-a" }));
    await saveContentAs(cms.db, actor(), contentFormSchema.parse({ title: "D", slug: "draft-b" }), draft!.item.id);
    await expect(listRedirects(cms.db)).resolves.toEqual([]);
  });

  it("lets a page published again at an old address win over the redirect", async () => {
    const page = await publish("taken-back");
    await publish("moved-on", page.id);
    expect((await get("/content/taken-back")).status).toBe(301);
    await publish("taken-back");
    expect((await get("/content/taken-back")).status).toBe(200);
  });
});

describe("the Redirects view's action", () => {
  it("adds a redirect, audited, that the site follows at once; removing it ends it", async () => {
    const answer = await act({ intent: "create", fromPath: " /Old-Offer/ ", toPath: "/training" });
    expect(answer.data).toMatchObject({ ok: true });
    await expect(toastOf(answer)).resolves.toMatchObject({ description: REDIRECT_MESSAGES.added });
    const [row] = await listRedirects(cms.db);
    expect(row).toMatchObject({ fromPath: "/old-offer", toPath: "/training", automatic: false });
    expect((await get("/old-offer")).headers.get("location")).toBe("/training");

    const removed = await act({ intent: "delete", id: row!.id });
    expect(removed.data).toMatchObject({ ok: true });
    expect((await get("/old-offer")).status).toBe(200);
    const audit = await cms.db.select().from(auditLog).where(eq(auditLog.entity, "redirects"));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["redirect.create", "redirect.delete"]);
  });

  it("accepts a full address of this site as its path", async () => {
    const origin = new URL(getEnv().publicUrl).origin;
    const answer = await act({ intent: "create", fromPath: "/old", toPath: `${origin}/contact` });
    expect(answer.data).toMatchObject({ ok: true });
    await expect(listRedirects(cms.db)).resolves.toEqual([expect.objectContaining({ toPath: "/contact" })]);
  });

  it.each([
    ["a loop", { fromPath: "/b", toPath: "/a" }, "toPath", REDIRECT_MESSAGES.loop("/b", "/a")],
    ["a chain onwards", { fromPath: "/c", toPath: "/a" }, "toPath", REDIRECT_MESSAGES.chainTo("/a", "/b")],
    ["a chain backwards", { fromPath: "/b", toPath: "/d" }, "fromPath", REDIRECT_MESSAGES.chainFrom("/b", "/a")],
    [
      "a second redirect from one address",
      { fromPath: "/a", toPath: "/d" },
      "fromPath",
      REDIRECT_MESSAGES.taken("/a", "/b"),
    ],
    ["an off-site target", { fromPath: "/x", toPath: "https://evil.example/" }, "toPath", REDIRECT_MESSAGES.offSite],
    ["a protocol-relative target", { fromPath: "/x", toPath: "//evil.example" }, "toPath", REDIRECT_MESSAGES.offSite],
    ["a malformed path", { fromPath: "/a b", toPath: "/y" }, "fromPath", REDIRECT_MESSAGES.malformed],
    ["a path with a query", { fromPath: "/x", toPath: "/y?z=1" }, "toPath", REDIRECT_MESSAGES.malformed],
    ["no path", { fromPath: "", toPath: "/y" }, "fromPath", REDIRECT_MESSAGES.malformed],
    ["a live page", { fromPath: "/about", toPath: "/y" }, "fromPath", REDIRECT_MESSAGES.livePage("/about")],
    ["the CMS", { fromPath: "/cms/users", toPath: "/y" }, "fromPath", REDIRECT_MESSAGES.reserved("/cms/users")],
    ["the same address twice", { fromPath: "/y", toPath: "/Y/" }, "toPath", REDIRECT_MESSAGES.same],
  ])("refuses %s with its message and changes nothing", async (_name, typed, field, message) => {
    // An existing redirect /a → /b to collide with.
    expect((await act({ intent: "create", fromPath: "/a", toPath: "/b" })).data).toMatchObject({ ok: true });
    const before = await listRedirects(cms.db);
    const answer = await act({ intent: "create", ...typed });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, errors: { [field]: message } });
    await expect(toastOf(answer)).resolves.toMatchObject({ type: "error", description: message });
    await expect(listRedirects(cms.db)).resolves.toEqual(before);
  });

  it("refuses a redirect from a published content page, but not from a draft's address", async () => {
    await publish("live-one");
    const answer = await act({ intent: "create", fromPath: "/content/live-one", toPath: "/" });
    expect(answer.data).toMatchObject({ errors: { fromPath: REDIRECT_MESSAGES.livePage("/content/live-one") } });
    const draft = await act({ intent: "create", fromPath: "/content/not-published", toPath: "/" });
    expect(draft.data).toMatchObject({ ok: true });
  });
});

describe("the addresses the site serves itself", () => {
  const MEDIA_ID = "5f0c8a52-3d4e-4b8f-9a61-2c7d9e0b1a23";
  const served = (path: string) => ["fromPath", REDIRECT_MESSAGES.servedBySite(path)] as const;
  const reserved = (path: string) => ["fromPath", REDIRECT_MESSAGES.reserved(path)] as const;

  it.each([
    ["the icon sprite", "/icons.svg", served("/icons.svg")],
    ["a public file", "/favicon.svg", served("/favicon.svg")],
    ["robots.txt", "/robots.txt", served("/robots.txt")],
    ["the sitemap", "/sitemap.xml", served("/sitemap.xml")],
    ["an image variant", `/media/media-${MEDIA_ID}-3-640.avif`, reserved(`/media/media-${MEDIA_ID}-3-640.avif`)],
    ["an image's stable address", `/media/${MEDIA_ID}.webp`, reserved(`/media/${MEDIA_ID}.webp`)],
    ["the curriculum PDF", "/training/curriculum.pdf", served("/training/curriculum.pdf")],
    ["a test-mode payment page", `/checkout/test/${MEDIA_ID}`, served(`/checkout/test/${MEDIA_ID}`)],
    ["a well-known address", "/.well-known/security.txt", reserved("/.well-known/security.txt")],
    ["a download's page", "/downloads/aws-guide", served("/downloads/aws-guide")],
    ["a built file", "/assets/entry.client-abc123.js", reserved("/assets/entry.client-abc123.js")],
    ["React Router's route discovery", "/__manifest", served("/__manifest")],
    ["a page's data", "/_root.data", served("/_root.data")],
    ["the health check", "/healthz", served("/healthz")],
  ])("refuses a redirect from %s (%s) and changes nothing", async (_name, fromPath, [field, message]) => {
    const answer = await act({ intent: "create", fromPath, toPath: "/about" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, errors: { [field]: message } });
    await expect(listRedirects(cms.db)).resolves.toEqual([]);
  });

  it("still takes an ordinary old address, a gone page's slug and a closed job's address", async () => {
    for (const fromPath of ["/old-offer", "/services/old-name", "/content/retired-page", "/careers/closed-role"]) {
      const answer = await act({ intent: "create", fromPath, toPath: "/about" });
      expect(answer.data, fromPath).toMatchObject({ ok: true });
    }
    expect(await listRedirects(cms.db)).toHaveLength(4);
  });

  it("does not follow a redirect stored over such an address before the rules refused it", async () => {
    const stored = [
      "/icons.svg",
      "/robots.txt",
      "/favicon.svg",
      `/media/${MEDIA_ID}.webp`,
      "/.well-known/security.txt",
    ];
    await cms.db
      .insert(redirects)
      .values([...stored, "/old-offer"].map((fromPath) => ({ fromPath, toPath: "/about" })));
    invalidateAll();
    for (const path of stored) expect((await get(path)).status, path).toBe(200);
    const old = await get("/old-offer");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/about");
  });
});
