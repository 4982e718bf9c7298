/**
 * Consent records, walked as a visitor and an administrator would: a visitor's choice
 * is recorded under the cookie policy's version and they see its id in the cookie settings; when
 * the policy's version changes (the `cookie_policy_version` setting, as an administrator sets it to
 * ask everyone again) the returning visitor is asked again; the administrator finds the new choice
 * by its id in the consent log and in its CSV export. Axe in both themes, 375 px.
 */
import fs from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { cookieConsents, siteSettings } from "../../app/db/schema";
import { COOKIE_POLICY_VERSION } from "../../app/lib/consent/cookie-consent";
import {
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  expectPanelsFitPhoneWidth,
  openCmsTab,
  signInAs,
  test,
  waitForHydration,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const NEW_VERSION = "2099-01-31";

async function setPolicyVersion(server: TestServer, value: string): Promise<void> {
  await server.db
    .update(siteSettings)
    .set({ settingValue: value })
    .where(eq(siteSettings.settingKey, "cookie_policy_version"));
  server.invalidateCaches();
}

/** What the browser keeps beside the choice: the policy version and the record's id. */
function storedReceipt(page: Page) {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem("cookieConsent") ?? "{}") as { version?: string; id?: string },
  );
}

/** The consent id the settings dialog shows, opened from the footer (and closed again). */
async function consentIdShown(page: Page): Promise<string> {
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  const shown = dialog.getByTestId("cookie-consent-id");
  await expect(shown).toBeVisible();
  const id = (await shown.locator(".font-mono").textContent())?.trim() ?? "";
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  return id;
}

test("a changed policy asks again, and the new choice is found by its id in the consent log and its CSV", async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  try {
    // First visit: Accept All under the code's version; the settings show the record's id.
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Accept All" }).click();
    await expect(banner).toBeHidden();
    await expect.poll(async () => Boolean((await storedReceipt(page)).id)).toBe(true);
    const firstId = await consentIdShown(page);
    const [first] = await server.db.select().from(cookieConsents).where(eq(cookieConsents.id, firstId));
    expect(first).toMatchObject({ choice: "accepted", policyVersion: COOKIE_POLICY_VERSION });

    // The policy changes: the returning visitor is asked again, and nothing optional is on meanwhile.
    await setPolicyVersion(server, NEW_VERSION);
    await page.reload();
    await waitForHydration(page);
    await expect(banner).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await banner.getByRole("button", { name: "Reject All" }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(async () => {
        const receipt = await storedReceipt(page);
        return receipt.version === NEW_VERSION && Boolean(receipt.id) && receipt.id !== firstId;
      })
      .toBe(true);
    const secondId = await consentIdShown(page);
    expect(secondId).not.toBe(firstId);
    const [second] = await server.db.select().from(cookieConsents).where(eq(cookieConsents.id, secondId));
    expect(second).toMatchObject({ choice: "rejected", policyVersion: NEW_VERSION });

    // And not again on the next visit.
    await page.reload();
    await waitForHydration(page);
    await expect(banner).toHaveCount(0);

    // The administrator finds the choice by the id the visitor quotes.
    await signInAs(page, server, "admin");
    await openCmsTab(page, "/cms/consents", /^Consent log \([\d,]+\)$/, "Search");
    await expect(page).toHaveTitle("Consent log | CMS");
    const search = page.getByRole("search", { name: "Search the consent log" });
    await search.getByRole("textbox", { name: "Consent ID" }).fill(secondId);
    await search.getByRole("textbox", { name: "Consent ID" }).press("Enter");
    await expect(page.getByRole("heading", { name: "Consent log (1)" })).toBeVisible();
    const row = page.getByRole("row").nth(1);
    await expect(row.getByRole("cell")).toHaveText([
      secondId,
      /\d{4}/,
      "Rejected all",
      "Off",
      "Off",
      "Off",
      NEW_VERSION,
    ]);
    await waitForToastsToClose(page);
    await expectAccessibleInBothThemes(page);
    await expectPanelsFitPhoneWidth(page);

    // Its CSV export holds exactly that record.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cookie-consents-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "consent_id,recorded_at,choice,strictly_necessary,functional,performance,targeting,policy_version",
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^${secondId},.*,rejected,yes,no,no,no,${NEW_VERSION}$`)),
    ]);

    // A mistyped id says so and lists nothing.
    await search.getByRole("textbox", { name: "Consent ID" }).fill("not-an-id");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(search.getByText(/^Enter a consent ID as the cookie settings show it/)).toBeVisible();
    await expect(page.getByText("No consent records match this search.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  } finally {
    await setPolicyVersion(server, "2025-07-14");
  }
});

test("the consent log is for administrators only", async ({ page, server, consoleErrors }) => {
  await page.goto("/cms/consents");
  expect(new URL(page.url()).pathname).toBe("/cms");
  await expect(page.getByText("Login to CMS")).toBeVisible();

  await signInAs(page, server, "editor");
  const response = await page.goto("/cms/consents");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  const csv = await page.request.get("/cms/consents/export.csv");
  expect(csv.status()).toBe(403);
  expectConsoleError(consoleErrors, 403);
});
