/**
 * The access rules of every route and every action: what an anonymous visitor, a deactivated account, an Editor, a Support user and an
 * Administrator get from each. A CMS rule names the permission of app/lib/auth/permissions.ts the route
 * needs, and each role's answer is derived from that table (`byPermission`), so the matrix and the
 * table cannot disagree. access-control-pages.test.ts and access-control-actions.test.ts request
 * all of them, and fail when a route of app/routes.ts, or an action or an intent it declares, has
 * no rule here; request-forgery.test.ts sends every action of this table from another site. The
 * site-crawl and security-header checks of the browser tier borrow its row makers.
 */
import { desc, eq } from "drizzle-orm";
import {
  careers,
  contactSubmissions,
  content,
  contentBlocks,
  media,
  orders,
  passkeys,
  revisions,
  scheduledActions,
  redirects,
  siteSettings,
  trainingCourses,
  unansweredQuestions,
  users,
} from "../../app/db/schema";
import sharp from "sharp";
import routeConfig from "../../app/routes";
import { USER_ROLES, type UserRole } from "../../app/lib/enums";
import { firstTabOf, roleCan, type Permission } from "../../app/lib/auth/permissions";
import { EDIT_PERMISSION_OF_KIND } from "../../app/lib/content-kinds/kinds";
import { careerPath } from "../../app/lib/site/careers";
import { PUBLIC_PAGE_PATHS } from "../../app/lib/seo/public-pages";
import { assistantIntents } from "../../app/routes/cms/assistant.server";
import { blockIntents } from "../../app/routes/cms/blocks.server";
import { careersIntents } from "../../app/routes/cms/careers.server";
import { contentListIntents } from "../../app/routes/cms/content.server";
import { coursesIntents } from "../../app/routes/cms/courses.server";
import { mediaIntents, mediaLibraryIntents } from "../../app/routes/cms/media.server";
import { ordersIntents } from "../../app/routes/cms/orders.server";
import { redirectsIntents } from "../../app/routes/cms/redirects.server";
import { scheduledIntents } from "../../app/routes/cms/scheduled.server";
import { settingsIntents } from "../../app/routes/cms/settings.server";
import { submissionsIntents } from "../../app/routes/cms/submissions.server";
import { trashIntents } from "../../app/routes/cms/trash.server";
import { usersIntents } from "../../app/routes/cms/users.server";
import { accountIntents } from "../../app/routes/cms/account.server";
import { secondStepIntents } from "../../app/routes/cms/sign-in-verify.server";
import { SIGN_IN_INTENTS } from "../../app/components/cms/sign-in/sign-in";
import { TEST_PAYMENT_INTENTS } from "../../app/lib/commerce/test-payment";
import { editorIntents } from "../../app/routes/cms/publishable-editor.server";
import { routeIdOf, type ConfigEntry } from "../support/route-manifest";
import { createAccount, ensureAdminExists, type Account } from "../support/accounts";
import type { TestServer } from "../support/production-server";
import { freshClientAddress, send, type HttpRequest, type Role } from "./security-http";

/* ------------------------------------------------------------------------------------------------
 * The route table, flattened
 * ---------------------------------------------------------------------------------------------- */

export interface AppRoute {
  id: string;
  /** The module, relative to app/. */
  file: string;
  /** The address it answers (parameters as in routes.ts); a layout's is its children's prefix. */
  path: string;
  index: boolean;
  /** A layout is reached only through its children (but its action answers at its own path). */
  isLayout: boolean;
}

/** Every entry of app/routes.ts with its full address and its route id (as React Router makes it). */
export function flattenRoutes(entries: readonly ConfigEntry[] = routeConfig, prefix = ""): AppRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${prefix}/${entry.path}` : prefix;
    const route: AppRoute = {
      id: routeIdOf(entry),
      file: entry.file,
      path: own || "/",
      index: Boolean(entry.index),
      isLayout: Boolean(entry.children?.length),
    };
    return [route, ...flattenRoutes(entry.children ?? [], own)];
  });
}

/**
 * The CMS routes that need no permission of the table: the sign-in card and the way to the first
 * tab (/cms), signing out and in again, the sign-in's second step, one's own password, the pages
 * reached from an e-mail (forgot password, an invitation, a reset link), and the POST-only
 * addresses whose actions have their own rules. Every other /cms route's GET rule names its permission.
 */
export const CMS_ROUTES_WITHOUT_PERMISSION = [
  "routes/cms/index",
  "routes/cms/logout",
  "routes/cms/session",
  "routes/cms/sign-in-verify",
  "routes/cms/account",
  "routes/cms/forgot-password",
  "routes/cms/invitation",
  "routes/cms/reset-password",
  "routes/cms/content-live-preview",
  "routes/cms/media-upload",
];

/**
 * The intents each route's action tells apart, as the action itself declares them: the keys of
 * the handler map it dispatches on (`runCmsAction` in app/routes/cms/cms-action.server.ts answers
 * any other intent as unknown), so this list cannot drift from what the action does. An action
 * that tells no intents apart has an empty list.
 */
const DECLARED_INTENTS: Record<string, readonly string[]> = {
  "routes/cms/users": Object.keys(usersIntents),
  // Signing in, its second step and the account page, which do not run through runCmsAction.
  "routes/cms/layout": SIGN_IN_INTENTS,
  "routes/cms/sign-in-verify": Object.keys(secondStepIntents),
  "routes/cms/account": Object.keys(accountIntents),
  // The public site's test payment page.
  "routes/site/test-payment": Object.values(TEST_PAYMENT_INTENTS),
  "routes/cms/content": Object.keys(contentListIntents),
  "routes/cms/redirects": Object.keys(redirectsIntents),
  "routes/cms/orders": Object.keys(ordersIntents),
  "routes/cms/trash": Object.keys(trashIntents),
  "routes/cms/scheduled": Object.keys(scheduledIntents),
  "routes/cms/careers": Object.keys(careersIntents),
  "routes/cms/submissions": Object.keys(submissionsIntents),
  "routes/cms/blocks": Object.keys(blockIntents),
  "routes/cms/settings": Object.keys(settingsIntents),
  "routes/cms/courses": Object.keys(coursesIntents),
  "routes/cms/assistant": Object.keys(assistantIntents),
  "routes/cms/media": Object.keys(mediaIntents),
  "routes/cms/media-library": Object.keys(mediaLibraryIntents),
  // The three editors share one action (app/routes/cms/publishable-editor.server.ts).
  "routes/cms/content-editor": editorIntents,
  "routes/cms/career-editor": editorIntents,
  "routes/cms/course-editor": editorIntents,
  // The live preview renders the posted form, whatever its intent.
  "routes/cms/content-live-preview": [],
  "routes/cms/session": [],
  "routes/cms/logout": [],
  "routes/cms/forgot-password": [],
  "routes/cms/invitation": [],
  "routes/cms/reset-password": [],
  "routes/cms/media-upload": [],
  "routes/site/contact": [],
  "routes/site/download": [],
  "routes/api/chat": [],
  "routes/api/checkout": [],
  "routes/api/cookie-consent": [],
  "routes/api/stripe-webhook": [],
};

/** The intents the action of a route tells apart ([]: one rule, NO_INTENT); undefined when nobody wrote them down. */
export function declaredIntents(routeId: string): readonly string[] | undefined {
  return DECLARED_INTENTS[routeId];
}

/* ------------------------------------------------------------------------------------------------
 * What each role gets
 * ---------------------------------------------------------------------------------------------- */

export interface Outcome {
  status: number;
  /** Sent to sign in: a 302 to /cms that names the address asked for as redirectTo. */
  signIn?: boolean;
  /** The redirect's target, for a 3xx. */
  location?: RegExp;
  /** For an action: whether it changed the tables of its rule (undefined: either is fine). */
  changes?: boolean;
}

export type RoleOutcomes = Record<Role, Outcome>;

/** Sent to the CMS sign-in card, which brings them back to the address they asked for. */
const SIGN_IN: Outcome = { status: 302, signIn: true, changes: false };
/** A signed-in user whose role lacks the permission: Access Denied. */
const DENIED: Outcome = { status: 403, changes: false };

const shown = (status = 200): Outcome => ({ status });
const changed = (status = 200, location?: RegExp): Outcome => ({ status, location, changes: true });
const unchanged = (status: number, location?: RegExp): Outcome => ({ status, location, changes: false });
const redirectTo = (target: string): RegExp => new RegExp(`^${target.replace(/[?.]/g, "\\$&")}$`);

/**
 * What each visitor gets: `signedOut` for an anonymous visitor and for a deactivated account (its
 * session ended with the deactivation, so it is no one), `role(r)` for each CMS role.
 */
function outcomes(signedOut: Outcome, role: (role: UserRole) => Outcome): RoleOutcomes {
  const byRole = Object.fromEntries(USER_ROLES.map((name) => [name, role(name)])) as Record<UserRole, Outcome>;
  return { anonymous: signedOut, deactivated: signedOut, ...byRole };
}

const everyone = (outcome: Outcome): RoleOutcomes => outcomes(outcome, () => outcome);
/** Behind a permission: signed-out visitors are sent to sign in, roles without it get 403, roles with it `allowed`. */
const byPermission = (permission: Permission, allowed: Outcome): RoleOutcomes =>
  outcomes(SIGN_IN, (role) => (roleCan(role, permission) ? allowed : DENIED));
const signedInOnly = (allowed: Outcome): RoleOutcomes => outcomes(SIGN_IN, () => allowed);

/* ------------------------------------------------------------------------------------------------
 * Rows the rules point at
 * ---------------------------------------------------------------------------------------------- */

let rowCounter = 0;
/** A name or slug no other row of this worker has. */
export function unique(prefix: string): string {
  rowCounter += 1;
  return `${prefix}-${process.pid}-${rowCounter}-${Date.now()}`;
}

/** What a rule's request may need: the server and the visitor's account. */
export interface RuleContext {
  server: TestServer;
  /** The account of the visitor making the request (null for an anonymous visitor). */
  visitor: Account | null;
}

export async function insertCareer(server: TestServer, isActive = true) {
  const [row] = await server.db
    .insert(careers)
    .values({ title: unique("Access rule engineer"), isActive })
    .returning();
  // The public pages cache what they read: the server must see the row written behind its back.
  server.invalidateCaches();
  return row!;
}

export async function insertContent(server: TestServer, published: boolean) {
  const [row] = await server.db
    .insert(content)
    .values({
      title: "Access rule item",
      slug: unique("access-rule"),
      content: "<p>Body</p>",
      status: published ? "published" : "draft",
      publishedAt: published ? new Date() : null,
    })
    .returning();
  server.invalidateCaches();
  return row!;
}

/** A pending scheduled publication of a content item, far in the future. */
async function insertScheduledAction(
  server: TestServer,
  entityId: string,
  entityKind: "content" | "career" | "course" = "content",
) {
  const [row] = await server.db
    .insert(scheduledActions)
    .values({
      entityKind,
      entityId,
      action: "publish",
      runAt: new Date("2099-01-01T09:00:00Z"),
      createdByEmail: "someone@example.com",
    })
    .returning();
  return row!;
}

/**
 * The rules of a job-opening or course editor's intents (/cms/careers/{id}, /cms/courses/{id}):
 * `insert` makes an item and returns the form fields that save it, with the version the editor's
 * form carries (a save over a newer one is refused).
 */
function editorRules(
  kind: "career" | "course",
  listPath: string,
  insert: (server: TestServer) => Promise<{ id: string; fields: Record<string, string>; version: string }>,
): Record<string, ActionRule> {
  const table = kind === "career" ? "careers" : "training_courses";
  const permission = EDIT_PERMISSION_OF_KIND[kind];
  const toEditor = new RegExp(`^${listPath}/[0-9a-f-]+$`);
  const form = (intent: string, extra: Record<string, string> = {}) => ({
    request: async ({ server }: { server: TestServer }) => {
      const item = await insert(server);
      return cmsForm(`${listPath}/${item.id}`, { intent, ...item.fields, baseVersion: item.version, ...extra });
    },
    tables: [intent === "schedule" ? "scheduled_actions" : table],
    expect: WRITE(permission, 302, redirectTo(listPath)),
  });
  return {
    save: form("save"),
    publish: form("publish"),
    unpublish: form("unpublish"),
    schedule: form("schedule", { publishAt: "2099-01-01T09:00" }),
    "cancel-schedule": {
      request: async ({ server }) => {
        const item = await insert(server);
        const scheduled = await insertScheduledAction(server, item.id, kind);
        return cmsForm(`${listPath}/${item.id}`, { intent: "cancel-schedule", scheduleId: scheduled.id });
      },
      tables: ["scheduled_actions"],
      expect: WRITE(permission, 302, toEditor),
    },
    restore: {
      request: async ({ server }) => {
        const item = await insert(server);
        const [revision] = await server.db
          .insert(revisions)
          .values({
            entityKind: kind,
            entityId: item.id,
            action: "saved",
            snapshot: { ...item.fields, description: "Restored by the rule" },
            userEmail: "someone@example.com",
          })
          .returning();
        return cmsForm(`${listPath}/${item.id}`, { intent: "restore", revisionId: revision!.id });
      },
      tables: [table],
      expect: WRITE(permission, 302, toEditor),
    },
  };
}

async function insertCourse(server: TestServer) {
  const [row] = await server.db
    .insert(trainingCourses)
    .values({
      name: unique("Access rule course"),
      description: "A course.",
      duration: "1 day",
      level: "Beginner",
      price: 100,
    })
    .returning();
  return row!;
}

async function insertQuestion(server: TestServer) {
  const [row] = await server.db
    .insert(unansweredQuestions)
    .values({ question: unique("Is there a question nobody answered") })
    .returning();
  return row!;
}

/** A library image record (its files are not needed to edit or delete it). */
async function insertMedia(server: TestServer) {
  const [row] = await server.db
    .insert(media)
    .values({
      storageKey: `media-${crypto.randomUUID()}-000000000000-original.png`,
      mimeType: "image/png",
      byteSize: 100,
      width: 10,
      height: 10,
      originalName: unique("access-rule-image"),
      version: "000000000000",
    })
    .returning();
  return row!;
}

async function insertSubmission(server: TestServer, status = "new") {
  const [row] = await server.db
    .insert(contactSubmissions)
    .values({ name: "Access Rule", email: "access-rule@example.com", subject: "Hello", message: "A message.", status })
    .returning();
  return row!;
}

async function insertBlock(server: TestServer) {
  const [row] = await server.db
    .insert(contentBlocks)
    .values({ name: unique("Access rule block"), contentData: { quote: "Good.", author: "A. Client" } })
    .returning();
  return row!;
}

async function insertSetting(server: TestServer) {
  const [row] = await server.db
    .insert(siteSettings)
    .values({ settingKey: unique("access_rule").replace(/-/g, "_"), settingValue: "before" })
    .returning();
  return row!;
}

/** A pending order of the built-in test-mode payment page, made through the real checkout. */
export async function newTestOrder(server: TestServer): Promise<string> {
  const [course] = await server.db.select().from(trainingCourses).where(eq(trainingCourses.isActive, true)).limit(1);
  const response = await send(server, {
    method: "POST",
    path: "/api/checkout",
    headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": freshClientAddress() },
    json: { courseIds: [course!.id], currency: "GBP" },
  });
  const url = (JSON.parse(response.text) as { url?: string }).url ?? "";
  const match = /\/checkout\/test\/([0-9a-f-]{36})$/.exec(url);
  if (!match)
    throw new Error(`the checkout did not answer with a test payment page: ${response.status} ${response.text}`);
  return match[1]!;
}

/** A test-mode order made through the real checkout, then marked paid with a customer address. */
async function paidTestOrder(server: TestServer): Promise<string> {
  const id = await newTestOrder(server);
  await server.db
    .update(orders)
    .set({ status: "paid", paidAt: new Date(), customerEmail: "access-rule-buyer@example.com" })
    .where(eq(orders.id, id));
  return id;
}

/** A submission of a job application with a CV, sent through the real contact form. */
export async function newSubmissionWithAttachment(server: TestServer): Promise<string> {
  const subject = unique("Application");
  const response = await send(server, {
    method: "POST",
    path: "/contact?job=Engineer",
    headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": freshClientAddress() },
    multipart: {
      name: "Access Rule",
      email: "applicant@example.com",
      subject,
      message: "Please find my CV attached.",
      job: "Engineer",
      consent: "yes",
      attachment: { name: "cv.txt", mimeType: "text/plain", buffer: Buffer.from("Curriculum vitae\n") },
    },
  });
  const [row] = await server.db.select().from(contactSubmissions).where(eq(contactSubmissions.subject, subject));
  if (!row?.attachmentUrl) throw new Error(`the application was not stored with its CV: ${response.status}`);
  return row.id;
}

/** Real rows for the addresses with parameters. */
export interface KnownRows {
  careerPath: string;
  careerId: string;
  courseId: string;
  contentSlug: string;
  contentId: string;
  submissionWithAttachment: string;
  pendingOrder: string;
  paidOrder: string;
  /** Live invitation and reset links: their pages are read, never used, by the GET rules. */
  invitationToken: string;
  resetToken: string;
}

/** A strong password, as the invitation and reset pages require one. */
const NEW_PASSWORD = "copper kettle under amber lanterns";

/** A live invitation link (its token), made as the Users tab makes one but without its mail. */
async function newInvitationToken(server: TestServer): Promise<string> {
  const { issueAccountToken } = await import("../../app/server/auth/account-tokens.server");
  const email = `${unique("invited")}@example.com`;
  const { token } = await issueAccountToken(server.db, { kind: "invitation", email, role: "editor", createdBy: null });
  return token;
}

/** A live reset link (its token) of a new account. */
async function newResetToken(server: TestServer): Promise<string> {
  const { issueAccountToken } = await import("../../app/server/auth/account-tokens.server");
  const account = await createAccount(server, "editor", "reset");
  const { token } = await issueAccountToken(server.db, { kind: "password_reset", userId: account.id });
  return token;
}

/** A pending invitation's row id. */
async function newInvitationId(server: TestServer): Promise<string> {
  const { issueAccountToken } = await import("../../app/server/auth/account-tokens.server");
  const email = `${unique("invited")}@example.com`;
  const { row } = await issueAccountToken(server.db, { kind: "invitation", email, role: "editor", createdBy: null });
  return row.id;
}

export async function prepareKnownRows(server: TestServer): Promise<KnownRows> {
  const career = await insertCareer(server);
  const published = await insertContent(server, true);
  const pendingOrder = await newTestOrder(server);
  const paidOrder = await newTestOrder(server);
  await server.db.update(orders).set({ status: "paid", paidAt: new Date() }).where(eq(orders.id, paidOrder));
  return {
    careerPath: careerPath(career),
    careerId: career.id,
    courseId: (await insertCourse(server)).id,
    contentSlug: published.slug,
    contentId: published.id,
    submissionWithAttachment: await newSubmissionWithAttachment(server),
    pendingOrder,
    paidOrder,
    invitationToken: await newInvitationToken(server),
    resetToken: await newResetToken(server),
  };
}

/* ------------------------------------------------------------------------------------------------
 * GET: every addressable route
 * ---------------------------------------------------------------------------------------------- */

export interface PageRule {
  /** The address to request, for a route whose address has parameters. */
  path?: (rows: KnownRows) => string;
  /** The permission the route's loader checks (its module must name it). */
  permission?: Permission;
  expect: RoleOutcomes;
}

const publicPage: PageRule = { expect: everyone(shown()) };
/** A CMS page or file behind `permission` (app/lib/auth/permissions.ts). */
const cmsPage = (permission: Permission, path?: PageRule["path"]): PageRule => ({
  path,
  permission,
  expect: byPermission(permission, shown()),
});
/** The API's resource routes take only POST: GET answers 405. */
const postOnly: PageRule = { expect: everyone(shown(405)) };

/**
 * A route whose address is one of the public pages (app/lib/seo/public-pages.ts, the sitemap's
 * list) is open to everyone, so a new marketing page needs no rule of its own here.
 */
const PUBLIC_PAGE_RULES: Record<string, PageRule> = Object.fromEntries(
  flattenRoutes()
    .filter((route) => !route.isLayout && PUBLIC_PAGE_PATHS.includes(route.path))
    .map((route) => [route.id, publicPage]),
);

export const PAGE_RULES: Record<string, PageRule> = {
  ...PUBLIC_PAGE_RULES,
  "routes/site/career": { path: (rows) => rows.careerPath, expect: everyone(shown()) },
  "routes/site/overview:case-studies/cyber-security": publicPage,
  "routes/site/service-page:data-lake-analytics": publicPage,
  "routes/site/case-study:enterprise-cloud-migration": publicPage,
  "routes/site/case-study:scalable-ecommerce": publicPage,
  "routes/site/test-payment": { path: (rows) => `/checkout/test/${rows.pendingOrder}`, expect: everyone(shown()) },
  "routes/site/checkout-success": {
    path: (rows) => `/checkout/success?order=${rows.paidOrder}`,
    expect: everyone(shown()),
  },
  "routes/site/content": { path: (rows) => `/content/${rows.contentSlug}`, expect: everyone(shown()) },
  "routes/site/download": { path: () => "/downloads/aws-guide", expect: everyone(shown()) },
  "routes/site/not-found": { path: () => "/no/such/page", expect: everyone(shown(404)) },
  // /cms: the sign-in card; the dashboard for a role that may see it, else the role's first tab.
  "routes/cms/index": {
    expect: outcomes(shown(), (role) =>
      roleCan(role, "dashboard.view") ? shown() : { status: 302, location: redirectTo(firstTabOf(role)!) },
    ),
  },
  "routes/cms/logout": { expect: everyone({ status: 302, location: redirectTo("/cms") }) },
  // Signing in again from the dialog over a form: it takes posts only.
  "routes/cms/session": postOnly,
  // Every user may change their own password.
  "routes/cms/account": { expect: signedInOnly(shown()) },
  // Reached without a session: asking for a reset link, and the two kinds of link.
  "routes/cms/forgot-password": publicPage,
  "routes/cms/invitation": { path: (rows) => `/cms/invitation/${rows.invitationToken}`, expect: everyone(shown()) },
  "routes/cms/reset-password": {
    path: (rows) => `/cms/reset-password/${rows.resetToken}`,
    expect: everyone(shown()),
  },
  // The sign-in's second step needs a pending sign-in (a cookie none of these requests has): back to /cms.
  "routes/cms/sign-in-verify": { expect: everyone({ status: 302, location: redirectTo("/cms") }) },
  "routes/cms/users": cmsPage("users.manage"),
  "routes/cms/content": cmsPage("content.view"),
  "routes/cms/content-editor": cmsPage("content.edit", (rows) => `/cms/content/${rows.contentId}`),
  "routes/cms/content-preview": cmsPage("content.view", (rows) => `/cms/content/${rows.contentId}/preview`),
  // The editor's live preview frame: the unsaved form posted into it, so POST only.
  "routes/cms/content-live-preview": postOnly,
  "routes/cms/scheduled": cmsPage("content.view"),
  "routes/cms/careers": cmsPage("careers.view"),
  "routes/cms/career-editor": cmsPage("careers.edit", (rows) => `/cms/careers/${rows.careerId}`),
  "routes/cms/submissions": cmsPage("submissions.view"),
  "routes/cms/submissions-export": cmsPage("submissions.view"),
  "routes/cms/attachment": cmsPage(
    "submissions.view",
    (rows) => `/cms/submissions/${rows.submissionWithAttachment}/attachment`,
  ),
  "routes/cms/blocks": cmsPage("blocks.view"),
  "routes/cms/settings": cmsPage("settings.view"),
  "routes/cms/outbox": cmsPage("outbox.view"),
  "routes/cms/courses": cmsPage("courses.view"),
  "routes/cms/course-editor": cmsPage("courses.edit", (rows) => `/cms/courses/${rows.courseId}`),
  "routes/cms/orders": cmsPage("orders.view"),
  "routes/cms/orders-export": cmsPage("orders.view"),
  // The cookie consent log and its CSV export.
  "routes/cms/consents": cmsPage("consents.view"),
  "routes/cms/consents-export": cmsPage("consents.view"),
  // The audit history and its CSV: read only.
  "routes/cms/audit": cmsPage("audit.view"),
  "routes/cms/audit-export": cmsPage("audit.view"),
  "routes/cms/assistant": cmsPage("assistant.view"),
  "routes/cms/media": cmsPage("media.view"),
  "routes/cms/media-library": cmsPage("media.view"),
  // Uploads are POST only.
  "routes/cms/media-upload": postOnly,
  // The public files: the same for everyone (an unknown image is 404 to all).
  "routes/api/media-file": { path: () => `/media/${crypto.randomUUID()}.webp`, expect: everyone(shown(404)) },
  "routes/cms/redirects": cmsPage("redirects.view"),
  "routes/cms/trash": cmsPage("content.view"),
  "routes/api/sitemap": publicPage,
  "routes/api/robots": publicPage,
  "routes/api/icons": publicPage,
  "routes/api/curriculum": publicPage,
  "routes/api/cookie-consent": postOnly,
  "routes/api/checkout": postOnly,
  "routes/api/chat": postOnly,
  "routes/api/stripe-webhook": postOnly,
};

/* ------------------------------------------------------------------------------------------------
 * POST: every action and every intent it tells apart
 * ---------------------------------------------------------------------------------------------- */

/** The key of an action that has no intents. */
export const NO_INTENT = "(no intent)";

export interface ActionRule {
  /**
   * Builds a well-formed request, afresh for each role (the administrator's really happens, so a
   * deleted row must not be the next role's). A form gets the anti-forgery token added.
   */
  request: (context: RuleContext) => Promise<Omit<HttpRequest, "method" | "cookies">>;
  /** The tables the action writes: a refused request must leave them as they were. */
  tables: readonly string[];
  expect: RoleOutcomes;
}

/** An action behind `permission`: it changes its tables for a role that holds it, nothing for anyone else. */
const WRITE = (permission: Permission, status = 200, location?: RegExp) =>
  byPermission(permission, changed(status, location));

function cmsForm(path: string, form: Record<string, string>) {
  return { path, form };
}

export const ACTION_RULES: Record<string, Record<string, ActionRule>> = {
  // Signing in is for anyone with an account; each sign-in starts a new session.
  "routes/cms/layout": {
    login: {
      request: async ({ server }) => {
        const account = await createAccount(server, "support", "sign-in");
        return cmsForm("/cms", { intent: "login", email: account.email, password: account.password });
      },
      tables: ["sessions"],
      expect: everyone(changed(302, redirectTo("/cms"))),
    },
    // The first-run set-up is refused once an administrator exists, whoever asks.
    setup: {
      request: async ({ server }) => {
        await ensureAdminExists(server);
        return cmsForm("/cms", {
          intent: "setup",
          code: "not-the-code",
          email: `${unique("setup")}@example.com`,
          password: "a-long-password",
        });
      },
      tables: ["users", "admin_setup"],
      // A signed-in person's document request then runs /cms's loader: the dashboard, or their first tab.
      expect: outcomes(unchanged(400), (role) =>
        roleCan(role, "dashboard.view") ? unchanged(400) : unchanged(302, redirectTo(firstTabOf(role)!)),
      ),
    },
  },
  // Signing in again mid-edit is for anyone with an account, like the sign-in card: a new session.
  "routes/cms/session": {
    [NO_INTENT]: {
      request: async ({ server }) => {
        const account = await createAccount(server, "editor", "sign-in-again");
        return cmsForm("/cms/session", { email: account.email, password: account.password });
      },
      tables: ["sessions"],
      expect: everyone(changed()),
    },
  },
  // Sign Out ends the visitor's own session (an anonymous visitor has none to end).
  "routes/cms/logout": {
    [NO_INTENT]: {
      request: async () => cmsForm("/cms/logout", {}),
      tables: ["sessions"],
      expect: outcomes(unchanged(302, redirectTo("/cms")), () => changed(302, redirectTo("/cms"))),
    },
  },
  "routes/cms/account": {
    password: {
      request: async ({ visitor }) =>
        cmsForm("/cms/account", {
          intent: "password",
          currentPassword: visitor?.password ?? "correct horse battery",
          newPassword: "a-new-long-password",
          confirmPassword: "a-new-long-password",
        }),
      tables: ["users", "sessions"],
      expect: signedInOnly(changed(302, redirectTo("/cms"))),
    },
    // The visitor's own second factor.
    "totp-start": {
      request: async () => cmsForm("/cms/account", { intent: "totp-start" }),
      tables: ["users"],
      expect: signedInOnly(changed()),
    },
    "totp-cancel": {
      request: async ({ server, visitor }) => {
        if (visitor) {
          await server.db.update(users).set({ totpPendingSecret: "v1.a.b.c" }).where(eq(users.id, visitor.id));
        }
        return cmsForm("/cms/account", { intent: "totp-cancel" });
      },
      tables: ["users"],
      expect: signedInOnly(changed()),
    },
    // Without a set-up under way, a code confirms nothing.
    "totp-confirm": {
      request: async () => cmsForm("/cms/account", { intent: "totp-confirm", code: "123456" }),
      tables: ["users", "recovery_codes", "mail_outbox"],
      expect: signedInOnly(unchanged(400)),
    },
    // Without an authenticator app, there is nothing to remove.
    "totp-disable": {
      request: async ({ visitor }) =>
        cmsForm("/cms/account", { intent: "totp-disable", password: visitor?.password ?? "correct horse battery" }),
      tables: ["users", "recovery_codes", "mail_outbox"],
      expect: signedInOnly(unchanged(400)),
    },
    "passkey-options": {
      request: async () => cmsForm("/cms/account", { intent: "passkey-options" }),
      tables: ["pending_sign_ins"],
      expect: signedInOnly(changed()),
    },
    // Without the challenge's cookie, no passkey is added.
    "passkey-register": {
      request: async () => cmsForm("/cms/account", { intent: "passkey-register", name: "Laptop", response: "{}" }),
      tables: ["passkeys"],
      expect: signedInOnly(unchanged(400)),
    },
    // Confirming it's you (a fresh session's proof is renewed; without passkeys or the challenge's
    // cookie, a passkey confirms nothing).
    "confirm-password": {
      request: async ({ visitor }) =>
        cmsForm("/cms/account", { intent: "confirm-password", password: visitor?.password ?? "correct horse battery" }),
      tables: ["sessions"],
      expect: signedInOnly(changed()),
    },
    "confirm-passkey-options": {
      request: async () => cmsForm("/cms/account", { intent: "confirm-passkey-options" }),
      tables: ["pending_sign_ins"],
      expect: signedInOnly(unchanged(400)),
    },
    "confirm-passkey": {
      request: async () => cmsForm("/cms/account", { intent: "confirm-passkey", response: "{}" }),
      tables: ["sessions", "pending_sign_ins"],
      expect: signedInOnly(unchanged(400)),
    },
    // Without an authenticator app there are no recovery codes to renew, nor anything to remove.
    "recovery-codes-renew": {
      request: async () => cmsForm("/cms/account", { intent: "recovery-codes-renew" }),
      tables: ["recovery_codes", "mail_outbox"],
      expect: signedInOnly(unchanged(400)),
    },
    "remove-all-sign-in-methods": {
      request: async () => cmsForm("/cms/account", { intent: "remove-all-sign-in-methods" }),
      tables: ["users", "passkeys", "mail_outbox"],
      expect: signedInOnly(unchanged(400)),
    },
    // With no review open, keeping the sign-in methods changes nothing.
    "keep-sign-in-methods": {
      request: async () => cmsForm("/cms/account", { intent: "keep-sign-in-methods" }),
      tables: ["users", "audit_log"],
      expect: signedInOnly(unchanged(200)),
    },
    "sign-out-everywhere": {
      request: async () => cmsForm("/cms/account", { intent: "sign-out-everywhere" }),
      tables: ["audit_log", "mail_outbox"],
      expect: signedInOnly(changed()),
    },
    "passkey-remove": {
      request: async ({ server, visitor }) => {
        const owner = visitor ?? (await createAccount(server, "editor", "passkey-owner"));
        const [row] = await server.db
          .insert(passkeys)
          .values({ userId: owner.id, credentialId: unique("credential"), publicKey: "AAAA", name: "Laptop" })
          .returning();
        return cmsForm("/cms/account", { intent: "passkey-remove", id: row!.id });
      },
      tables: ["passkeys"],
      expect: signedInOnly(changed()),
    },
  },
  // The sign-in's second step. None of these requests has a pending sign-in, so each is
  // refused and the step's page sends the visitor back to /cms; only a password-less passkey
  // sign-in may start from nothing (it keeps its challenge in a pending sign-in).
  "routes/cms/sign-in-verify": {
    code: {
      request: async () => cmsForm("/cms/sign-in/verify", { intent: "code", code: "123456" }),
      tables: ["sessions", "pending_sign_ins", "recovery_codes", "users"],
      expect: everyone(unchanged(302, redirectTo("/cms"))),
    },
    "passkey-options": {
      request: async () => cmsForm("/cms/sign-in/verify", { intent: "passkey-options" }),
      tables: ["pending_sign_ins"],
      expect: everyone(unchanged(302, redirectTo("/cms"))),
    },
    passkey: {
      request: async () => cmsForm("/cms/sign-in/verify", { intent: "passkey", response: "{}" }),
      tables: ["sessions", "pending_sign_ins", "passkeys"],
      expect: everyone(unchanged(302, redirectTo("/cms"))),
    },
    "passwordless-options": {
      request: async () => cmsForm("/cms/sign-in/verify", { intent: "passwordless-options" }),
      tables: ["pending_sign_ins"],
      expect: everyone(changed(302, redirectTo("/cms"))),
    },
    passwordless: {
      request: async () => cmsForm("/cms/sign-in/verify", { intent: "passwordless", response: "{}" }),
      tables: ["sessions", "pending_sign_ins", "passkeys"],
      expect: everyone(unchanged(302, redirectTo("/cms"))),
    },
  },
  // Open to anyone. An address without an account is asked about, so the rule can
  // prove that nothing is written: a known address's link is made after the answer (the browser
  // test cms-account-links.spec.ts follows that one to the mail).
  "routes/cms/forgot-password": {
    [NO_INTENT]: {
      request: async () => cmsForm("/cms/forgot-password", { email: `${unique("nobody")}@example.com` }),
      tables: ["account_tokens", "mail_outbox"],
      expect: everyone(unchanged(200)),
    },
  },
  // Whoever holds the link: the account is made (or its password set) and this browser signed in.
  "routes/cms/invitation": {
    [NO_INTENT]: {
      request: async ({ server }) =>
        cmsForm(`/cms/invitation/${await newInvitationToken(server)}`, {
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
      tables: ["users", "account_tokens", "sessions"],
      expect: everyone(changed(302, redirectTo("/cms"))),
    },
  },
  "routes/cms/reset-password": {
    [NO_INTENT]: {
      request: async ({ server }) =>
        cmsForm(`/cms/reset-password/${await newResetToken(server)}`, {
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        }),
      tables: ["users", "account_tokens", "sessions"],
      expect: everyone(changed(302, redirectTo("/cms"))),
    },
  },
  "routes/cms/users": {
    // Invitations.
    invite: {
      request: async () =>
        cmsForm("/cms/users", { intent: "invite", email: `${unique("invited")}@example.com`, role: "editor" }),
      tables: ["account_tokens", "mail_outbox"],
      expect: WRITE("users.manage"),
    },
    "resend-invitation": {
      request: async ({ server }) =>
        cmsForm("/cms/users", { intent: "resend-invitation", id: await newInvitationId(server) }),
      tables: ["account_tokens", "mail_outbox"],
      expect: WRITE("users.manage"),
    },
    "revoke-invitation": {
      request: async ({ server }) =>
        cmsForm("/cms/users", { intent: "revoke-invitation", id: await newInvitationId(server) }),
      tables: ["account_tokens"],
      expect: WRITE("users.manage"),
    },
    "reset-second-factor": {
      request: async ({ server }) => {
        const target = await createAccount(server, "editor", "target");
        await server.db
          .update(users)
          .set({ totpSecret: "v1.not.a.secret", totpEnabledAt: new Date() })
          .where(eq(users.id, target.id));
        return cmsForm("/cms/users", { intent: "reset-second-factor", id: target.id });
      },
      tables: ["users"],
      expect: WRITE("users.manage"),
    },
    create: {
      request: async () =>
        cmsForm("/cms/users", {
          intent: "create",
          email: `${unique("new")}@example.com`,
          password: "a-long-password",
          role: "editor",
        }),
      tables: ["users"],
      expect: WRITE("users.manage"),
    },
    role: {
      request: async ({ server }) => {
        const target = await createAccount(server, "support", "target");
        return cmsForm("/cms/users", { intent: "role", id: target.id, role: "editor" });
      },
      tables: ["users"],
      expect: WRITE("users.manage"),
    },
    password: {
      request: async ({ server }) => {
        const target = await createAccount(server, "editor", "target");
        return cmsForm("/cms/users", { intent: "password", id: target.id, password: "a-reset-long-password" });
      },
      tables: ["users", "sessions"],
      expect: WRITE("users.manage"),
    },
    deactivate: {
      request: async ({ server }) => {
        const target = await createAccount(server, "editor", "target");
        return cmsForm("/cms/users", { intent: "deactivate", id: target.id });
      },
      tables: ["users", "sessions"],
      expect: WRITE("users.manage"),
    },
    activate: {
      request: async ({ server }) => {
        const target = await createAccount(server, "editor", "target");
        await server.db.update(users).set({ isActive: false }).where(eq(users.id, target.id));
        return cmsForm("/cms/users", { intent: "activate", id: target.id });
      },
      tables: ["users"],
      expect: WRITE("users.manage"),
    },
  },
  "routes/cms/content": {
    delete: {
      request: async ({ server }) =>
        cmsForm("/cms/content", { intent: "delete", id: (await insertContent(server, false)).id }),
      tables: ["content"],
      expect: WRITE("content.edit"),
    },
    // Bulk publish, unpublish and delete of the selected rows.
    bulk: {
      request: async ({ server }) =>
        cmsForm("/cms/content", {
          intent: "bulk",
          bulkAction: "publish",
          ids: (await insertContent(server, false)).id,
        }),
      tables: ["content"],
      expect: WRITE("content.edit"),
    },
  },
  "routes/cms/redirects": {
    create: {
      request: async () =>
        cmsForm("/cms/redirects", { intent: "create", fromPath: `/${unique("old")}`, toPath: "/about" }),
      tables: ["redirects"],
      expect: WRITE("redirects.edit"),
    },
    delete: {
      request: async ({ server }) => {
        const [row] = await server.db
          .insert(redirects)
          .values({ fromPath: `/${unique("gone")}`, toPath: "/about" })
          .returning();
        return cmsForm("/cms/redirects", { intent: "delete", id: row!.id });
      },
      tables: ["redirects"],
      expect: WRITE("redirects.edit"),
    },
  },
  // Refund, resend the confirmation, add a note: each on a paid test-mode order of its own.
  "routes/cms/orders": {
    refund: {
      request: async ({ server }) =>
        cmsForm("/cms/orders", { intent: "refund", id: await paidTestOrder(server), amount: "" }),
      tables: ["orders", "order_refunds"],
      expect: WRITE("orders.manage"),
    },
    resend: {
      request: async ({ server }) => cmsForm("/cms/orders", { intent: "resend", id: await paidTestOrder(server) }),
      tables: ["mail_outbox"],
      expect: WRITE("orders.manage"),
    },
    note: {
      request: async ({ server }) =>
        cmsForm("/cms/orders", { intent: "note", id: await paidTestOrder(server), note: "Access rule note." }),
      tables: ["order_notes"],
      expect: WRITE("orders.manage"),
    },
  },
  // The trash's Restore, also the toast's Undo after a delete.
  "routes/cms/trash": {
    restore: {
      request: async ({ server }) => {
        const item = await insertContent(server, false);
        await server.db.update(content).set({ deletedAt: new Date() }).where(eq(content.id, item.id));
        return cmsForm("/cms/trash", { intent: "restore", kind: "content", ids: item.id });
      },
      tables: ["content"],
      expect: WRITE("content.edit"),
    },
  },
  "routes/cms/content-editor": {
    save: {
      request: async ({ server }) => {
        const item = await insertContent(server, false);
        return cmsForm(`/cms/content/${item.id}`, {
          intent: "save",
          title: "Changed by the access rule",
          slug: item.slug,
          baseVersion: item.updatedAt.toISOString(),
          type: "page",
          content: "<p>Changed</p>",
        });
      },
      tables: ["content"],
      expect: WRITE("content.edit", 302, redirectTo("/cms/content")),
    },
    publish: {
      request: async ({ server }) => {
        const item = await insertContent(server, false);
        return cmsForm(`/cms/content/${item.id}`, {
          intent: "publish",
          title: "Published by the rule",
          slug: item.slug,
          baseVersion: item.updatedAt.toISOString(),
        });
      },
      tables: ["content"],
      expect: WRITE("content.edit", 302, redirectTo("/cms/content")),
    },
    unpublish: {
      request: async ({ server }) => {
        const item = await insertContent(server, true);
        return cmsForm(`/cms/content/${item.id}`, {
          intent: "unpublish",
          title: item.title,
          slug: item.slug,
          baseVersion: item.updatedAt.toISOString(),
        });
      },
      tables: ["content"],
      expect: WRITE("content.edit", 302, redirectTo("/cms/content")),
    },
    schedule: {
      request: async ({ server }) => {
        const item = await insertContent(server, false);
        return cmsForm(`/cms/content/${item.id}`, {
          intent: "schedule",
          title: item.title,
          slug: item.slug,
          baseVersion: item.updatedAt.toISOString(),
          publishAt: "2099-01-01T09:00",
        });
      },
      tables: ["scheduled_actions"],
      expect: WRITE("content.edit", 302, redirectTo("/cms/content")),
    },
    "cancel-schedule": {
      request: async ({ server }) => {
        const item = await insertContent(server, false);
        const scheduled = await insertScheduledAction(server, item.id);
        return cmsForm(`/cms/content/${item.id}`, { intent: "cancel-schedule", scheduleId: scheduled.id });
      },
      tables: ["scheduled_actions"],
      expect: WRITE("content.edit", 302, /^\/cms\/content\/[0-9a-f-]+$/),
    },
    restore: {
      request: async ({ server }) => {
        const item = await insertContent(server, false);
        const [revision] = await server.db
          .insert(revisions)
          .values({
            entityKind: "content",
            entityId: item.id,
            action: "saved",
            snapshot: { title: "Restored by the rule", slug: item.slug },
            userEmail: "someone@example.com",
          })
          .returning();
        return cmsForm(`/cms/content/${item.id}`, { intent: "restore", revisionId: revision!.id });
      },
      tables: ["content"],
      expect: WRITE("content.edit", 302, /^\/cms\/content\/[0-9a-f-]+$/),
    },
  },
  "routes/cms/career-editor": editorRules("career", "/cms/careers", async (server) => {
    const career = await insertCareer(server, false);
    return { id: career.id, fields: { title: career.title }, version: career.updatedAt.toISOString() };
  }),
  "routes/cms/course-editor": editorRules("course", "/cms/courses", async (server) => {
    const course = await insertCourse(server);
    const fields = { name: course.name, description: "<p>A course.</p>", duration: "1 day", level: "Beginner" };
    return { id: course.id, fields: { ...fields, price: "100" }, version: course.updatedAt.toISOString() };
  }),
  "routes/cms/scheduled": {
    cancel: {
      request: async ({ server }) => {
        const item = await insertContent(server, false);
        const scheduled = await insertScheduledAction(server, item.id);
        return cmsForm("/cms/scheduled", { intent: "cancel", id: scheduled.id });
      },
      tables: ["scheduled_actions"],
      expect: WRITE("content.edit"),
    },
  },
  "routes/cms/careers": {
    delete: {
      request: async ({ server }) => cmsForm("/cms/careers", { intent: "delete", id: (await insertCareer(server)).id }),
      tables: ["careers"],
      expect: WRITE("careers.edit"),
    },
  },
  "routes/cms/submissions": {
    status: {
      request: async ({ server }) =>
        cmsForm("/cms/submissions", { intent: "status", id: (await insertSubmission(server)).id, status: "resolved" }),
      tables: ["contact_submissions"],
      expect: WRITE("submissions.manage"),
    },
    // The rest of the Submissions tab's intents.
    bulk: {
      request: async ({ server }) => ({
        path: "/cms/submissions",
        form: { intent: "bulk", bulkAction: "resolved", ids: (await insertSubmission(server)).id },
      }),
      tables: ["contact_submissions"],
      expect: WRITE("submissions.manage"),
    },
    note: {
      request: async ({ server }) =>
        cmsForm("/cms/submissions", { intent: "note", id: (await insertSubmission(server)).id, note: "Called back." }),
      tables: ["submission_notes"],
      expect: WRITE("submissions.manage"),
    },
    assign: {
      request: async ({ server }) => {
        const handler = await createAccount(server, "admin", "handler");
        return cmsForm("/cms/submissions", {
          intent: "assign",
          id: (await insertSubmission(server)).id,
          assignee: handler.id,
        });
      },
      tables: ["contact_submissions"],
      expect: WRITE("submissions.manage"),
    },
    reply: {
      request: async ({ server }) =>
        cmsForm("/cms/submissions", { intent: "reply", id: (await insertSubmission(server)).id, reply: "Thank you." }),
      tables: ["submission_replies", "mail_outbox"],
      expect: WRITE("submissions.manage"),
    },
    "not-spam": {
      request: async ({ server }) =>
        cmsForm("/cms/submissions", { intent: "not-spam", id: (await insertSubmission(server, "spam")).id }),
      tables: ["contact_submissions"],
      expect: WRITE("submissions.manage"),
    },
    erase: {
      request: async ({ server }) =>
        cmsForm("/cms/submissions", { intent: "erase", id: (await insertSubmission(server)).id }),
      tables: ["contact_submissions"],
      expect: WRITE("submissions.manage", 302, redirectTo("/cms/submissions")),
    },
    read: {
      request: async ({ server }) =>
        cmsForm("/cms/submissions", { intent: "read", id: (await insertSubmission(server)).id }),
      tables: ["contact_submissions"],
      expect: WRITE("submissions.manage"),
    },
  },
  "routes/cms/blocks": {
    create: {
      request: async () => cmsForm("/cms/blocks", { intent: "create", name: unique("Created block") }),
      tables: ["content_blocks"],
      expect: WRITE("blocks.edit"),
    },
    update: {
      request: async ({ server }) => {
        const block = await insertBlock(server);
        return cmsForm("/cms/blocks", {
          intent: "update",
          id: block.id,
          name: block.name,
          blockType: "testimonial",
          isActive: "false",
          "data.quote": "Changed.",
          "data.author": "A. Client",
        });
      },
      tables: ["content_blocks"],
      expect: WRITE("blocks.edit"),
    },
    delete: {
      request: async ({ server }) => cmsForm("/cms/blocks", { intent: "delete", id: (await insertBlock(server)).id }),
      tables: ["content_blocks"],
      expect: WRITE("blocks.edit"),
    },
    reorder: {
      request: async ({ server }) => {
        const block = await insertBlock(server);
        const ids = await server.db
          .select({ id: contentBlocks.id })
          .from(contentBlocks)
          .where(eq(contentBlocks.blockType, block.blockType))
          .orderBy(desc(contentBlocks.sortOrder));
        return cmsForm("/cms/blocks", {
          intent: "reorder",
          blockType: block.blockType,
          order: ids.map((row) => row.id).join(","),
        });
      },
      tables: ["content_blocks"],
      expect: WRITE("blocks.edit"),
    },
  },
  "routes/cms/settings": {
    create: {
      request: async () =>
        cmsForm("/cms/settings", {
          intent: "create",
          settingKey: unique("created").replace(/-/g, "_"),
          settingValue: "x",
        }),
      tables: ["site_settings"],
      expect: WRITE("settings.edit"),
    },
    update: {
      request: async ({ server }) =>
        cmsForm("/cms/settings", {
          intent: "update",
          settingKey: (await insertSetting(server)).settingKey,
          settingValue: "after",
        }),
      tables: ["site_settings"],
      expect: WRITE("settings.edit"),
    },
    delete: {
      request: async ({ server }) =>
        cmsForm("/cms/settings", { intent: "delete", settingKey: (await insertSetting(server)).settingKey }),
      tables: ["site_settings"],
      expect: WRITE("settings.edit"),
    },
  },
  "routes/cms/courses": {
    "set-active": {
      request: async ({ server }) =>
        cmsForm("/cms/courses", { intent: "set-active", id: (await insertCourse(server)).id, isActive: "false" }),
      tables: ["training_courses"],
      expect: WRITE("courses.edit", 302, redirectTo("/cms/courses")),
    },
    delete: {
      request: async ({ server }) => cmsForm("/cms/courses", { intent: "delete", id: (await insertCourse(server)).id }),
      tables: ["training_courses"],
      expect: WRITE("courses.edit", 302, redirectTo("/cms/courses")),
    },
  },
  "routes/cms/assistant": {
    dismiss: {
      request: async ({ server }) =>
        cmsForm("/cms/assistant", { intent: "dismiss", id: (await insertQuestion(server)).id }),
      tables: ["unanswered_questions"],
      expect: WRITE("assistant.manage", 302, redirectTo("/cms/assistant")),
    },
    "dismiss-all": {
      request: async ({ server }) => {
        await insertQuestion(server);
        return cmsForm("/cms/assistant", { intent: "dismiss-all" });
      },
      tables: ["unanswered_questions"],
      expect: WRITE("assistant.manage", 302, redirectTo("/cms/assistant")),
    },
  },
  "routes/cms/media": {
    update: {
      request: async ({ server }) =>
        cmsForm("/cms/media", {
          intent: "update",
          id: (await insertMedia(server)).id,
          altText: "A described image",
          caption: "",
          focalX: "0.5",
          focalY: "0.5",
        }),
      tables: ["media"],
      expect: WRITE("media.edit"),
    },
    delete: {
      request: async ({ server }) => cmsForm("/cms/media", { intent: "delete", id: (await insertMedia(server)).id }),
      tables: ["media"],
      expect: WRITE("media.edit"),
    },
  },
  // The live preview renders the unsaved form and stores nothing, whoever asks.
  "routes/cms/content-live-preview": {
    [NO_INTENT]: {
      request: async ({ server }) =>
        cmsForm("/cms/content/live-preview", {
          id: (await insertContent(server, false)).id,
          title: "Previewed, never saved",
          slug: "previewed-never-saved",
          content: "<p>Typed</p>",
        }),
      tables: ["content", "revisions"],
      expect: byPermission("content.edit", unchanged(200)),
    },
  },
  // The media picker saves alt text through the library's JSON address.
  "routes/cms/media-library": {
    alt: {
      request: async ({ server }) =>
        cmsForm("/cms/media/library", { intent: "alt", id: (await insertMedia(server)).id, altText: "Described" }),
      tables: ["media"],
      expect: WRITE("media.edit"),
    },
  },
  "routes/cms/media-upload": {
    [NO_INTENT]: {
      request: async () => ({
        path: "/cms/media/upload",
        multipart: {
          file: {
            name: "access-rule-upload.png",
            mimeType: "image/png",
            buffer: await sharp({ create: { width: 40, height: 20, channels: 3, background: "#336699" } })
              .png()
              .toBuffer(),
          },
        },
      }),
      tables: ["media"],
      expect: WRITE("media.edit"),
    },
  },
  // The public site's forms and API: the same for every visitor, signed in or not.
  "routes/site/contact": {
    [NO_INTENT]: {
      request: async () => ({
        path: "/contact",
        form: { name: "Access Rule", email: "visitor@example.com", subject: unique("Hello"), message: "A question." },
      }),
      tables: ["contact_submissions"],
      expect: everyone(changed()),
    },
  },
  "routes/site/download": {
    [NO_INTENT]: {
      request: async () => ({
        path: "/downloads/aws-guide",
        form: { name: "Access Rule", email: "reader@example.com" },
      }),
      tables: ["contact_submissions"],
      expect: everyone(changed()),
    },
  },
  "routes/site/test-payment": {
    pay: {
      request: async ({ server }) => {
        const order = await newTestOrder(server);
        return {
          path: `/checkout/test/${order}`,
          form: {
            intent: "pay",
            email: "buyer@example.com",
            cardNumber: "4242 4242 4242 4242",
            expiry: "12 / 39",
            cvc: "123",
          },
        };
      },
      tables: ["orders"],
      expect: everyone(changed(302, /^\/checkout\/success\?order=[0-9a-f-]{36}$/)),
    },
    cancel: {
      request: async ({ server }) => ({
        path: `/checkout/test/${await newTestOrder(server)}`,
        form: { intent: "cancel" },
      }),
      tables: ["orders"],
      expect: everyone(changed(302, redirectTo("/basket?checkout=cancelled"))),
    },
  },
  "routes/api/chat": {
    // A question the site cannot answer is counted for the Assistant tab.
    [NO_INTENT]: {
      request: async () => ({
        path: "/api/chat",
        json: { message: `${unique("Qwzx vbnm plkj")}?`, conversationHistory: [] },
      }),
      tables: ["unanswered_questions"],
      expect: everyone(changed()),
    },
  },
  "routes/api/checkout": {
    [NO_INTENT]: {
      request: async ({ server }) => {
        const [course] = await server.db
          .select()
          .from(trainingCourses)
          .where(eq(trainingCourses.isActive, true))
          .limit(1);
        return { path: "/api/checkout", json: { courseIds: [course!.id], currency: "GBP" } };
      },
      tables: ["orders", "order_items"],
      expect: everyone(changed()),
    },
  },
  "routes/api/cookie-consent": {
    [NO_INTENT]: {
      request: async () => ({
        path: "/api/cookie-consent",
        json: { choice: "accepted", functional: true, performance: true, targeting: true },
      }),
      tables: ["cookie_consents"],
      expect: everyone(changed(201)),
    },
  },
  // Authenticated by its signature, not by a visitor: without a webhook secret it is switched off.
  "routes/api/stripe-webhook": {
    [NO_INTENT]: {
      request: async () => ({
        path: "/api/webhooks/stripe",
        body: JSON.stringify({ type: "checkout.session.completed" }),
      }),
      tables: ["orders", "payment_events"],
      expect: everyone(unchanged(404)),
    },
  },
};

/** Every action of the table, flattened, in the table's order. */
export function actionRules(): { routeId: string; intent: string; rule: ActionRule }[] {
  return Object.entries(ACTION_RULES).flatMap(([routeId, intents]) =>
    Object.entries(intents).map(([intent, rule]) => ({ routeId, intent, rule })),
  );
}

/** Whether the action checks the CMS's anti-forgery token (every action under /cms does). */
export function usesFormToken(request: { path: string }): boolean {
  return request.path === "/cms" || request.path.startsWith("/cms/");
}
