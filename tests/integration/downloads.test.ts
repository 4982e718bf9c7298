/**
 * The document downloads (app/server/content/downloads.server.ts, app/server/platform/pdf.server.ts and the route
 * /downloads/:document): a request is stored as one new contact submission and answered with a
 * real PDF built from the page's own copy; every section of the page reaches the document; the
 * route refuses bad input (400, nothing stored), unknown documents (404) and floods (429).
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactSubmissions, siteSettings } from "../../app/db/schema";
import { ENTERPRISE_CLOUD_MIGRATION } from "~/content/case-studies/enterprise-cloud-migration";
import { SCALABLE_ECOMMERCE } from "~/content/case-studies/scalable-ecommerce";
import { CLOUD_OVERVIEW, DATA_LAKE_PAGE } from "~/content/cloud";
import { DOWNLOAD_DOCUMENT_IDS, type DownloadDocumentId } from "~/content/types";
import { DOWNLOAD_MESSAGES, downloadRequestSchema } from "~/lib/schemas/download";
import { DOWNLOAD_DOCUMENTS, requestDownload } from "~/server/content/downloads.server";
import { renderPdf, toWinAnsi, type DocumentOutline } from "~/server/platform/pdf.server";
import { setUpCmsHarness } from "./cms-harness";

// The route reads the process's database; here it is this file's test database.
vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const COMPANY = "Larkspire Test Ltd";
const SETTINGS = { company_name: COMPANY, contact_email: "hello@example.com", phone_primary: "+44 20 7946 0000" };

const cms = setUpCmsHarness({ name: "downloads", dataDir: false, accounts: false });

beforeAll(async () => {
  await cms.db
    .insert(siteSettings)
    .values(
      Object.entries(SETTINGS).map(([settingKey, settingValue]) => ({ settingKey, settingValue, isPublic: true })),
    );
});
beforeEach(async () => {
  await cms.db.delete(contactSubmissions);
});

/** The text of an uncompressed pdfkit PDF: each line's hex strings decoded, one line per line. */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines = [...source.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)].map((match) =>
    [...match[1]!.matchAll(/<([0-9a-f]*)>/g)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")).join(""),
  );
  return lines.join("\n");
}

/** Text without line breaks and runs of spaces, for phrases that may wrap. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** Every piece of text an outline holds. */
function outlineText(outline: DocumentOutline): string {
  return [
    outline.title,
    outline.subtitle ?? "",
    ...outline.sections.flatMap((section) => [
      section.heading,
      ...(section.paragraphs ?? []),
      ...(section.bullets ?? []),
      ...(section.metrics ?? []).flatMap((metric) => [metric.value, metric.label]),
    ]),
  ].join("\n");
}

/** Keys of the copy that are not text of the page (addresses, metadata, icons, buttons). */
const NOT_PAGE_TEXT = new Set([
  "path",
  "aliases",
  "parent",
  "seo",
  "published",
  "icon",
  "href",
  "linkLabel",
  "actions",
  "link",
  "complete",
  "image",
]);

/** Every string of a page's copy, placeholders filled, except the keys above. */
function pageStrings(value: unknown): string[] {
  if (typeof value === "string") return [value.replaceAll("{{company_name}}", COMPANY)];
  if (Array.isArray(value)) return value.flatMap(pageStrings);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => (NOT_PAGE_TEXT.has(key) ? [] : pageStrings(item)));
  }
  return [];
}

const PAGES: Record<DownloadDocumentId, object> = {
  "aws-guide": CLOUD_OVERVIEW,
  "data-lake-architecture-guide": DATA_LAKE_PAGE,
  "enterprise-cloud-migration-case-study": ENTERPRISE_CLOUD_MIGRATION,
  "scalable-ecommerce-case-study": SCALABLE_ECOMMERCE,
};

describe("the registry", () => {
  it("has a document for every id, with the spec's titles and the pages that offer them", () => {
    expect(Object.keys(DOWNLOAD_DOCUMENTS).sort()).toEqual([...DOWNLOAD_DOCUMENT_IDS].sort());
    expect(
      Object.fromEntries(Object.entries(DOWNLOAD_DOCUMENTS).map(([id, doc]) => [id, [doc.title, doc.sourcePath]])),
    ).toEqual({
      "aws-guide": ["AWS Cloud Guide", "/cloud"],
      "data-lake-architecture-guide": ["Data Lake Architecture Guide", "/cloud/data-lake-analytics"],
      "enterprise-cloud-migration-case-study": [
        "Enterprise Cloud Migration Case Study",
        "/cloud/enterprise-cloud-migration",
      ],
      "scalable-ecommerce-case-study": ["Scalable E-commerce Case Study", "/case-studies/scalable-ecommerce"],
    });
  });

  it("each page's download button names its own document", () => {
    for (const [id, page] of Object.entries(PAGES)) {
      expect(JSON.stringify(page), id).toContain(`"document":"${id}"`);
    }
  });
});

describe("outlines", () => {
  for (const id of DOWNLOAD_DOCUMENT_IDS) {
    it(`${id}: every text of its page is in the document, placeholders filled`, () => {
      const outline = DOWNLOAD_DOCUMENTS[id].outline(SETTINGS);
      const text = outlineText(outline);
      const expected = pageStrings(PAGES[id]);
      expect(expected.length).toBeGreaterThan(30);
      const missing = expected.filter((item) => !text.includes(item));
      expect(missing, `${id} leaves out page text`).toEqual([]);
      expect(text).not.toMatch(/\{\{|\}\}/);
      expect(text).toContain(COMPANY);
      // The contact details of the closing section come from the settings.
      expect(text).toContain("hello@example.com");
    });
  }

  it("the migration case study has its four phases with their durations, in order, with activities", () => {
    const outline = DOWNLOAD_DOCUMENTS["enterprise-cloud-migration-case-study"].outline(SETTINGS);
    const phases = outline.sections.filter((section) => section.level === 2 && /^\d\. /.test(section.heading));
    expect(phases.map((section) => section.heading)).toEqual([
      "1. Assessment & Planning (6 weeks)",
      "2. Proof of Concept (4 weeks)",
      "3. Migration Execution (4 months)",
      "4. Optimization (Ongoing)",
    ]);
    for (const phase of phases) expect(phase.bullets?.length ?? 0).toBeGreaterThan(0);
    const results = outline.sections.find((section) => section.heading === ENTERPRISE_CLOUD_MIGRATION.results.title);
    expect(results?.metrics).toHaveLength(ENTERPRISE_CLOUD_MIGRATION.results.metrics.length);
  });

  it("the e-commerce case study marks its one unfinished step, the last", () => {
    const outline = DOWNLOAD_DOCUMENTS["scalable-ecommerce-case-study"].outline(SETTINGS);
    const phases = SCALABLE_ECOMMERCE.timeline!.phases;
    const unfinished = phases.filter((phase) => !phase.complete);
    expect(unfinished).toEqual([phases.at(-1)]);
    const marked = outline.sections.filter((section) => section.paragraphs?.includes("Status: in progress."));
    expect(marked.map((section) => section.heading)).toEqual([
      `${phases.length}. ${unfinished[0]!.title} (${unfinished[0]!.duration})`,
    ]);
  });

  it("links to the site's pages become full addresses when the public address is known", () => {
    const outline = DOWNLOAD_DOCUMENTS["aws-guide"].outline(SETTINGS, { publicUrl: "https://www.example.co.uk" });
    const text = outlineText(outline);
    expect(text).toContain("https://www.example.co.uk/contact");
    expect(text).toContain("https://www.example.co.uk/enterprise-cloud-migration");
  });
});

describe("renderPdf", () => {
  it("writes an A4 PDF with the title, metadata, headings and page numbers", async () => {
    const pdf = await renderPdf(
      {
        title: "Test Guide",
        subtitle: "A subtitle",
        sections: [
          { heading: "First Section", paragraphs: ["Some text. ".repeat(400)] },
          { heading: "Figures", metrics: [{ value: "38%", label: "lower costs" }] },
          { heading: "Points", level: 2, bullets: ["One point", "Another point"] },
        ],
      },
      { companyName: COMPANY, compress: false, date: new Date("2025-07-14T12:00:00Z") },
    );
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toMatch(/%%EOF/);
    const source = pdf.toString("latin1");
    expect(source).toContain("/MediaBox [0 0 595.28 841.89]");
    // The document information: Title and Author are strings of their own objects.
    expect(source).toMatch(/\/Title \d+ 0 R/);
    expect(source).toContain("(Test Guide)");
    expect(source).toContain(`(${COMPANY})`);
    const text = pdfText(pdf);
    for (const phrase of [
      COMPANY.toUpperCase(),
      "Test Guide",
      "A subtitle",
      "14 July 2025",
      "First Section",
      "38%",
      "lower costs",
      "Another point",
    ]) {
      expect(flat(text), phrase).toContain(phrase);
    }
    // The long section runs over to a second page; every page is numbered "Page n of N".
    const numbers = [...text.matchAll(/Page (\d+) of (\d+)/g)].map((match) => `${match[1]}/${match[2]}`);
    expect(numbers).toEqual(["1/2", "2/2"]);
    expect(source.match(/\/Type \/Page\b/g)).toHaveLength(2);
  });

  it("spells characters the standard fonts lack in ones they have", () => {
    expect(toWinAnsi("CO₂ → 99.99% ≥ 3×, £5, 10–20 “quoted” ✓")).toBe("CO2 -> 99.99% >= 3×, £5, 10–20 “quoted” ");
    expect(toWinAnsi("日本")).toBe("??");
  });
});

describe("requestDownload", () => {
  it("stores exactly one new submission naming the document and page, and returns its PDF", async () => {
    const result = await requestDownload(
      cms.db,
      "aws-guide",
      { name: "Ada Lovelace", email: "ada@example.com" },
      SETTINGS,
      { publicUrl: "https://www.example.co.uk", compress: false },
    );
    expect(result.filename).toBe("aws-guide.pdf");
    expect(result.pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = flat(pdfText(result.pdf));
    expect(text).toContain("AWS Cloud Guide");
    expect(text).toContain(CLOUD_OVERVIEW.cards.title);
    expect(text).toContain(COMPANY);

    const rows = await cms.db.select().from(contactSubmissions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: null,
      subject: "Download: AWS Cloud Guide",
      status: "new",
      attachmentUrl: null,
    });
    expect(rows[0]!.message).toBe("Requested the AWS Cloud Guide (PDF) from the page https://www.example.co.uk/cloud.");
  });

  it("builds every document", async () => {
    for (const id of DOWNLOAD_DOCUMENT_IDS) {
      const { pdf } = await requestDownload(cms.db, id, { name: "Bo", email: "bo@example.com" }, SETTINGS);
      expect(pdf.subarray(0, 5).toString("latin1"), id).toBe("%PDF-");
    }
    const subjects = (await cms.db.select().from(contactSubmissions)).map((row) => row.subject).sort();
    expect(subjects).toEqual(
      Object.values(DOWNLOAD_DOCUMENTS)
        .map((doc) => `Download: ${doc.title}`)
        .sort(),
    );
  });
});

describe("the form's schema", () => {
  it("trims the name and requires both fields with the site's messages", () => {
    expect(downloadRequestSchema.parse({ name: "  Ada  ", email: " ada@example.com " })).toEqual({
      name: "Ada",
      email: "ada@example.com",
    });
    const messages = (input: unknown) =>
      downloadRequestSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ name: "   ", email: "ada@example.com" })).toEqual(["Name is required"]);
    expect(messages({ name: "Ada", email: "not-an-address" })).toEqual(["Please enter a valid email address"]);
    expect(messages({ name: "Ada" })).toEqual(["Email is required"]);
    expect(messages({ name: "A".repeat(101), email: "ada@example.com" })).toEqual([
      "Name must be at most 100 characters",
    ]);
  });
});

describe("the /downloads/:document route", () => {
  const routeArgs = (request: Request, document: string, clientAddress = "203.0.113.1") =>
    ({
      request,
      params: { document },
      context: { cspNonce: "test-nonce", clientAddress },
      url: new URL(request.url),
      pattern: "/downloads/:document",
      unstable_pattern: "/downloads/:document",
    }) as never;
  const post = (document: string, fields: Record<string, string>, accept = "text/html") =>
    new Request(`http://localhost/downloads/${document}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Accept: accept },
    });
  const route = () => import("~/routes/site/download");

  it("GET shows a page with the form, kept out of search engines", async () => {
    const { loader } = await route();
    const response = (await loader(
      routeArgs(new Request("http://localhost/downloads/aws-guide"), "aws-guide"),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain(`<title>Download: AWS Cloud Guide | ${COMPANY}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<h1[^>]*>Download: AWS Cloud Guide<\/h1>/);
    expect(html).toContain('action="/downloads/aws-guide" method="post"');
    expect(html).toContain('<script nonce="test-nonce">');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Download PDF<\/button>/);
  });

  it("GET of an unknown document is a 404 page", async () => {
    const { loader } = await route();
    const response = (await loader(
      routeArgs(new Request("http://localhost/downloads/nothing"), "nothing"),
    )) as Response;
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Document not found");
  });

  it("POST answers with the PDF as an attachment and stores the request", async () => {
    const { action } = await route();
    const response = (await action(
      routeArgs(
        post("data-lake-architecture-guide", { name: " Grace ", email: "grace@example.com" }),
        "data-lake-architecture-guide",
      ),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"data-lake-architecture-guide.pdf\"; filename*=UTF-8''data-lake-architecture-guide.pdf",
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const rows = await cms.db.select().from(contactSubmissions);
    expect(rows).toMatchObject([{ name: "Grace", subject: "Download: Data Lake Architecture Guide", status: "new" }]);
    expect(rows[0]!.message).toMatch(
      /Data Lake Architecture Guide \(PDF\) from the page http.*\/cloud\/data-lake-analytics\./,
    );
  });

  it("POST with an invalid e-mail: 400 with the field's message, nothing stored", async () => {
    const { action } = await route();
    const json = (await action(
      routeArgs(post("aws-guide", { name: "Ada", email: "ada@" }, "application/pdf, application/json"), "aws-guide"),
    )) as Response;
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ fieldErrors: { email: DOWNLOAD_MESSAGES.emailInvalid } });

    const page = (await action(
      routeArgs(post("aws-guide", { name: "", email: "ada@example.com" }), "aws-guide"),
    )) as Response;
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain(DOWNLOAD_MESSAGES.nameRequired);
    expect(html).toMatch(/id="download-name"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="download-name"/);
    expect(html).toContain('value="ada@example.com"');
    expect(await cms.db.select().from(contactSubmissions)).toEqual([]);
  });

  it("POST for an unknown document is a 404 and stores nothing", async () => {
    const { action } = await route();
    const response = (await action(
      routeArgs(post("nothing", { name: "Ada", email: "ada@example.com" }, "application/json"), "nothing"),
    )) as Response;
    expect(response.status).toBe(404);
    expect(await cms.db.select().from(contactSubmissions)).toEqual([]);
  });

  it("the eleventh request in ten minutes from one address gets 429 and a clear message", async () => {
    const { action } = await route();
    const address = "198.51.100.7";
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = (await action(
        routeArgs(
          post("aws-guide", { name: "Flood", email: "flood@example.com" }, "application/json"),
          "aws-guide",
          address,
        ),
      )) as Response;
      expect(response.status, `request ${attempt}`).toBe(200);
    }
    const refused = (await action(
      routeArgs(
        post("aws-guide", { name: "Flood", email: "flood@example.com" }, "application/json"),
        "aws-guide",
        address,
      ),
    )) as Response;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: DOWNLOAD_MESSAGES.tooMany });
    const stored = await cms.db.select().from(contactSubmissions).where(eq(contactSubmissions.name, "Flood"));
    expect(stored).toHaveLength(10);

    // Another address is not affected.
    const other = (await action(
      routeArgs(post("aws-guide", { name: "Other", email: "other@example.com" }), "aws-guide", "198.51.100.8"),
    )) as Response;
    expect(other.status).toBe(200);
  });
});
