/**
 * Site settings administration (app/server/content/site-settings.server.ts and
 * app/lib/schemas/site-settings.ts): every setting by key, creating with a unique well-formed key,
 * values checked against their type, deletion, the public cache forgotten after every write, and
 * private settings never in the public map.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { siteSettings } from "../../app/db/schema";
import { seedSiteSettings } from "../../app/db/seed-data";
import type { SettingType } from "~/lib/enums";
import { checkSettingValue, newSettingSchema, SETTING_KEY_MESSAGE } from "~/lib/schemas/site-settings";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import type { Database } from "~/server/platform/db/db.server";
import {
  createSetting,
  deleteSetting,
  findSetting,
  getPublicSettings,
  listPublicSettings,
  listSettings,
  updateSettingValue,
} from "~/server/content/site-settings.server";
import { withBrokenDatabaseHooks } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";
import { ExpectedError } from "~/server/platform/errors.server";
import type { Actor } from "~/server/platform/audit.server";
import { createTestActor } from "./test-actor";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

// A signed-in administrator for the tab, whose data is in this test database.
const cms = setUpCmsHarness({ name: "site-settings-admin" });

/** The administrator named in the audit log of the entity modules' writes. */
let actor: Actor;
beforeAll(async () => {
  actor = await createTestActor(cms.db);
});

beforeEach(async () => {
  invalidateAll();
  await cms.db.delete(siteSettings);
  await cms.db.insert(siteSettings).values([
    { settingKey: "site_title", settingValue: "Example" },
    { settingKey: "company_name", settingValue: "Example Ltd" },
    { settingKey: "founded_year", settingValue: "2008", settingType: "number" },
    { settingKey: "notification_email", settingValue: "notify@example.com", settingType: "email", isPublic: false },
  ]);
});

const getDb = () => vi.fn(async (): Promise<Database> => cms.db);

describe("listSettings", () => {
  it("returns public and private settings ordered by key", async () => {
    const settings = await listSettings(cms.db);
    expect(settings.map((setting) => setting.settingKey)).toEqual([
      "company_name",
      "founded_year",
      "notification_email",
      "site_title",
    ]);
    expect(settings.find((setting) => setting.settingKey === "notification_email")).toMatchObject({
      isPublic: false,
      settingType: "email",
    });
  });
});

describe("createSetting", () => {
  it("creates a setting, public by default", async () => {
    const setting = await createSetting(cms.db, actor, {
      settingKey: "support_hours",
      settingValue: "9-5",
      settingType: "text",
    });
    expect(setting).toMatchObject({
      settingKey: "support_hours",
      settingValue: "9-5",
      isPublic: true,
      description: null,
    });
    await expect(listPublicSettings(cms.db)).resolves.toHaveProperty("support_hours", "9-5");
  });

  it("refuses a duplicate key with a clear message and leaves the existing value alone", async () => {
    await expect(
      createSetting(cms.db, actor, { settingKey: "company_name", settingValue: "Other", settingType: "text" }),
    ).rejects.toThrow('A setting with the key "company_name" already exists.');
    expect((await findSetting(cms.db, "company_name"))?.settingValue).toBe("Example Ltd");
  });

  it("refuses a badly formed key and a value that does not fit the type", async () => {
    await expect(
      createSetting(cms.db, actor, { settingKey: "Bad-Key", settingValue: "x", settingType: "text" }),
    ).rejects.toThrow(SETTING_KEY_MESSAGE);
    await expect(
      createSetting(cms.db, actor, { settingKey: "max_items", settingValue: "abc", settingType: "number" }),
    ).rejects.toBeInstanceOf(ExpectedError);
    expect(await findSetting(cms.db, "max_items")).toBeUndefined();
  });
});

describe("updateSettingValue", () => {
  it("changes the value by key, checked against the stored type", async () => {
    await expect(updateSettingValue(cms.db, actor, "founded_year", " 2009 ")).resolves.toMatchObject({
      settingValue: "2009",
    });
    await expect(updateSettingValue(cms.db, actor, "founded_year", "abc")).rejects.toThrow(
      "The value must be a number",
    );
    await expect(updateSettingValue(cms.db, actor, "notification_email", "not-an-email")).rejects.toThrow(
      "valid e-mail address",
    );
    expect((await findSetting(cms.db, "founded_year"))?.settingValue).toBe("2009");
  });

  it("refuses, with a field message, values the site would ignore or misuse, and saves nothing", async () => {
    await cms.db.insert(siteSettings).values([
      { settingKey: "exchange_rate_usd", settingValue: "1.28", settingType: "number" },
      { settingKey: "attachment_retention_days", settingValue: "180", settingType: "number" },
      { settingKey: "social_linkedin_url", settingValue: "https://www.linkedin.com/company/x", settingType: "text" },
    ]);
    const refusals: [string, string, RegExp][] = [
      ["exchange_rate_usd", "0", /^An exchange rate must be a number of USD per pound from 0.01 to 1,000,000/],
      ["exchange_rate_usd", "-5", /^An exchange rate must be a number/],
      ["exchange_rate_usd", "0.0001", /^An exchange rate must be a number/],
      ["attachment_retention_days", "-1", /^The retention must be a whole number of days from 0 to 3650\.$/],
      ["attachment_retention_days", "1.5", /^The retention must be a whole number/],
      ["attachment_retention_days", "99999", /^The retention must be a whole number/],
      ["site_title", "", /^This setting cannot be empty: the site shows it\.$/],
      ["site_title", "   ", /^This setting cannot be empty/],
      ["company_name", "", /^This setting cannot be empty/],
      // Stored as text, yet the footer would drop anything but a web address.
      ["social_linkedin_url", "javascript:alert(1)", /^The value must be a full web address/],
      ["notification_email", "not an address", /^The value must be a valid e-mail address/],
    ];
    for (const [key, value, message] of refusals) {
      const before = await findSetting(cms.db, key);
      const error = await updateSettingValue(cms.db, actor, key, value).catch((caught: unknown) => caught);
      expect(error, `${key} = ${JSON.stringify(value)}`).toBeInstanceOf(ExpectedError);
      expect((error as ExpectedError).field).toBe("settingValue");
      expect((error as ExpectedError).message).toMatch(message);
      expect((await findSetting(cms.db, key))?.settingValue).toBe(before?.settingValue);
    }
    // Values the site uses are still accepted, and an optional link may be emptied to hide it.
    await updateSettingValue(cms.db, actor, "exchange_rate_usd", "1.31");
    await updateSettingValue(cms.db, actor, "attachment_retention_days", "30");
    await updateSettingValue(cms.db, actor, "social_linkedin_url", "");
    expect((await findSetting(cms.db, "exchange_rate_usd"))?.settingValue).toBe("1.31");
  });

  it("refuses a new setting for a known key with a value the site would ignore, or a rate of no currency", async () => {
    const create = (settingKey: string, settingValue: string) =>
      createSetting(cms.db, actor, { settingKey, settingValue, settingType: "number" }).catch(
        (error: ExpectedError) => error.message,
      );
    expect(await create("exchange_rate_usd", "0")).toMatch(/^An exchange rate must be a number/);
    expect(await create("exchange_rate_xyz", "2")).toMatch(/^The site has no exchange rate for "XYZ"/);
    expect(
      newSettingSchema.safeParse({ settingKey: "site_description", settingValue: "" }).error?.issues[0],
    ).toMatchObject({
      path: ["settingValue"],
      message: "This setting cannot be empty: the site shows it.",
    });
    expect(await findSetting(cms.db, "exchange_rate_usd")).toBeUndefined();
  });

  it("refuses an unknown key", async () => {
    await expect(updateSettingValue(cms.db, actor, "no_such_key", "x")).rejects.toThrow("Setting not found.");
  });
});

describe("deleteSetting", () => {
  it("deletes by key, and refuses an unknown key", async () => {
    await expect(deleteSetting(cms.db, actor, "site_title")).resolves.toMatchObject({ settingKey: "site_title" });
    expect(await findSetting(cms.db, "site_title")).toBeUndefined();
    await expect(deleteSetting(cms.db, actor, "site_title")).rejects.toBeInstanceOf(ExpectedError);
  });
});

describe("the public settings cache", () => {
  it("is invalidated by every write, so public pages see the change at once", async () => {
    const db = getDb();
    await expect(getPublicSettings(db)).resolves.toHaveProperty("company_name", "Example Ltd");

    await updateSettingValue(cms.db, actor, "company_name", "Renamed Ltd");
    await expect(getPublicSettings(db)).resolves.toHaveProperty("company_name", "Renamed Ltd");

    await createSetting(cms.db, actor, { settingKey: "tagline", settingValue: "Hello", settingType: "text" });
    await expect(getPublicSettings(db)).resolves.toHaveProperty("tagline", "Hello");

    await deleteSetting(cms.db, actor, "tagline");
    await expect(getPublicSettings(db)).resolves.not.toHaveProperty("tagline");
    expect(db).toHaveBeenCalledTimes(4);
  });

  it("never contains a private setting, even one just created or updated", async () => {
    await createSetting(cms.db, actor, {
      settingKey: "api_secret",
      settingValue: "s3cr3t-value",
      settingType: "text",
      isPublic: false,
    });
    await updateSettingValue(cms.db, actor, "notification_email", "private@example.com");
    const settings = await getPublicSettings(getDb());
    expect(settings).not.toHaveProperty("api_secret");
    expect(settings).not.toHaveProperty("notification_email");
    expect(Object.values(settings)).not.toContain("s3cr3t-value");
    expect(Object.values(settings)).not.toContain("private@example.com");
  });
});

describe("checkSettingValue", () => {
  const cases: [SettingType, string, boolean][] = [
    ["number", "1.28", true],
    ["number", "-3", true],
    ["number", "abc", false],
    ["number", "", false],
    ["number", "Infinity", false],
    ["boolean", "true", true],
    ["boolean", "false", true],
    ["boolean", "yes", false],
    ["url", "https://example.com/page", true],
    ["url", "http://example.com", true],
    ["url", "javascript:alert(1)", false],
    ["url", "ftp://example.com", false],
    ["url", "example.com", false],
    ["email", "hello@example.com", true],
    ["email", "hello@", false],
    ["json", '{"a":[1,2]}', true],
    ["json", "{a:1}", false],
    ["phone", "+1 (617) 555-0142", true],
    ["phone", "020 7946 0321", true],
    ["phone", "call us", false],
    ["phone", "12", false],
    ["text", "One line", true],
    ["text", "", true],
    ["text", "Two\nlines", false],
    ["textarea", "Two\nlines", true],
  ];
  it.each(cases)("%s %j → %s", (type, value, valid) => {
    expect(checkSettingValue(type, value).success).toBe(valid);
  });

  it("accepts every seeded setting's value for its type and key", () => {
    for (const setting of seedSiteSettings) {
      expect(
        checkSettingValue(setting.settingType as SettingType, setting.settingValue ?? "", setting.settingKey),
        setting.settingKey,
      ).toMatchObject({ success: true });
    }
  });
});

describe("newSettingSchema", () => {
  it("defaults to a public text setting and reports problems on the right field", () => {
    expect(newSettingSchema.parse({ settingKey: "a_b1", settingValue: "v" })).toEqual({
      settingKey: "a_b1",
      settingValue: "v",
      settingType: "text",
      description: null,
      isPublic: true,
    });
    expect(newSettingSchema.parse({ settingKey: "a", settingValue: "v", isPublic: "false" }).isPublic).toBe(false);
    expect(newSettingSchema.safeParse({ settingKey: "1abc", settingValue: "v" }).error?.issues[0]).toMatchObject({
      path: ["settingKey"],
      message: SETTING_KEY_MESSAGE,
    });
    expect(
      newSettingSchema.safeParse({ settingKey: "n", settingValue: "abc", settingType: "number" }).error?.issues[0]
        ?.path,
    ).toEqual(["settingValue"]);
  });
});

describe("the Site Settings tab's loader when the database fails", () => {
  withBrokenDatabaseHooks(cms);

  it("empties the list and keeps the error message", async () => {
    vi.resetModules();
    // Everything but the sign-in fails; the administrator goes through the real guards.
    await cms.setDatabase("sign-in only");
    try {
      const { logger } = await import("~/server/platform/logger.server");
      vi.spyOn(logger, "error").mockImplementation(() => undefined);
      const route = await import("~/routes/cms/settings");
      const request = cms.request("http://localhost/cms/settings");
      await expect(route.loader({ request, params: {}, context: {} } as never)).resolves.toEqual({
        settings: [],
        error: "Failed to fetch settings.",
      });
    } finally {
      await cms.setDatabase("up");
      vi.resetModules();
    }
  });
});
