/**
 * /training and /training/curriculum.pdf on PGlite (SPEC.md "Training", sections 4 and 8): the
 * loader shows the active courses by name and never an inactive one, falls back to the six built-in
 * courses when none is active or the query fails, and shows the page content record (placeholders
 * filled, HTML sanitised) or the default copy when it is missing or unreadable; the meta carries the
 * course list and breadcrumbs; the curriculum route answers with a real PDF of the catalogue.
 */
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pageContent, siteSettings, trainingCourses } from "../../app/db/schema";
import { TRAINING_PAGE, TRAINING_PAGE_SLUG } from "~/content/training";
import { BUILT_IN_COURSES } from "~/content/training-courses";
import { invalidateAll, invalidateLocally } from "~/server/platform/cache/cache.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import type { CourseSummary } from "~/lib/commerce/training";
import { buildCurriculumPdf, curriculumOutline, getCurriculumPdf } from "~/server/commerce/curriculum.server";
import { displayableImageUrl, getPageContent, toPageContentView } from "~/server/content/page-content.server";
import { setUpCmsHarness } from "./cms-harness";

// The routes read the process's database; here it is this file's test database, or one that is down.
vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const COMPANY = "Larkspire & Daughters";
const SETTINGS = { company_name: COMPANY, contact_email: "learn@example.com" };

const cms = setUpCmsHarness({ name: "training", dataDir: false, accounts: false });

beforeAll(async () => {
  await cms.db
    .insert(siteSettings)
    .values(
      Object.entries(SETTINGS).map(([settingKey, settingValue]) => ({ settingKey, settingValue, isPublic: true })),
    );
});
beforeEach(async () => {
  await cms.setDatabase("up");
  await cms.db.delete(trainingCourses);
  await cms.db.delete(pageContent);
  // The catalogue and the settings are cached until the CMS changes them; each test starts afresh.
  invalidateAll();
});

type NewCourse = typeof trainingCourses.$inferInsert;

const course = (name: string, extra: Partial<NewCourse> = {}): NewCourse => ({
  name,
  description: `${name}: what it covers.`,
  duration: "40 hours",
  level: "Intermediate",
  price: 1000,
  originalPrice: 1200,
  rating: 4.5,
  students: 1500,
  emoji: "📘",
  features: ["First topic", "Second topic", "Third topic", "Fourth topic"],
  instructor: "A. Teacher",
  lastUpdated: "June 2025",
  ...extra,
});

const routeArgs = (url: string) =>
  ({
    request: new Request(url),
    url: new URL(url),
    params: {},
    context: {},
    pattern: "/training",
    unstable_pattern: "/training",
  }) as never;

async function loadTrainingPage() {
  const { loader } = await import("~/routes/site/training");
  return loader(routeArgs("http://localhost/training"));
}

async function downloadCurriculum(): Promise<Response> {
  const { loader } = await import("~/routes/api/curriculum");
  return loader();
}

/**
 * The standard PDF fonts encode text as Windows-1252, where 0x80–0x9F are printable ("–" is 0x96);
 * Node's TextDecoder reads that range as Latin-1 control characters, hence this table.
 */
const WIN_ANSI_80_9F = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = (bytes: Buffer) =>
  [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_80_9F[byte - 0x80] : String.fromCharCode(byte)))
    .join("");

/**
 * The text of a PDF: every stream inflated when compressed (pdfkit's default), then each text
 * line's hex strings decoded, as tests/integration/downloads.test.ts reads uncompressed ones.
 */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const contents: string[] = [];
  // "endstream" ends with "stream" too; only the keyword that opens a stream counts.
  for (const match of source.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    if (end < 0) continue;
    const data = pdf.subarray(start, end);
    try {
      contents.push(zlib.inflateSync(data).toString("latin1"));
    } catch {
      contents.push(data.toString("latin1"));
    }
  }
  const lines = contents.flatMap((content) =>
    [...content.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)].map((line) =>
      [...line[1]!.matchAll(/<([0-9a-f]*)>/g)].map((hex) => winAnsi(Buffer.from(hex[1]!, "hex"))).join(""),
    ),
  );
  return lines.join("\n");
}

/** Text without line breaks and runs of spaces, for phrases that may wrap. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("the /training loader: the catalogue", () => {
  it("shows the active courses ordered by name, and never an inactive one", async () => {
    await cms.db
      .insert(trainingCourses)
      .values([
        course("Zero Trust Networking"),
        course("Archived Course", { isActive: false }),
        course("Applied Data Engineering"),
        course("Kubernetes Basics", { isActive: true }),
      ]);
    const data = await loadTrainingPage();
    expect(data.coursesSource).toBe("database");
    expect(data.courses.map((item) => item.name)).toEqual([
      "Applied Data Engineering",
      "Kubernetes Basics",
      "Zero Trust Networking",
    ]);
    expect(data.courses[0]).toMatchObject({
      price: 1000,
      originalPrice: 1200,
      rating: 4.5,
      students: 1500,
      features: ["First topic", "Second topic", "Third topic", "Fourth topic"],
      instructor: "A. Teacher",
      lastUpdated: "June 2025",
    });
    // Only the card's fields reach the page: no timestamps, no active flag.
    expect(Object.keys(data.courses[0]!)).not.toContain("isActive");
    expect(Object.keys(data.courses[0]!)).not.toContain("createdAt");
  });

  it("shows the six built-in courses when no course is active", async () => {
    await cms.db.insert(trainingCourses).values(course("Hidden", { isActive: false }));
    const data = await loadTrainingPage();
    expect(data.coursesSource).toBe("built-in");
    expect(data.courses.map((item) => item.name)).toEqual(BUILT_IN_COURSES.map((item) => item.name));
    expect(data.courses.map((item) => item.price)).toEqual([1299, 1599, 999, 1399, 899, 1699]);
    expect(data.courses.map((item) => item.originalPrice)).toEqual([1599, 1999, 1299, 1799, 1199, 2199]);
  });

  it("shows the six built-in courses, and the default copy, when the database cannot be read", async () => {
    await cms.db.insert(trainingCourses).values(course("Unreachable"));
    await cms.setDatabase("down");
    const data = await loadTrainingPage();
    expect(data.coursesSource).toBe("built-in");
    expect(data.courses).toHaveLength(6);
    expect(data.courses.map((item) => item.id)).toEqual(BUILT_IN_COURSES.map((item) => item.id));
    expect(data.contentSource).toBe("default");
    expect(data.record.title).toBe(TRAINING_PAGE.defaultRecord.title);
  });
});

describe("the /training loader: the page content record", () => {
  it("shows the record with placeholders filled as text and its HTML sanitised", async () => {
    await cms.db.insert(pageContent).values({
      slug: TRAINING_PAGE_SLUG,
      title: "Training at {{company_name}}",
      excerpt: "Courses by {{company_name}}.",
      content: '<p>Taught by {{company_name}}.</p><script>alert(1)</script><p onclick="steal()">Small classes</p>',
      featuredImageUrl: "/images/showcase-training-960.webp",
    });
    const data = await loadTrainingPage();
    expect(data.contentSource).toBe("database");
    expect(data.record).toEqual({
      title: `Training at ${COMPANY}`,
      excerpt: `Courses by ${COMPANY}.`,
      // The company's "&" is text inside the HTML, and nothing can run.
      html: "<p>Taught by Larkspire &amp; Daughters.</p><p>Small classes</p>",
      featuredImageUrl: "/images/showcase-training-960.webp",
    });
  });

  it("shows the default copy when the record is missing, with the company's name filled in", async () => {
    const data = await loadTrainingPage();
    expect(data.contentSource).toBe("default");
    expect(data.record.title).toBe("Professional Training");
    expect(data.record.excerpt).toBe(TRAINING_PAGE.defaultRecord.excerpt);
    expect(data.record.html).toContain("practising consultants from Larkspire &amp; Daughters");
    expect(data.record.html).not.toContain("{{");
    // No image of its own: the page shows the shipped training artwork.
    expect(data.record.featuredImageUrl).toBeNull();
    // The page's copy is filled too, and the parts only the server needs stay on the server.
    expect(data.page.courses.title).toBe("Featured Training Courses");
    expect(data.page.curriculum.downloadLabel).toBe("Download Curriculum");
    expect(data.page).not.toHaveProperty("defaultRecord");
    expect(data.page).not.toHaveProperty("curriculumDocument");
  });

  it("getPageContent says where the record came from", async () => {
    const getDb = cms.getDb;
    const fallback = { title: "Default", excerpt: null, content: "<p>Default</p>", featuredImageUrl: null };
    await expect(getPageContent(getDb, "nothing-here", fallback)).resolves.toEqual({
      record: { ...fallback, slug: "nothing-here" },
      source: "default",
    });
    const failing = () => Promise.reject(new Error("down"));
    await expect(getPageContent(failing, TRAINING_PAGE_SLUG, fallback)).resolves.toMatchObject({ source: "default" });
    await cms.db.insert(pageContent).values({ slug: "other", title: "Other", content: "" });
    await expect(getPageContent(getDb, "other", fallback)).resolves.toMatchObject({
      record: { title: "Other", content: "", excerpt: null },
      source: "database",
    });
    expect(toPageContentView({ ...fallback, content: "   " }, {}).html).toBe("");
  });

  it("reads a record once, until the database says page content changed", async () => {
    const fallback = { title: "Default", excerpt: null, content: "", featuredImageUrl: null };
    await cms.db.insert(pageContent).values({ slug: TRAINING_PAGE_SLUG, title: "First", content: "" });
    await expect(getPageContent(cms.getDb, TRAINING_PAGE_SLUG, fallback)).resolves.toMatchObject({
      record: { title: "First" },
    });
    await cms.db.update(pageContent).set({ title: "Second" }).where(eq(pageContent.slug, TRAINING_PAGE_SLUG));
    await expect(getPageContent(cms.getDb, TRAINING_PAGE_SLUG, fallback)).resolves.toMatchObject({
      record: { title: "First" },
    });
    // What the trigger of migration 0019 publishes, and each instance's listener passes on.
    invalidateLocally("page-content:");
    await expect(getPageContent(cms.getDb, TRAINING_PAGE_SLUG, fallback)).resolves.toMatchObject({
      record: { title: "Second" },
    });
  });

  it("shows only images the Content-Security-Policy allows: site paths and https addresses", () => {
    expect(displayableImageUrl("/images/showcase-training-960.webp")).toBe("/images/showcase-training-960.webp");
    expect(displayableImageUrl(" https://cdn.example.com/hero.jpg ")).toBe("https://cdn.example.com/hero.jpg");
    for (const url of [
      null,
      undefined,
      "",
      "   ",
      "http://cdn.example.com/hero.jpg",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/x.png",
      "/\\evil.example/x.png",
      "/..//evil.example/x.png",
      "hero.jpg",
    ]) {
      expect(displayableImageUrl(url), String(url)).toBeNull();
    }
  });
});

describe("the /training meta", () => {
  it("names the page after the record, with its excerpt, canonical address, course list and breadcrumbs", async () => {
    await cms.db.insert(trainingCourses).values([course("Beta Course"), course("Alpha Course")]);
    // The loader builds the course list on the server from PUBLIC_URL, as the layout does its links.
    vi.stubEnv("PUBLIC_URL", "https://www.example.co.uk");
    resetEnvForTests();
    const data = await loadTrainingPage().finally(() => {
      vi.unstubAllEnvs();
      resetEnvForTests();
    });
    const { meta } = await import("~/routes/site/training");
    const layout = {
      id: "routes/site/layout",
      data: {
        identity: { companyName: COMPANY, siteTitle: COMPANY, siteDescription: "" },
        publicUrl: "https://www.example.co.uk",
      },
    };
    const tags = meta({ data, loaderData: data, matches: [layout], params: {}, location: {} } as never) as Record<
      string,
      unknown
    >[];
    expect(tags).toContainEqual({ title: `Professional Training | ${COMPANY}` });
    expect(tags).toContainEqual({ name: "description", content: TRAINING_PAGE.defaultRecord.excerpt });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.example.co.uk/training" });
    const jsonLd = tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : [])) as {
      "@type": string;
      itemListElement: { item: { name?: string; provider?: { name: string } } | string }[];
    }[];
    expect(jsonLd.map((item) => item["@type"])).toEqual(["ItemList", "BreadcrumbList"]);
    const courses = jsonLd[0]!.itemListElement.map((entry) => entry.item as { name: string; provider: object });
    expect(courses.map((item) => item.name)).toEqual(["Alpha Course", "Beta Course"]);
    expect(courses[0]!.provider).toEqual({ "@type": "Organization", name: COMPANY, url: "https://www.example.co.uk/" });
    expect(jsonLd[1]!.itemListElement.map((entry) => entry.item)).toEqual([
      "https://www.example.co.uk/",
      "https://www.example.co.uk/training",
    ]);
    expect(JSON.stringify(jsonLd)).not.toContain("aggregateRating");
  });
});

describe("/training/curriculum.pdf", () => {
  it("answers with a PDF attachment of the active courses, briefly cacheable", async () => {
    await cms.db
      .insert(trainingCourses)
      .values([course("Quantum-Safe Cryptography"), course("Retired Course", { isActive: false })]);
    const response = await downloadCurriculum();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"larkspire-daughters-training-curriculum.pdf\"; filename*=UTF-8''larkspire-daughters-training-curriculum.pdf",
    );
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(pdf.length));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = flat(pdfText(pdf));
    expect(text).toContain("Training Curriculum");
    expect(text).toContain("Quantum-Safe Cryptography");
    expect(text).toContain("Fourth topic");
    expect(text).not.toContain("Retired Course");
  });

  it("lists the six built-in courses when the database cannot be read", async () => {
    await cms.setDatabase("down");
    const response = await downloadCurriculum();
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = flat(pdfText(pdf));
    for (const builtIn of BUILT_IN_COURSES) expect(text, builtIn.name).toContain(builtIn.name);
    // Without the settings the document still names a company (the site's fallback name).
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.pdf"/);
  });

  it("holds every course with its level, duration, price, saving, instructor and all its features", async () => {
    const courses = BUILT_IN_COURSES.map((item) => ({ ...item, features: [...item.features] })) as CourseSummary[];
    const { filename, pdf } = await buildCurriculumPdf(courses, SETTINGS, {
      publicUrl: "https://www.example.co.uk",
      compress: false,
      date: new Date("2025-07-14T12:00:00Z"),
    });
    expect(filename).toBe("larkspire-daughters-training-curriculum.pdf");
    const text = flat(pdfText(pdf));
    expect(text).toContain(COMPANY.toUpperCase());
    expect(text).toContain("6 courses from Larkspire & Daughters");
    expect(text).toContain("14 July 2025");
    for (const item of BUILT_IN_COURSES) {
      for (const phrase of [item.name, item.level, item.duration, item.instructor, ...item.features]) {
        expect(text, `${item.name}: ${phrase}`).toContain(flat(phrase));
      }
    }
    // Prices in pounds with the original and the saving (SPEC.md section 9).
    expect(text).toContain("£1,299");
    expect(text).toContain("was £1,599, save £300");
    expect(text).toContain("https://www.example.co.uk/training");
    expect(text).toContain("learn@example.com");
  });

  it("keeps the catalogue's order and leaves out what a course does not have", () => {
    const bare: CourseSummary = {
      id: "x",
      name: "Bare Course",
      description: "Nothing else.",
      duration: "2 days",
      level: "Beginner",
      price: 500,
      originalPrice: null,
      rating: null,
      students: 0,
      emoji: "",
      features: [],
      instructor: null,
      lastUpdated: null,
    };
    const outline = curriculumOutline([bare], {});
    const sections = outline.sections.map((section) => section.heading);
    expect(sections).toEqual(["Introduction", "Bare Course", "How to book"]);
    const courseSection = outline.sections[1]!;
    expect(courseSection.paragraphs).toEqual(["Nothing else."]);
    expect(courseSection.metrics).toEqual([
      { value: "Beginner", label: "Level" },
      { value: "2 days", label: "Duration" },
      { value: "£500", label: "Price per delegate" },
    ]);
    expect(outline.subtitle).toBe("1 course from Our company");
  });

  it("reuses the document while the catalogue and settings are unchanged, and rebuilds when either changes", async () => {
    const courses = BUILT_IN_COURSES.slice(0, 1).map((item) => ({
      ...item,
      features: [...item.features],
    })) as CourseSummary[];
    const now = new Date("2025-07-14T09:00:00Z");
    const first = getCurriculumPdf(courses, SETTINGS, { now });
    expect(getCurriculumPdf(courses, SETTINGS, { now: new Date("2025-07-14T17:00:00Z") })).toBe(first);
    expect(getCurriculumPdf([...courses], SETTINGS, { now })).not.toBe(first);
    const otherDay = getCurriculumPdf(courses, SETTINGS, { now: new Date("2025-07-15T09:00:00Z") });
    expect(otherDay).not.toBe(first);
    await Promise.all([first, otherDay]);
  });
});

describe("the seeded page content", () => {
  it("points at a picture the site ships", async () => {
    const { seedTrainingPageContent } = await import("../../app/db/seed-data");
    const fs = await import("node:fs");
    const path = await import("node:path");
    const url = seedTrainingPageContent.featuredImageUrl!;
    expect(displayableImageUrl(url)).toBe(url);
    expect(fs.existsSync(path.join(process.cwd(), "public", url))).toBe(true);
    await cms.db.insert(pageContent).values(seedTrainingPageContent);
    const [row] = await cms.db.select().from(pageContent).where(eq(pageContent.slug, TRAINING_PAGE_SLUG));
    expect(row?.featuredImageUrl).toBe(url);
  });
});
