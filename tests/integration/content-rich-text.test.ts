/**
 * The content editor's save with the rich-text editor's document, called as React
 * Router calls it: the document is stored beside the HTML rendered from it, which is what the
 * public page reads; a form without a document (no JavaScript, the HTML view) stores its HTML as
 * before and forgets a document that no longer matches; a bad document changes nothing.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { content } from "../../app/db/schema";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "cms-content-rich-text" });

beforeEach(async () => {
  invalidateAll();
  await cms.db.delete(content);
});

const document = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "About us" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Run by " },
        { type: "placeholder", attrs: { key: "company_name" } },
        { type: "text", text: "." },
      ],
    },
  ],
};

async function save(id: string, fields: Record<string, string>) {
  const { saveContentAction } = await import("~/routes/cms/content-editor.server");
  const request = cms.post(`http://localhost/cms/content/${id}`, {
    intent: "save",
    title: "About",
    slug: "about-us",
    status: "published",
    type: "page",
    ...fields,
  });
  return (await saveContentAction(request, id)) as Response | { data: unknown; init: ResponseInit | null };
}

async function stored() {
  const [row] = await cms.db.select().from(content).where(eq(content.slug, "about-us"));
  return row;
}

describe("saving content with the editor's document", () => {
  it("stores the document and the HTML rendered from it, not the HTML the form posted", async () => {
    const answer = await save("new", { content: "<p>stale</p>", contentDocument: JSON.stringify(document) });
    expect(answer).toBeInstanceOf(Response);
    const row = await stored();
    expect(row?.document).toEqual(document);
    expect(row?.content).toBe("<h2>About us</h2><p>Run by {{company_name}}.</p>");
  });

  it("stores the posted HTML as before, and no document, when the form sent none", async () => {
    await save("new", { contentDocument: JSON.stringify(document) });
    const saved = (await stored())!;
    // The form carries the version it was opened on (edit-conflicts.server.ts).
    await save(saved.id, {
      content: "<p>typed in the HTML view</p>",
      contentDocument: "",
      baseVersion: saved.updatedAt.toISOString(),
    });
    const row = await stored();
    expect(row?.content).toBe("<p>typed in the HTML view</p>");
    expect(row?.document).toBeNull();
  });

  it("refuses a document with an unknown element on the content field, and stores nothing", async () => {
    const bad = { type: "doc", content: [{ type: "iframe", attrs: { src: "https://evil.example/" } }] };
    const answer = await save("new", { content: "<p>x</p>", contentDocument: JSON.stringify(bad) });
    expect(answer).not.toBeInstanceOf(Response);
    const { data, init } = answer as { data: { errors: Record<string, string> }; init: ResponseInit };
    expect(init.status).toBe(400);
    expect(data.errors.content).toBe('The document has an unknown element "iframe".');
    expect(await stored()).toBeUndefined();
  });
});
