/**
 * "Require a second factor for administrators" beyond the pages: the CSV exports, a submission's
 * attachment, the media library's JSON, the media upload and /metrics, called as React Router and
 * Express call them, with real sessions. An administrator without a second factor is sent to the
 * account page (what a script reads, the library and the upload, answers 403 and the message the
 * screen shows; /metrics 403); with one, or with the setting off, each answers as before.
 */
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions, media, siteSettings, users } from "../../app/db/schema";
import { SET_UP_SECOND_FACTOR_FIRST, requestAccess } from "~/server/auth/guards.server";
import { SETTING_KEYS } from "~/lib/site/site-setting-keys";
import { getStorage } from "~/server/platform/storage.server";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "second-factor-requirement" });
const KEY = "1700000000000-00000000000000000000000000000000.pdf";
let submissionId = "";

beforeAll(async () => {
  await getStorage().save(KEY, Readable.from(["%PDF-1.4\n%%EOF\n"]), { contentType: "application/pdf" });
  const [row] = await cms.db
    .insert(contactSubmissions)
    .values({
      name: "Ann",
      email: "ann@example.com",
      subject: "Application",
      message: "My CV",
      attachmentUrl: KEY,
      attachmentFilename: "cv.pdf",
    })
    .returning({ id: contactSubmissions.id });
  submissionId = row!.id;
});

async function requireSecondFactorOfAdmins(required: boolean) {
  const value = String(required);
  await cms.db
    .insert(siteSettings)
    .values({ settingKey: SETTING_KEYS.requireAdminSecondFactor, settingValue: value, settingType: "boolean" })
    .onConflictDoUpdate({ target: siteSettings.settingKey, set: { settingValue: value } });
}

/** Gives the harness's administrator an authenticator app (its secret sealed elsewhere), or takes it away. */
async function adminHasSecondFactor(has: boolean) {
  await cms.db
    .update(users)
    .set(
      has
        ? { totpSecret: "v1.sealed.elsewhere.secret", totpEnabledAt: new Date() }
        : { totpSecret: null, totpEnabledAt: null },
    )
    .where(eq(users.id, cms.userId("admin")));
}

afterEach(async () => {
  await requireSecondFactorOfAdmins(false);
  await adminHasSecondFactor(false);
});

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, url: new URL(request.url), params, context: { cspNonce: "nonce" } }) as never;

interface Answer {
  status: number;
  location: string | null;
  body: unknown;
}

/** What a route answered, returned or thrown: a Response, or data() with its status. */
async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) {
    const text = await result.text();
    const json = result.headers.get("Content-Type")?.includes("json") ? (JSON.parse(text) as unknown) : text;
    return { status: result.status, location: result.headers.get("Location"), body: json };
  }
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, location: null, body: (result as { data?: unknown }).data };
}

async function pngFile(): Promise<File> {
  const bytes = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "gate.png", { type: "image/png" });
}

async function postUpload() {
  const body = new FormData();
  body.set("csrf", cms.csrf);
  body.set("file", await pngFile());
  const cookie = [cms.cookie("admin"), `csrf=${cms.csrf}`].join("; ");
  const request = new Request("http://localhost/cms/media/upload", {
    method: "POST",
    headers: { Cookie: cookie },
    body,
  });
  const { action } = await import("~/routes/cms/media-upload");
  return answerOf(() => action(args(request)));
}

/** Each file route's loader, called as the harness's administrator. */
const FILE_ROUTES: Record<string, () => Promise<Answer>> = {
  "/cms/audit/export.csv": async () => {
    const { loader } = await import("~/routes/cms/audit-export");
    return answerOf(() => loader(args(cms.request("http://localhost/cms/audit/export.csv"))));
  },
  "/cms/consents/export.csv": async () => {
    const { loader } = await import("~/routes/cms/consents-export");
    return answerOf(() => loader(args(cms.request("http://localhost/cms/consents/export.csv"))));
  },
  "/cms/submissions/export.csv": async () => {
    const { loader } = await import("~/routes/cms/submissions-export");
    return answerOf(() => loader(args(cms.request("http://localhost/cms/submissions/export.csv"))));
  },
  "/cms/orders/export.csv": async () => {
    const { loader } = await import("~/routes/cms/orders-export");
    return answerOf(() => loader(args(cms.request("http://localhost/cms/orders/export.csv"))));
  },
  "/cms/submissions/:id/attachment": async () => {
    const { loader } = await import("~/routes/cms/attachment");
    const url = `http://localhost/cms/submissions/${submissionId}/attachment`;
    return answerOf(() => loader(args(cms.request(url), { id: submissionId })));
  },
};

/** What the CMS's scripts read: the media picker's library (JSON) and the Media tab's upload. */
const SCRIPT_ROUTES: Record<string, () => Promise<Answer>> = {
  "GET /cms/media/library": async () => {
    const { loader } = await import("~/routes/cms/media-library");
    return answerOf(() => loader(args(cms.request("http://localhost/cms/media/library?q="))));
  },
  "POST /cms/media/upload": postUpload,
};

const EVERY_ROUTE = { ...FILE_ROUTES, ...SCRIPT_ROUTES };

const metricsAccess = () => requestAccess("/metrics", cms.cookie("admin"));

describe("an administrator without a second factor, while the site requires one", () => {
  it.each(Object.keys(FILE_ROUTES))("is sent to the account page by %s", async (address) => {
    await requireSecondFactorOfAdmins(true);
    expect(await FILE_ROUTES[address]!()).toMatchObject({ status: 302, location: "/cms/account" });
  });

  it.each(Object.keys(SCRIPT_ROUTES))("is answered 403 by %s, with the error its screen shows", async (route) => {
    await requireSecondFactorOfAdmins(true);
    const before = await cms.db.select({ id: media.id }).from(media);
    expect(await SCRIPT_ROUTES[route]!()).toEqual({
      status: 403,
      location: null,
      body: { ok: false, error: SET_UP_SECOND_FACTOR_FIRST },
    });
    expect(await cms.db.select({ id: media.id }).from(media)).toEqual(before);
  });

  it("is refused /metrics, told why", async () => {
    await requireSecondFactorOfAdmins(true);
    expect(await metricsAccess()).toEqual({ allowed: false, reason: SET_UP_SECOND_FACTOR_FIRST });
  });
});

describe("the same administrator", () => {
  it.each(Object.keys(EVERY_ROUTE))("gets %s with a second factor, or with the setting off", async (route) => {
    await requireSecondFactorOfAdmins(true);
    await adminHasSecondFactor(true);
    expect(await EVERY_ROUTE[route]!()).toMatchObject({ status: 200 });
    await requireSecondFactorOfAdmins(false);
    await adminHasSecondFactor(false);
    expect(await EVERY_ROUTE[route]!()).toMatchObject({ status: 200 });
  });

  it("reads /metrics with a second factor, or with the setting off", async () => {
    await requireSecondFactorOfAdmins(true);
    await adminHasSecondFactor(true);
    expect(await metricsAccess()).toEqual({ allowed: true });
    await requireSecondFactorOfAdmins(false);
    await adminHasSecondFactor(false);
    expect(await metricsAccess()).toEqual({ allowed: true });
  });
});

describe("other users, while the site requires administrators to have a second factor", () => {
  it("an Editor without one is not asked for one, and /metrics does not admit to them that it exists", async () => {
    await requireSecondFactorOfAdmins(true);
    const { loader } = await import("~/routes/cms/media-library");
    const request = cms.request("http://localhost/cms/media/library?q=", { as: "editor" });
    expect(await answerOf(() => loader(args(request)))).toMatchObject({ status: 200 });
    expect(await requestAccess("/metrics", cms.cookie("editor"))).toEqual({ allowed: false, reason: null });
    expect(await requestAccess("/metrics", undefined)).toEqual({ allowed: false, reason: null });
  });
});
