/**
 * The CMS Site Settings tab (/cms/settings, SPEC.md "Site Settings"): who may use it, and one
 * administrator's journey through it: the Save button that appears only once a value changed,
 * values checked against their type, new settings, deletion with a question, the spec's toasts,
 * public pages showing a change at once, private settings never reaching a public page, the audit
 * log, and axe in both themes.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, siteSettings } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  signInAs,
  test,
  type TestServer,
  waitForToastsToClose,
} from "./fixtures";
import { tabWithAdd } from "./pages/cms-tab";

const URL_PATH = "/cms/settings";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

async function settingByKey(server: TestServer, key: string) {
  const [row] = await server.db.select().from(siteSettings).where(eq(siteSettings.settingKey, key));
  return row;
}

function settingsTab(page: Page) {
  return tabWithAdd(page, { path: URL_PATH, heading: "Site Settings", addLabel: "Add Setting", add: "button" });
}

const card = (page: Page, key: string) => page.getByRole("listitem", { name: key, exact: true });

/** Puts a setting's value back and forgets the cached public settings. */
async function restore(server: TestServer, key: string, value: string) {
  await server.db.update(siteSettings).set({ settingValue: value }).where(eq(siteSettings.settingKey, key));
  server.invalidateCaches();
}

test("an administrator edits, checks, creates and deletes settings, and public pages follow", async ({
  page,
  server,
  consoleErrors,
}) => {
  // Five screens' worth of checks, several with axe in both themes: the five tests' time they were.
  test.setTimeout(5 * 90_000);
  const admin = await signInAs(page, server, "admin");
  const tab = settingsTab(page);
  const original = (await settingByKey(server, "company_name"))!;
  try {
    await test.step("Save appears only once a value changes, and a saved company name shows on public pages at once", async () => {
      // Fill the cache first, so the public page would show a stale name without invalidation.
      await page.goto("/");
      await expect(page.getByRole("banner")).toContainText(original.settingValue);

      await tab.open();
      await expect(page).toHaveTitle("Site Settings | CMS");
      const keys = await page.getByRole("list", { name: "Settings" }).getByRole("heading").allTextContents();
      expect(keys).toEqual([...keys].sort());
      expect(keys).toContain("notification_email");

      const company = card(page, "company_name");
      await expect(company.getByText("Public", { exact: true })).toBeVisible();
      await expect(company.getByText("text", { exact: true })).toBeVisible();
      await expect(company).toContainText("The trading name of the company");
      await expect(card(page, "notification_email").getByText("Private", { exact: true })).toBeVisible();
      await expect(card(page, "notification_email").getByText("email", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Save / })).toHaveCount(0);
      await expectAccessibleInBothThemes(page);

      const value = company.getByRole("textbox", { name: "company_name", exact: true });
      const save = company.getByRole("button", { name: "Save company_name" });
      await expect(value).toHaveValue(original.settingValue);
      await value.fill("Northwind Digital");
      await expect(save).toBeVisible();
      await expect(page.getByRole("button", { name: /^Save / })).toHaveCount(1);
      // Typing the stored value back hides the button again.
      await value.fill(original.settingValue);
      await expect(save).toHaveCount(0);
      await value.fill("Northwind Digital");
      await expectAccessibleInBothThemes(page);
      await save.click();

      await tab.expectToast("Setting updated");
      await tab.expectToast("company_name has been updated successfully.");
      await expect(save).toHaveCount(0);
      await expect(value).toHaveValue("Northwind Digital");
      await expect(value).toBeFocused();
      expect((await settingByKey(server, "company_name"))?.settingValue).toBe("Northwind Digital");
      const audit = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "site_settings"), eq(auditLog.entityId, original.id)));
      expect(audit).toMatchObject([
        {
          action: "site_setting.update",
          userEmail: admin.email,
          details: { settingKey: "company_name", settingValue: "Northwind Digital" },
        },
      ]);

      await page.goto("/");
      await expect(page.getByRole("banner")).toContainText("Northwind Digital");
      await expect(page.getByRole("contentinfo")).toContainText("Northwind Digital");
      await expect(page.getByRole("contentinfo")).toContainText(
        `© ${new Date().getFullYear()} Northwind Digital. All rights reserved.`,
      );
      await restore(server, "company_name", original.settingValue);
    });

    await test.step("a value that does not fit its type is refused with a clear message", async () => {
      await tab.open();
      const founded = card(page, "founded_year");
      await expect(founded.getByText("number", { exact: true })).toBeVisible();
      const value = founded.getByRole("textbox", { name: "founded_year", exact: true });
      await value.fill("abc");
      await founded.getByRole("button", { name: "Save founded_year" }).click();
      await expect(founded.getByText("The value must be a number, e.g. 42 or 1.28.")).toBeVisible();
      await expect(value).toHaveAttribute("aria-invalid", "true");
      await tab.expectToast("Error");
      await tab.expectToast("Failed to update setting.");
      // The draft stays, with its Save button, and the stored value is unchanged.
      await expect(value).toHaveValue("abc");
      await expect(founded.getByRole("button", { name: "Save founded_year" })).toBeVisible();
      expect((await settingByKey(server, "founded_year"))?.settingValue).toBe("2008");
      // The field error itself is checked by axe; the toast (a shared component) is dismissed first.
      await page.getByRole("button", { name: "Close toast" }).click();
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
      await expectAccessibleInBothThemes(page);

      const url = card(page, "social_linkedin_url");
      await url.getByRole("textbox", { name: "social_linkedin_url", exact: true }).fill("javascript:alert(1)");
      await url.getByRole("button", { name: "Save social_linkedin_url" }).click();
      await expect(url.getByText(/must be a full web address starting with http/)).toBeVisible();
      expect((await settingByKey(server, "social_linkedin_url"))?.settingValue).toMatch(/^https:\/\//);
      expectConsoleError(consoleErrors, 400);
    });

    await test.step("values the site would ignore are refused with a field message and nothing is saved", async () => {
      await tab.open();
      const cases = [
        ["exchange_rate_usd", "0", /^An exchange rate must be a number of USD per pound/],
        ["exchange_rate_usd", "-5", /^An exchange rate must be a number of USD per pound/],
        ["attachment_retention_days", "-1", /^The retention must be a whole number of days from 0 to 3650\.$/],
        ["site_title", "", /^This setting cannot be empty: the site shows it\.$/],
      ] as const;
      for (const [key, value, message] of cases) {
        const before = (await settingByKey(server, key))?.settingValue;
        const setting = card(page, key);
        const field = setting.getByRole("textbox", { name: key, exact: true });
        await field.fill(value);
        await setting.getByRole("button", { name: `Save ${key}` }).click();
        await expect(setting.getByText(message)).toBeVisible();
        await expect(field).toHaveAttribute("aria-invalid", "true");
        expect((await settingByKey(server, key))?.settingValue, key).toBe(before);
      }
      expectConsoleError(consoleErrors, 400);
    });

    await test.step("an administrator creates public and private settings; private values never reach a public page", async () => {
      await tab.open();
      const add = page.getByRole("button", { name: "Add Setting" });
      await add.click();
      await expect(add).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByLabel("Type", { exact: true })).toHaveValue("text");
      await expect(page.getByRole("switch", { name: /Public/ })).toBeChecked();
      await expectAccessibleInBothThemes(page);

      // A badly formed key, then a duplicate key: clear messages, the spec's error toast, nothing stored.
      await page.getByLabel("Setting Key", { exact: true }).fill("Support Hours");
      await page.getByLabel("Setting Value", { exact: true }).fill("9-5");
      await page.getByRole("button", { name: "Create Setting" }).click();
      await expect(page.getByText(/Setting key must start with a lower-case letter/)).toBeVisible();
      await tab.expectToast("Failed to create setting.");
      await page.getByLabel("Setting Key", { exact: true }).fill("company_name");
      await page.getByRole("button", { name: "Create Setting" }).click();
      await expect(page.getByText('A setting with the key "company_name" already exists.')).toBeVisible();
      await page.getByLabel("Setting Key", { exact: true }).fill("support_hours_note");
      await page.getByLabel("Type", { exact: true }).selectOption("number");
      await page.getByRole("button", { name: "Create Setting" }).click();
      await expect(page.getByText("The value must be a number, e.g. 42 or 1.28.")).toBeVisible();
      expect(await settingByKey(server, "support_hours_note")).toBeUndefined();
      expectConsoleError(consoleErrors, 400);

      await page.getByLabel("Type", { exact: true }).selectOption("text");
      await page.getByLabel("Description", { exact: true }).fill("Shown under the phone numbers.");
      await page.getByRole("button", { name: "Create Setting" }).click();
      await tab.expectToast("Setting created");
      await tab.expectToast("New setting has been created successfully.");
      await expect(page.getByLabel("Setting Key", { exact: true })).toHaveCount(0);
      await expect(card(page, "support_hours_note").getByText("Public", { exact: true })).toBeVisible();
      expect(await settingByKey(server, "support_hours_note")).toMatchObject({
        settingValue: "9-5",
        settingType: "text",
        description: "Shown under the phone numbers.",
        isPublic: true,
      });

      // A private one (after the first toast has gone, so the next one is unambiguous).
      await waitForToastsToClose(page);
      await add.click();
      await page.getByLabel("Setting Key", { exact: true }).fill("internal_api_note");
      await page.getByLabel("Setting Value", { exact: true }).fill("TOP-SECRET-VALUE-8812");
      await page.getByRole("switch", { name: /Public/ }).click();
      await expect(page.getByRole("switch", { name: /Public/ })).not.toBeChecked();
      await page.getByRole("button", { name: "Create Setting" }).click();
      await tab.expectToast("Setting created");
      await expect(card(page, "internal_api_note").getByText("Private", { exact: true })).toBeVisible();
      expect(await settingByKey(server, "internal_api_note")).toMatchObject({ isPublic: false });

      const audit = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "site_settings"), eq(auditLog.action, "site_setting.create")));
      expect(audit.filter((entry) => entry.userEmail === admin.email)).toHaveLength(2);
      // The audit log records that a private setting was made, not its value.
      expect(JSON.stringify(audit)).not.toContain("TOP-SECRET-VALUE-8812");

      // Public pages (their HTML and the data React hydrates from) carry public values only: even a
      // setting the footer reads is left out once it is private.
      const contact = (await settingByKey(server, "contact_email"))!;
      await server.db
        .update(siteSettings)
        .set({ settingValue: "private-inbox@secret.example", isPublic: false })
        .where(eq(siteSettings.settingKey, "contact_email"));
      server.invalidateCaches();
      try {
        for (const path of ["/", "/no-such-page", "/_root.data", "/index.data"]) {
          const body = await (await page.request.get(path)).text();
          expect(body, path).not.toContain("TOP-SECRET-VALUE-8812");
          expect(body, path).not.toContain("internal_api_note");
          expect(body, path).not.toContain("enquiries-inbox@");
          expect(body, path).not.toContain("private-inbox@secret.example");
        }
        // The public ones are still there.
        for (const path of ["/", "/_root.data"]) {
          expect(await (await page.request.get(path)).text(), path).toContain("020 7946 0321");
        }
      } finally {
        await server.db
          .update(siteSettings)
          .set({ settingValue: contact.settingValue, isPublic: true })
          .where(eq(siteSettings.settingKey, "contact_email"));
        server.invalidateCaches();
      }
    });

    await test.step("deleting a setting asks first", async () => {
      await server.db.insert(siteSettings).values({ settingKey: "disposable_setting", settingValue: "bye" });
      await tab.open();
      const question = await tab.askToDelete("disposable_setting", "Are you sure you want to delete this setting?");
      await expectAccessibleInBothThemes(page);
      await question.cancel();
      expect(await settingByKey(server, "disposable_setting")).toBeDefined();

      await (await tab.askToDelete("disposable_setting", "Are you sure you want to delete this setting?")).confirm();
      await tab.expectToast("Setting deleted");
      await expect(card(page, "disposable_setting")).toHaveCount(0);
      expect(await settingByKey(server, "disposable_setting")).toBeUndefined();
    });
  } finally {
    await restore(server, "company_name", original.settingValue);
  }
});
