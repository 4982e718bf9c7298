/**
 * The audit log as a history: the changed fields kept before and after (only those,
 * never a secret), the entity modules that pass their rows, the history's filters and pages, the
 * entry in words, and the CSV export with its cells safe from formula injection.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, contentBlocks } from "../../app/db/schema";
import { describeAuditEntry } from "~/components/cms/audit/audit-words";
import { careerFormSchema } from "~/lib/schemas/careers";
import { contentFormSchema } from "~/lib/schemas/content";
import { careerPublishing } from "~/server/careers/careers.server";
import { changeUserActive, changeUserRole, createUser } from "~/server/auth/users.server";
import { contentPublishing } from "~/server/content/content-publishing.server";
import { addRedirect, removeRedirect } from "~/server/content/redirects.server";
import { createContentBlock, updateContentBlock } from "~/server/content/content-blocks.server";
import { createSetting, updateSettingValue } from "~/server/content/site-settings.server";
import { auditedChange, changedFields, recordAudit, searchAudit, type Actor } from "~/server/platform/audit.server";
import { publish, saveDraft } from "~/server/publishing/publishable.server";
import { routeArgs } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";
import { createTestActor } from "./test-actor";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "audit-history" });

let actor: Actor;
let other: Actor;
beforeAll(async () => {
  actor = await createTestActor(cms.db);
  other = await createTestActor(cms.db);
});

async function lastEntry(entityId: string) {
  const [row] = await cms.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  if (!row) throw new Error(`no audit entry for ${entityId}`);
  return row;
}

describe("changedFields", () => {
  it("keeps only the fields that changed, each before and after", () => {
    const before = { id: "1", title: "Pricing", slug: "pricing", body: "<p>Old</p>", updatedAt: new Date(1) };
    const after = { id: "1", title: "Pricing", slug: "prices", body: "<p>New</p>", updatedAt: new Date(2) };
    expect(changedFields(before, after)).toEqual({
      slug: { before: "pricing", after: "prices" },
      body: { before: "<p>Old</p>", after: "<p>New</p>" },
    });
    expect(changedFields(before, { ...before, updatedAt: new Date(3) })).toBeNull();
  });

  it("never keeps a secret, changed or not", () => {
    const before = {
      email: "a@example.com",
      passwordHash: "$argon2id$old",
      totpSecret: "JBSWY3DPEHPK3PXP",
      recovery_codes: ["hash-1"],
      resetToken: "old-token",
      passkeyPublicKey: "pk-old",
      role: "editor",
    };
    const after = {
      ...before,
      passwordHash: "$argon2id$new",
      totpSecret: "NEWSECRET",
      recovery_codes: ["hash-2"],
      resetToken: "new-token",
      passkeyPublicKey: "pk-new",
      role: "admin",
    };
    expect(changedFields(before, after)).toEqual({ role: { before: "editor", after: "admin" } });
    // A created row lists its fields, secrets still left out.
    expect(changedFields(null, after)).toEqual({
      email: { before: null, after: "a@example.com" },
      role: { before: null, after: "admin" },
    });
  });

  it("keeps dates as ISO text and cuts very long values short", () => {
    const changes = changedFields(
      { runAt: new Date("2026-01-01T00:00:00Z"), body: "" },
      {
        runAt: new Date("2026-02-01T00:00:00Z"),
        body: "x".repeat(5000),
      },
    );
    expect(changes?.runAt).toEqual({ before: "2026-01-01T00:00:00.000Z", after: "2026-02-01T00:00:00.000Z" });
    expect(String(changes?.body?.after)).toHaveLength(1001);
  });
});

describe("auditedChange and recordAudit", () => {
  it("store the changed fields of the rows given, and no secret from the details either", async () => {
    const entityId = crypto.randomUUID();
    await auditedChange(
      cms.db,
      actor,
      async () => "done",
      () => ({
        action: "user.role",
        entity: "users",
        entityId,
        details: { email: "b@example.com", token: "never-logged" },
        before: { email: "b@example.com", role: "user", passwordHash: "x" },
        after: { email: "b@example.com", role: "admin", passwordHash: "y" },
      }),
    );
    const row = await lastEntry(entityId);
    expect(row.changes).toEqual({ role: { before: "user", after: "admin" } });
    expect(row.details).toEqual({ email: "b@example.com" });
    expect(JSON.stringify(row)).not.toContain("never-logged");
  });

  it("keep working for callers that pass no rows (no changes recorded, as on older entries)", async () => {
    const entityId = crypto.randomUUID();
    await recordAudit(cms.db, actor, "redirect.create", "redirects", entityId, { fromPath: "/old", toPath: "/new" });
    expect((await lastEntry(entityId)).changes).toBeNull();
  });
});

describe("entity modules that keep before and after", () => {
  it("a public setting's new value", async () => {
    const setting = await createSetting(cms.db, actor, {
      settingKey: "audit_history_phone",
      settingValue: "020 7946 0000",
      settingType: "text",
    });
    await updateSettingValue(cms.db, actor, "audit_history_phone", "020 7946 0999");
    const [update] = await cms.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "site_setting.update"))
      .then((rows) => rows.filter((row) => row.entityId === setting.id));
    expect(update?.changes).toEqual({ settingValue: { before: "020 7946 0000", after: "020 7946 0999" } });
  });

  it("but never a private setting's value", async () => {
    const setting = await createSetting(cms.db, actor, {
      settingKey: "audit_history_private",
      settingValue: "first-private-value",
      settingType: "text",
      isPublic: false,
    });
    await updateSettingValue(cms.db, actor, "audit_history_private", "second-private-value");
    const rows = (await cms.db.select().from(auditLog)).filter((row) => row.entityId === setting.id);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain("private-value");
  });

  it("a content block's changed fields only", async () => {
    const block = await createContentBlock(cms.db, actor, {
      name: "Audit hero",
      blockType: "hero",
      contentData: { title: "Hello" },
    });
    await updateContentBlock(cms.db, actor, block.id, {
      name: "Audit hero",
      blockType: "hero",
      description: null,
      contentData: { title: "Hello again" },
      isActive: false,
    });
    const [update] = (await cms.db.select().from(auditLog).where(eq(auditLog.action, "content_block.update"))).filter(
      (row) => row.entityId === block.id,
    );
    expect(update?.changes).toEqual({
      contentData: { before: { title: "Hello" }, after: { title: "Hello again" } },
      isActive: { before: true, after: false },
    });
    await cms.db.delete(contentBlocks).where(eq(contentBlocks.id, block.id));
  });

  /** The changes of an entity's entries with this action, oldest first. */
  async function changesOf(entityId: string, action: string) {
    const rows = await cms.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
    return rows
      .filter((row) => row.action === action)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => row.changes);
  }

  it("a page's edited fields and its going live, without the editor's document", async () => {
    const form = (title: string, content: string) =>
      contentFormSchema.parse({ title, slug: `audit-page-${crypto.randomUUID()}`, content });
    const first = form("Our prices", "<p>From £500</p>");
    const { row: item } = await saveDraft(cms.db, actor, contentPublishing, first);
    expect((await changesOf(item.id, "content.create"))[0]).toMatchObject({
      title: { before: null, after: "Our prices" },
      status: { before: null, after: "draft" },
    });
    await saveDraft(
      cms.db,
      actor,
      contentPublishing,
      { ...first, title: "Our pricing", content: "<p>From £550</p>" },
      item.id,
    );
    expect(await changesOf(item.id, "content.update")).toEqual([
      {
        title: { before: "Our prices", after: "Our pricing" },
        content: { before: "<p>From £500</p>", after: "<p>From £550</p>" },
      },
    ]);
    await publish(
      cms.db,
      actor,
      contentPublishing,
      { ...first, title: "Our pricing", content: "<p>From £550</p>" },
      item.id,
    );
    expect(await changesOf(item.id, "content.publish")).toEqual([{ status: { before: "draft", after: "published" } }]);
    const all = await cms.db.select().from(auditLog).where(eq(auditLog.entityId, item.id));
    expect(all.every((row) => !row.changes || !("document" in row.changes))).toBe(true);
  });

  it("a job opening's edit and its going live", async () => {
    const form = careerFormSchema.parse({ title: "Audit engineer", description: "Plain words." });
    const { row } = await saveDraft(cms.db, actor, careerPublishing, form);
    await publish(cms.db, actor, careerPublishing, { ...form, location: "Leeds" }, row.id);
    expect(await changesOf(row.id, "career.publish")).toEqual([
      { location: { before: form.location, after: "Leeds" }, isActive: { before: false, after: true } },
    ]);
  });

  it("a person's role and whether their account is active", async () => {
    const person = await createUser(cms.db, {
      email: `audit-role-${crypto.randomUUID()}@example.com`,
      password: "a quiet harbour at dawn",
      role: "editor",
    });
    await changeUserRole(cms.db, actor, person.id, "support");
    await changeUserActive(cms.db, actor, person.id, false);
    expect(await changesOf(person.id, "user.role")).toEqual([{ role: { before: "editor", after: "support" } }]);
    expect(await changesOf(person.id, "user.deactivate")).toEqual([{ isActive: { before: true, after: false } }]);
  });

  it("a redirect added and removed", async () => {
    const from = `/audit-old-${crypto.randomUUID()}`;
    const redirect = await addRedirect(cms.db, actor, { fromPath: from, toPath: "/contact" }, "https://example.com");
    await removeRedirect(cms.db, actor, redirect.id);
    expect(await changesOf(redirect.id, "redirect.create")).toEqual([
      { fromPath: { before: null, after: from }, toPath: { before: null, after: "/contact" } },
    ]);
    expect(await changesOf(redirect.id, "redirect.delete")).toEqual([
      { fromPath: { before: from, after: null }, toPath: { before: "/contact", after: null } },
    ]);
  });
});

describe("the history", () => {
  // A record id is text: one that a spreadsheet would run as a formula must reach the CSV defused.
  const entityIds = { page: crypto.randomUUID(), course: `=1+1 ${crypto.randomUUID()}`, old: crypto.randomUUID() };
  beforeAll(async () => {
    await cms.db.insert(auditLog).values([
      {
        userId: actor.id,
        userEmail: actor.email,
        action: "content.publish",
        entity: "content",
        entityId: entityIds.page,
        details: { title: "Pricing", slug: "pricing", status: "published" },
        changes: { status: { before: "draft", after: "published" } },
        createdAt: new Date("2024-03-10T12:00:00Z"),
      },
      {
        userId: other.id,
        userEmail: other.email,
        action: "course.update",
        entity: "training_courses",
        entityId: entityIds.course,
        details: { name: '=HYPERLINK("http://evil.example")' },
        createdAt: new Date("2024-03-11T12:00:00Z"),
      },
      {
        userId: other.id,
        userEmail: other.email,
        action: "user.role",
        entity: "users",
        entityId: entityIds.old,
        details: { role: "admin" },
        // Sunday 31 March 2024 23:30 UTC is already 1 April in London (BST).
        createdAt: new Date("2024-03-31T23:30:00Z"),
      },
    ]);
  });

  const page = { limit: 25, offset: 0 };

  it("is filtered by person, kind of record and London days", async () => {
    const march = { from: new Date("2024-03-01T00:00:00Z"), until: new Date("2024-04-01T00:00:00+01:00") };
    expect((await searchAudit(cms.db, march, page)).total).toBe(2);
    const byOther = await searchAudit(cms.db, { ...march, userEmail: other.email }, page);
    expect(byOther.rows.map((row) => row.entityId)).toEqual([entityIds.course]);
    const courses = await searchAudit(cms.db, { entities: ["training_courses", "course"] }, page);
    expect(courses.rows.map((row) => row.entityId)).toEqual([entityIds.course]);
  });

  it("reads as sentences, older entries too", () => {
    expect(
      describeAuditEntry({
        userEmail: "ann@example.com",
        action: "content.publish",
        entity: "content",
        details: { title: "Pricing" },
      }),
    ).toBe("ann@example.com published the page “Pricing”");
    expect(
      describeAuditEntry({ userEmail: "ann@example.com", action: "media.archive", entity: "media", details: {} }),
    ).toBe("ann@example.com did “media.archive” on the image");
  });

  it("is the /cms/audit page, filtered by the address, a page at a time", async () => {
    const { loader } = await import("~/routes/cms/audit");
    const view = await loader(
      routeArgs(cms.request(`http://localhost/cms/audit?kind=content&from=2024-03-01&to=2024-03-31`)),
    );
    expect(view.total).toBe(1);
    expect(view.entries[0]).toMatchObject({
      sentence: `${actor.email} published the page “Pricing”`,
      changes: [{ field: "Status", before: "draft", after: "published" }],
    });
    // London days: 1 April (23:30 UTC on 31 March) is outside March.
    const april = await loader(routeArgs(cms.request(`http://localhost/cms/audit?from=2024-04-01&to=2024-04-01`)));
    expect(april.entries.map((entry) => entry.entityId)).toEqual([entityIds.old]);
    expect(april.entries[0]?.recorded).toEqual([{ label: "Role", value: "admin" }]);
    const bad = await loader(routeArgs(cms.request(`http://localhost/cms/audit?from=2024-13-01`)));
    expect(bad.filters.error).toMatch(/Enter the dates/);
  });

  it("exports the same selection as CSV, formulas neutralised", async () => {
    const { loader } = await import("~/routes/cms/audit-export");
    const response = await loader(
      routeArgs(
        cms.request(
          `http://localhost/cms/audit/export.csv?person=${encodeURIComponent(other.email)}&from=2024-03-01&to=2024-03-31`,
        ),
      ),
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("When (UTC),Who,What,Action,Kind of record,Record id,Changes");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${other.email} updated the course “=HYPERLINK`);
    expect(lines[1]).toContain(`,'${entityIds.course},`);
    expect(lines[1]).not.toMatch(/,"?=/);
  });
});
