/**
 * The CMS's rich-text editor as an editor uses it: a page written with every element
 * the toolbar offers, saved and read on the public page (placeholders filled in); Markdown
 * shortcuts; pastes from Word and Google Docs that keep the structure and drop the styling; the
 * HTML view's round trip; the XSS corpus pasted and typed, inert on the public page; axe in both
 * themes, 375 px, and the toolbar by keyboard alone.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { content, media, siteSettings } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  richTextEditor,
  signInAs,
  test,
  waitForReact,
  type TestServer,
} from "./fixtures";
import { canary, corpus } from "./xss-payloads";
import { armTrap, visit } from "./xss-trap";

const NEW = "/cms/content/new";
const PASTE_FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "paste");

let counter = 0;
function uniqueSlug(prefix: string): string {
  counter += 1;
  return `rich-${prefix}-${process.pid}-${counter}-${Date.now()}`;
}

function editorOf(page: Page): Locator {
  return richTextEditor(page, "Content");
}

function tool(page: Page, name: string): Locator {
  return page.getByRole("toolbar", { name: "Content formatting" }).getByRole("button", { name, exact: true });
}

/** Opens a new item's editor once the rich-text editor has loaded (lazily, after hydration). */
async function openNewItem(page: Page, title: string, slug: string): Promise<Locator> {
  await page.goto(NEW);
  await waitForReact(page.getByLabel("Title *"));
  const editor = editorOf(page);
  await expect(editor).toBeVisible();
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Slug *").fill(slug);
  return editor;
}

/** Publishes the new item (the editor's Publish button) and waits for the list. */
async function save(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL("/cms/content");
  await expect(page.getByText("Content published", { exact: true })).toBeVisible();
}

/** Pastes `html` into the editor as the browser does for a real clipboard (a paste event with text/html). */
async function paste(editor: Locator, html: string): Promise<void> {
  await editor.focus();
  await editor.evaluate((element, data) => {
    const clipboard = new DataTransfer();
    clipboard.setData("text/html", data);
    clipboard.setData("text/plain", data.replace(/<[^>]*>/g, ""));
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, html);
}

/** The HTML the form will post for the body (the editor keeps it in a hidden field). */
function postedHtml(page: Page): Promise<string> {
  return page.locator('input[type="hidden"][name="content"]').inputValue();
}

async function companyName(server: TestServer): Promise<string> {
  const [row] = await server.db.select().from(siteSettings).where(eq(siteSettings.settingKey, "company_name"));
  return row!.settingValue;
}

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test.afterAll(async ({ server }) => {
  await server.db.delete(content).where(like(content.slug, "rich-%"));
  await server.db.delete(media).where(like(media.originalName, "rich-%"));
  server.invalidateCaches();
});

test("a page written with every element of the toolbar is saved and shown on the public page", async ({
  page,
  server,
}) => {
  // A whole page typed key by key, with a dozen dialogs: longer than the default 90 s on a loaded machine.
  test.setTimeout(240_000);
  await signInAs(page, server, "admin");
  // An image uploaded to the media library first, as an editor would.
  const imageName = `${uniqueSlug("card")}.png`;
  await page.goto("/cms/media");
  await waitForReact(page.getByTestId("media-drop-zone"));
  const pixels = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  await page.getByLabel("Choose images").setInputFiles({ name: imageName, mimeType: "image/png", buffer: pixels });
  await expect(page.getByText("Uploaded: add its alt text below")).toBeVisible();
  const slug = uniqueSlug("every");
  const editor = await openNewItem(page, "Every element", slug);
  const keyboard = page.keyboard;
  await editor.click();

  for (const [level, text] of [
    [2, "Section two"],
    [3, "Section three"],
    [4, "Section four"],
  ] as const) {
    await tool(page, `Heading ${level}`).click();
    await expect(tool(page, `Heading ${level}`)).toHaveAttribute("aria-pressed", "true");
    await keyboard.type(text);
    await keyboard.press("Enter");
  }

  for (const [mark, text] of [
    ["Bold", "heavy"],
    ["Italic", "slanted"],
    ["Underline", "underlined"],
    ["Strikethrough", "struck"],
    ["Inline code", "coded"],
  ] as const) {
    await tool(page, mark).click();
    await keyboard.type(text);
    await tool(page, mark).click();
    await keyboard.type(" ");
  }
  await keyboard.press("Enter");

  // A nested list: indent the second item, then leave both levels.
  await tool(page, "Bulleted list").click();
  await keyboard.type("Outer item");
  await keyboard.press("Enter");
  await tool(page, "Indent list item").click();
  await keyboard.type("Nested item");
  await keyboard.press("Enter");
  await keyboard.press("Enter");
  await keyboard.press("Enter");
  await tool(page, "Numbered list").click();
  await keyboard.type("Numbered item");
  await keyboard.press("Enter");
  await keyboard.press("Enter");

  await tool(page, "Block quote").click();
  await keyboard.type("Quoted words");
  await keyboard.press("Enter");
  await tool(page, "Block quote").click();

  // A link to a page of the site, on selected text.
  await keyboard.type("About us");
  await keyboard.press("Shift+Home");
  await tool(page, "Link").click();
  const linkDialog = page.getByRole("dialog", { name: "Add link" });
  await linkDialog.getByLabel("Page on this site").selectOption("/about");
  await linkDialog.getByRole("button", { name: "Save link" }).click();
  await keyboard.press("End");
  await keyboard.type(" and ");
  // An external address, refused until it is one, with Ctrl+K.
  await keyboard.press("ControlOrMeta+k");
  await page.getByRole("dialog", { name: "Add link" }).getByLabel("Or an address").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(page.getByText("Enter an address starting with https://")).toBeVisible();
  await page.getByRole("dialog", { name: "Add link" }).getByLabel("Or an address").fill("https://example.com/partner");
  await page.getByRole("button", { name: "Save link" }).click();
  await keyboard.press("Enter");

  // An image from the media library (alt text asked for before it is placed), then its caption.
  await tool(page, "Insert image").click();
  const picker = page.getByTestId("media-picker");
  await picker.getByLabel("Search images").fill(imageName);
  await picker.getByRole("button", { name: imageName }).click();
  await picker.getByRole("button", { name: "Use this image" }).click();
  await expect(picker.getByText("Describe the image in its alt text before placing it on a page")).toBeVisible();
  await picker.getByLabel(/Alt text for/).fill("The company's sharing card");
  await picker.getByRole("button", { name: "Use this image" }).click();
  await expect(picker).toBeHidden();
  await expect(editor.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}\.webp$/);
  await editor.locator("img").click();
  await tool(page, "Edit image caption and alt text").click();
  const details = page.getByRole("dialog", { name: "Image caption and alt text" });
  await details.getByLabel("Caption").fill("Our card, as shared");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(editor.locator("figcaption")).toHaveText("Our card, as shared");

  // A table: typed cells, a row added, a column removed.
  await keyboard.press("ControlOrMeta+End");
  await tool(page, "Insert table").click();
  await keyboard.type("Service");
  await keyboard.press("Tab");
  await keyboard.type("Hours");
  await keyboard.press("Tab");
  await keyboard.type("Spare");
  await keyboard.press("Tab");
  await keyboard.type("Support");
  await keyboard.press("Tab");
  await keyboard.type("24/7");
  await tool(page, "Add row below").click();
  await keyboard.press("ArrowUp");
  await keyboard.press("ArrowRight");
  await tool(page, "Delete column").click();
  await expect(editor.locator("table tr")).toHaveCount(4);
  await expect(editor.locator("table tr").first().locator("th")).toHaveCount(2);

  await keyboard.press("ControlOrMeta+End");
  await tool(page, "Horizontal rule").click();

  // A placeholder chip from the picker of public settings.
  await keyboard.type("Run by ");
  await tool(page, "Insert setting").click();
  await page
    .getByRole("dialog", { name: "Insert setting" })
    .getByRole("button", { name: /\{\{company_name\}\}/ })
    .click();
  await expect(editor.locator('[data-placeholder="company_name"]')).toHaveText("{{company_name}}");

  // Undo and redo.
  await keyboard.type(" today");
  await expect(editor).toContainText("today");
  await tool(page, "Undo").click();
  await expect(editor).not.toContainText("today");
  await tool(page, "Redo").click();
  await expect(editor).toContainText("Run by {{company_name}} today");

  await expect(page.getByTestId("word-count")).toHaveText(/^\d+ words$/);
  await save(page);

  const [row] = await server.db.select().from(content).where(eq(content.slug, slug));
  expect(row?.document).toMatchObject({ type: "doc" });

  const company = await companyName(server);
  await page.goto(`/content/${slug}`);
  const body = page.getByTestId("content-body");
  await expect(body.locator("h2")).toHaveText("Section two");
  await expect(body.locator("h3")).toHaveText("Section three");
  await expect(body.locator("h4")).toHaveText("Section four");
  await expect(body.locator("strong")).toHaveText("heavy");
  await expect(body.locator("em")).toHaveText("slanted");
  await expect(body.locator("u")).toHaveText("underlined");
  await expect(body.locator("s")).toHaveText("struck");
  await expect(body.locator("p > code")).toHaveText("coded");
  await expect(body.locator("ul > li > ul > li")).toHaveText("Nested item");
  await expect(body.locator("ol > li")).toHaveText("Numbered item");
  await expect(body.locator("blockquote")).toHaveText("Quoted words");
  await expect(body.getByRole("link", { name: "About us" })).toHaveAttribute("href", "/about");
  await expect(body.getByRole("link", { name: "https://example.com/partner" })).toHaveAttribute(
    "href",
    "https://example.com/partner",
  );
  await expect(body.locator("figure img")).toHaveAttribute("alt", "The company's sharing card");
  await expect(body.locator("figure figcaption")).toHaveText("Our card, as shared");
  await expect(body.locator("table th")).toHaveText(["Service", "Spare"]);
  await expect(body.locator("table td").first()).toHaveText("Support");
  await expect(body.locator("hr")).toHaveCount(1);
  await expect(body).toContainText(`Run by ${company} today`);
  await expect(body).not.toContainText("{{company_name}}");
});

test("Markdown shortcuts make headings, lists, quotes and bold as they are typed", async ({ page, server }) => {
  await signInAs(page, server, "admin");
  const editor = await openNewItem(page, "Shortcuts", uniqueSlug("markdown"));
  await editor.click();
  await page.keyboard.type("## A heading");
  await page.keyboard.press("Enter");
  await page.keyboard.type("- a list item");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("> a quote");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("some **strong** words");
  await expect(editor.locator("h2")).toHaveText("A heading");
  await expect(editor.locator("ul > li")).toHaveText("a list item");
  await expect(editor.locator("blockquote")).toContainText("a quote");
  await expect(editor.locator("strong")).toHaveText("strong");
  await expect(editor).not.toContainText("**");
});

test("what is typed into the plain field while the editor loads is what the editor starts from", async ({
  page,
  server,
}) => {
  // The editor's code is held back, as on a slow connection: the plain HTML field stands in for it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/editor-[\w-]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await signInAs(page, server, "admin");
  await page.goto(NEW);
  const plainField = page.getByRole("textbox", { name: "Content", exact: true });
  await waitForReact(plainField);
  await expect(richTextEditor(page, "Content")).toHaveCount(0);
  await plainField.fill("<h2>Typed early</h2><p>Before the editor came.</p>");
  // While the editor starts, its toolbar must never name an element that is not there (axe's
  // aria-valid-attr-value): each change to the page is checked as it happens.
  await page.evaluate(() => {
    const dangling: string[] = [];
    (window as unknown as { danglingControls: string[] }).danglingControls = dangling;
    new MutationObserver(() => {
      for (const toolbar of document.querySelectorAll('[role="toolbar"][aria-controls]')) {
        const id = toolbar.getAttribute("aria-controls")!;
        if (!document.getElementById(id)) dangling.push(id);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });

  release();
  const editor = richTextEditor(page, "Content");
  await expect(editor.locator("h2")).toHaveText("Typed early");
  await expect(editor).toContainText("Before the editor came.");
  expect(await postedHtml(page)).toContain("<h2>Typed early</h2>");
  expect(await page.evaluate(() => (window as unknown as { danglingControls: string[] }).danglingControls)).toEqual([]);
  await expect(page.getByRole("toolbar", { name: "Content formatting" })).toHaveAttribute(
    "aria-controls",
    (await editor.getAttribute("id"))!,
  );
});

test("a paste from Word keeps headings, nested and numbered lists, the table, links and emphasis, and drops styles and comments", async ({
  page,
  server,
}) => {
  await signInAs(page, server, "admin");
  const editor = await openNewItem(page, "From Word", uniqueSlug("word"));
  await paste(editor, fs.readFileSync(path.join(PASTE_FIXTURES, "word.html"), "utf8"));

  await expect(editor.locator("h2").first()).toHaveText("Quarterly service review");
  await expect(editor.locator("h2").nth(1)).toHaveText("Highlights");
  await expect(editor.locator("strong").first()).toHaveText("managed cloud");
  await expect(editor.locator("em")).toHaveText("every");
  await expect(editor.locator("u")).toHaveText("agreed");
  await expect(editor.locator('a[href="https://example.com/report"]')).toHaveText("the full report");
  await expect(editor.locator("ul > li")).toHaveCount(3);
  await expect(editor.locator("ul > li > ul > li")).toHaveText("Measured every minute");
  await expect(editor.locator("ol > li")).toHaveText(["Review the backlog", "Plan the migration"]);
  await expect(editor.locator("table tr")).toHaveCount(2);
  await expect(editor.locator("table")).toContainText("99.99%");
  await expect(editor).not.toContainText("Internal: check these numbers");
  await expect(editor).not.toContainText("[AB1]");
  await expect(editor).not.toContainText("·");

  const html = await postedHtml(page);
  expect(html).not.toMatch(/mso-|font-family|Calibri|color:|background|Mso|o:p|msocom/i);
});

test("a paste from Google Docs keeps the structure without making everything bold, and drops styles", async ({
  page,
  server,
}) => {
  await signInAs(page, server, "admin");
  const editor = await openNewItem(page, "From Google Docs", uniqueSlug("gdocs"));
  await paste(editor, fs.readFileSync(path.join(PASTE_FIXTURES, "google-docs.html"), "utf8"));

  await expect(editor.locator("h2")).toHaveText("Training plan");
  await expect(editor.locator("p").first()).toContainText("Courses start in");
  await expect(editor.locator("p strong").first()).toHaveText("January");
  await expect(editor.locator("em")).toHaveText("and March");
  await expect(editor.locator('a[href="https://example.com/training"]')).toHaveText("the training page");
  await expect(editor.locator("ul > li > ul > li")).toHaveText("Two days");
  await expect(editor.locator("ul > li > p")).toHaveText(["Cloud foundations", "Two days", "Security basics"]);
  await expect(editor.locator("table tr")).toHaveCount(2);
  // Only the cells Google marked bold are bold: its wrapper <b style="font-weight:normal"> is not.
  await expect(editor.locator("strong")).toHaveText(["January", "Course", "Length"]);

  const html = await postedHtml(page);
  expect(html).not.toMatch(/docs-internal-guid|font-family|Arial|color:|background|dir=|google\.com\/url/i);
});

test("the HTML view shows the document's HTML, and edits made there come back into the editor", async ({
  page,
  server,
}) => {
  await signInAs(page, server, "admin");
  const slug = uniqueSlug("html-view");
  const editor = await openNewItem(page, "HTML view", slug);
  await editor.click();
  await page.keyboard.type("## Typed heading");

  await tool(page, "HTML view").click();
  await expect(tool(page, "HTML view")).toHaveAttribute("aria-pressed", "true");
  const source = page.getByRole("textbox", { name: "Content", exact: true });
  await expect(source).toHaveValue("<h2>Typed heading</h2><p></p>");
  await source.fill(
    '<h2>From HTML</h2><p>Typed <strong>here</strong> for {{company_name}}</p><p style="color:red">red</p>',
  );

  await tool(page, "HTML view").click();
  await expect(editor.locator("h2")).toHaveText("From HTML");
  await expect(editor.locator("strong")).toHaveText("here");
  await expect(editor.locator('[data-placeholder="company_name"]')).toBeVisible();
  await expect(editor.locator("[style]")).toHaveCount(0);
  await save(page);

  const [row] = await server.db.select().from(content).where(eq(content.slug, slug));
  expect(row?.content).toBe("<h2>From HTML</h2><p>Typed <strong>here</strong> for {{company_name}}</p><p>red</p>");
});

test.describe("the XSS corpus through the editor", () => {
  test.use({ bypassCSP: true });

  test("pasted and typed, it is stored inert and nothing runs on the public page or in the editor", async ({
    page,
    server,
  }) => {
    const fired = await armTrap(page);
    await signInAs(page, server, "admin");
    const slug = uniqueSlug("xss");
    const editor = await openNewItem(page, "XSS through the editor", slug);
    const payloads = corpus("rich");
    await editor.click();
    await page.keyboard.insertText(canary("typed"));
    for (const payload of payloads) {
      await page.keyboard.press("Enter");
      await page.keyboard.insertText(payload.html);
    }
    await paste(editor, `<p>${canary("pasted")}</p>${payloads.map((payload) => payload.html).join("\n")}`);
    await save(page);

    const [row] = await server.db.select().from(content).where(eq(content.slug, slug));
    // The payloads are text now (escaped); no tag that was stored can run anything.
    const tags = row!.content.match(/<[a-z][^>]*>/gi) ?? [];
    const unsafe = tags.filter(
      (tag) =>
        !/^<\/?(p|a|strong|em|u|s|code|pre|br|h[234]|ul|ol|li|blockquote|hr|figure|figcaption|img|table|tbody|tr|th|td)\b/i.test(
          tag,
        ) ||
        /[\s/](on[a-z]+|style)\s*=/i.test(tag.replace(/"[^"]*"/g, '""')) ||
        /\s(href|src)="(?!https?:\/\/|\/(?![/\\]))/i.test(tag),
    );
    expect(unsafe).toEqual([]);
    expect(row!.content).toContain("&lt;script&gt;__xss('rich-1')&lt;/script&gt;");
    await visit(page, fired, `/content/${slug}`, [canary("typed"), canary("pasted")]);
    await visit(page, fired, `/cms/content/${row!.id}`, [canary("typed")]);
  });
});

test("the editor passes axe in both themes, fits 375 px, and its toolbar works by keyboard alone", async ({
  page,
  server,
}) => {
  await signInAs(page, server, "admin");
  const editor = await openNewItem(page, "Keyboard", uniqueSlug("keyboard"));
  await expectAccessibleInBothThemes(page);

  // One tab stop for the toolbar, then arrows, Home and End within it.
  await page.getByLabel("Excerpt").focus();
  await page.keyboard.press("Tab");
  await expect(tool(page, "Paragraph")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(tool(page, "Heading 2")).toBeFocused();
  await page.keyboard.press("End");
  await expect(tool(page, "HTML view")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(tool(page, "Paragraph")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(editor).toBeFocused();

  await page.keyboard.type("Made bold by keyboard");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Shift+Tab");
  await expect(tool(page, "Paragraph")).toBeFocused();
  for (let step = 0; step < 4; step += 1) await page.keyboard.press("ArrowRight");
  await expect(tool(page, "Bold")).toBeFocused();
  await expect(tool(page, "Bold")).toHaveAttribute("title", "Bold (Ctrl+B)");
  await page.keyboard.press("Enter");
  await expect(tool(page, "Bold")).toHaveAttribute("aria-pressed", "true");
  await expect(editor.locator("strong")).toHaveText("Made bold by keyboard");

  // Every button has a name and says whether a toggle is on.
  const buttons = page.getByRole("toolbar", { name: "Content formatting" }).getByRole("button");
  for (const button of await buttons.all()) await expect(button).toHaveAttribute("aria-label", /\S/);

  await tool(page, "Link").click();
  await expectAccessibleInBothThemes(page);
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(editor).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessibleInBothThemes(page);
});
