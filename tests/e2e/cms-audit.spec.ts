/**
 * The audit history (/cms/audit): a change made in the CMS reads as a sentence with its
 * fields before and after; the filters (person, kind of record, dates) narrow the list and the CSV
 * keeps them; older entries without fields still read sensibly; axe in both themes; 375 px.
 */
import fs from "node:fs";
import { auditLog } from "../../app/db/schema";
import { createSetting, updateSettingValue } from "../../app/server/content/site-settings.server";
import { expect, expectAccessibleInBothThemes, expectPanelsFitPhoneWidth, signInAs, test } from "./fixtures";

test.describe("CMS audit log", () => {
  test("an administrator reads who changed what, filters it and exports it", async ({ page, server }) => {
    // Two axe runs in each theme and a phone-width check on a loaded machine.
    test.setTimeout(180_000);
    const admin = await signInAs(page, server, "admin");
    const actor = { id: admin.id, email: admin.email };
    const key = `audit_e2e_${Date.now()}`;
    await createSetting(server.db, actor, { settingKey: key, settingValue: "Before text", settingType: "text" });
    await updateSettingValue(server.db, actor, key, "After text");
    // Older entries, by someone else, on known London days, without changed fields.
    const someoneElse = `someone-${Date.now()}@example.com`;
    await server.db.insert(auditLog).values([
      {
        userEmail: someoneElse,
        action: "content.publish",
        entity: "content",
        entityId: crypto.randomUUID(),
        details: { title: "Pricing", slug: "pricing" },
        createdAt: new Date("2022-05-10T12:00:00Z"),
      },
      {
        userEmail: someoneElse,
        action: "redirect.create",
        entity: "redirects",
        entityId: crypto.randomUUID(),
        details: { fromPath: "/old-pricing", toPath: "/pricing" },
        createdAt: new Date("2022-05-11T12:00:00Z"),
      },
    ]);

    await page.goto("/cms");
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL(/\/cms\/audit$/);
    const entries = page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem");
    const update = entries.filter({ hasText: `${admin.email} updated the setting “${key}”` });
    await expect(update).toBeVisible();
    const changes = update.getByRole("table", { name: "Fields changed" });
    await expect(changes.getByRole("row", { name: /Setting value/ })).toHaveText(
      /Setting value\s*Before text\s*After text/,
    );
    await expectAccessibleInBothThemes(page);
    await expectPanelsFitPhoneWidth(page);

    // Person, then kind of record, then dates, each kept in the address.
    await page.getByLabel("Person").selectOption(someoneElse);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByRole("heading", { name: "Audit log (2)" })).toBeVisible();
    await expect(entries.first()).toHaveText(new RegExp(`${someoneElse} created the redirect “/old-pricing”`));
    await expect(entries.first()).toContainText("To path");
    await page.getByLabel("Kind of record").selectOption({ label: "Pages and posts" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByRole("heading", { name: "Audit log (1)" })).toBeVisible();
    await expect(entries).toHaveText([new RegExp(`${someoneElse} published the page “Pricing”`)]);
    await page.getByLabel("Kind of record").selectOption("");
    await page.getByLabel("From").fill("2022-05-11");
    await page.getByLabel("To").fill("2022-05-11");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/from=2022-05-11&to=2022-05-11/);
    await expect(entries).toHaveText([new RegExp("created the redirect")]);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await file.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("When (UTC),Who,What,Action,Kind of record,Record id,Changes");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${someoneElse} created the redirect “/old-pricing”`);
    expect(lines[1]).toContain("To path: /pricing");

    // A date that cannot be read: a clear message, and no date filter.
    await page.goto("/cms/audit?from=2022-02-31");
    await expect(page.getByRole("alert")).toHaveText(
      "Enter the dates as day, month and year (for example 2026-03-31).",
    );
    await expectAccessibleInBothThemes(page);
  });
});
