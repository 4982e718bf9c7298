/**
 * Content blocks (app/server/content/content-blocks.server.ts and app/lib/schemas/content-blocks.ts):
 * listing by name with the type and active filters, the cached public list and its invalidation,
 * the writes, and the per-type checks of content_data.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contentBlocks } from "../../db/schema";
import { seedContentBlocks } from "../../db/seed-data";
import { BLOCK_TYPES, type BlockType } from "~/lib/enums";
import { checkBlockData, editBlockSchema, newBlockSchema, parseBlockData } from "~/lib/schemas/content-blocks";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import {
  createContentBlock,
  deleteContentBlock,
  findContentBlock,
  listActiveBlocks,
  listContentBlocks,
  toTestimonials,
  updateContentBlock,
} from "~/server/content/content-blocks.server";
import { withBrokenDatabaseHooks } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";
import { ExpectedError } from "~/server/platform/errors.server";
import type { Actor } from "~/server/platform/audit.server";
import { createTestActor } from "./test-actor";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

// A signed-in administrator for the tab, whose data is in this test database.
const cms = setUpCmsHarness({ name: "content-blocks" });

/** The administrator named in the audit log of the entity modules' writes. */
let actor: Actor;
beforeAll(async () => {
  actor = await createTestActor(cms.db);
});

beforeEach(async () => {
  invalidateAll();
  await cms.db.delete(contentBlocks);
  // Inserted out of name order, with an inactive block and several types.
  await cms.db.insert(contentBlocks).values([
    { name: "Zeta testimonial", blockType: "testimonial", contentData: { quote: "Superb.", author: "Zoe" } },
    { name: "Alpha feature", blockType: "feature", contentData: { title: "Fast", description: "Very fast." } },
    {
      name: "Beta testimonial",
      blockType: "testimonial",
      contentData: { quote: "Great work.", author: "Bea", role: "CTO", company: "Acme" },
    },
    {
      name: "Gamma testimonial (retired)",
      blockType: "testimonial",
      contentData: { quote: "Old.", author: "Gus" },
      isActive: false,
    },
  ]);
});

const names = (blocks: { name: string }[]) => blocks.map((block) => block.name);

describe("listContentBlocks", () => {
  it("returns the active blocks ordered by name by default", async () => {
    expect(names(await listContentBlocks(cms.db))).toEqual(["Alpha feature", "Beta testimonial", "Zeta testimonial"]);
  });

  it("filters by block type", async () => {
    expect(names(await listContentBlocks(cms.db, { blockType: "testimonial" }))).toEqual([
      "Beta testimonial",
      "Zeta testimonial",
    ]);
  });

  it("includes inactive blocks for the CMS list", async () => {
    const blocks = await listContentBlocks(cms.db, { includeInactive: true });
    expect(names(blocks)).toEqual([
      "Alpha feature",
      "Beta testimonial",
      "Gamma testimonial (retired)",
      "Zeta testimonial",
    ]);
    expect(blocks.find((block) => block.name.startsWith("Gamma"))?.isActive).toBe(false);
  });
});

describe("listActiveBlocks", () => {
  it("returns only active blocks of the requested type, by name", async () => {
    expect(names(await listActiveBlocks(cms.db, "testimonial"))).toEqual(["Beta testimonial", "Zeta testimonial"]);
    expect(names(await listActiveBlocks(cms.db))).toEqual(["Alpha feature", "Beta testimonial", "Zeta testimonial"]);
  });

  it("is cached, and every write through the module invalidates the cache", async () => {
    await listActiveBlocks(cms.db, "testimonial");
    // A change behind the module's back is not seen: the list is cached.
    await cms.db.insert(contentBlocks).values({ name: "Aaron", contentData: { quote: "Hi", author: "A" } });
    expect(names(await listActiveBlocks(cms.db, "testimonial"))).not.toContain("Aaron");

    const created = await createContentBlock(cms.db, actor, {
      name: "Delta testimonial",
      blockType: "testimonial",
      contentData: { quote: "Q", author: "D" },
    });
    expect(names(await listActiveBlocks(cms.db, "testimonial"))).toEqual([
      "Aaron",
      "Beta testimonial",
      "Delta testimonial",
      "Zeta testimonial",
    ]);

    await updateContentBlock(cms.db, actor, created.id, {
      name: created.name,
      blockType: "testimonial",
      description: null,
      contentData: created.contentData,
      isActive: false,
    });
    expect(names(await listActiveBlocks(cms.db, "testimonial"))).not.toContain("Delta testimonial");

    const [beta] = await listContentBlocks(cms.db, { blockType: "testimonial" }).then((blocks) =>
      blocks.filter((block) => block.name === "Beta testimonial"),
    );
    await deleteContentBlock(cms.db, actor, beta!.id);
    expect(names(await listActiveBlocks(cms.db, "testimonial"))).toEqual(["Aaron", "Zeta testimonial"]);
  });
});

describe("writes", () => {
  it("creates a block active, with empty data, defaulting the description to null", async () => {
    const block = await createContentBlock(cms.db, actor, { name: "New", blockType: "cta" });
    expect(block).toMatchObject({ name: "New", blockType: "cta", isActive: true, contentData: {}, description: null });
    expect(await findContentBlock(cms.db, block.id)).toMatchObject({ name: "New" });
  });

  it("updates every editable field", async () => {
    const block = await createContentBlock(cms.db, actor, { name: "Draft", blockType: "testimonial" });
    const updated = await updateContentBlock(cms.db, actor, block.id, {
      name: "Final",
      blockType: "feature",
      description: "Described",
      contentData: { title: "T", description: "D" },
      isActive: false,
    });
    expect(updated).toMatchObject({
      name: "Final",
      blockType: "feature",
      description: "Described",
      contentData: { title: "T", description: "D" },
      isActive: false,
    });
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(block.updatedAt.getTime());
  });

  it("refuses to update or delete a block that does not exist", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    await expect(
      updateContentBlock(cms.db, actor, missing, {
        name: "X",
        blockType: "testimonial",
        description: null,
        contentData: {},
        isActive: true,
      }),
    ).rejects.toBeInstanceOf(ExpectedError);
    await expect(deleteContentBlock(cms.db, actor, missing)).rejects.toBeInstanceOf(ExpectedError);
  });

  it("deletes a block", async () => {
    const block = await createContentBlock(cms.db, actor, { name: "Temporary", blockType: "hero" });
    await expect(deleteContentBlock(cms.db, actor, block.id)).resolves.toMatchObject({ id: block.id });
    expect(await findContentBlock(cms.db, block.id)).toBeUndefined();
  });
});

describe("toTestimonials", () => {
  it("keeps testimonials whose data fits, with role and company only when present", async () => {
    const blocks = await listContentBlocks(cms.db, { includeInactive: true });
    blocks.push({ ...blocks[0]!, id: "broken", name: "Broken", blockType: "testimonial", contentData: { quote: "" } });
    expect(toTestimonials(blocks).map(({ id: _id, ...rest }) => rest)).toEqual([
      { quote: "Great work.", author: "Bea", role: "CTO", company: "Acme" },
      { quote: "Old.", author: "Gus" },
      { quote: "Superb.", author: "Zoe" },
    ]);
  });
});

describe("content data schemas", () => {
  it("accept every seeded block's data for its type", () => {
    for (const block of seedContentBlocks) {
      const result = checkBlockData(block.blockType as BlockType, block.contentData);
      expect(result, block.name).toMatchObject({ success: true });
    }
  });

  it("accept the documented shapes of each type", () => {
    const examples: Record<BlockType, unknown> = {
      testimonial: { quote: "Q", author: "A", role: "R", company: "C" },
      feature: { title: "T", description: "D", icon: "clock" },
      team_member: { name: "N", role: "R", bio: "B", photoUrl: "https://example.com/p.jpg" },
      service_card: { title: "T", description: "D", link: "/cloud", features: ["a", "b"] },
      hero: { heading: "H", subheading: "S", ctaLabel: "Go", ctaUrl: "/contact" },
      cta: { heading: "H", text: "T", buttonLabel: "B", buttonUrl: "https://example.com" },
    };
    for (const type of BLOCK_TYPES) expect(checkBlockData(type, examples[type]), type).toMatchObject({ success: true });
  });

  it("reject invalid JSON, non-objects, missing fields, unknown keys and unsafe links", () => {
    expect(parseBlockData("testimonial", "{not json")).toMatchObject({
      success: false,
      error: expect.stringContaining("not valid JSON"),
    });
    expect(parseBlockData("testimonial", "[1,2]")).toMatchObject({
      success: false,
      error: expect.stringContaining("must be a JSON object"),
    });
    expect(parseBlockData("testimonial", '{"quote":"Hi"}')).toMatchObject({
      success: false,
      error: expect.stringContaining("author"),
    });
    expect(parseBlockData("testimonial", '{"qoute":"Hi","author":"A","quote":"Q"}')).toMatchObject({
      success: false,
      error: expect.stringContaining("qoute"),
    });
    expect(parseBlockData("cta", '{"heading":"H","buttonLabel":"B","buttonUrl":"javascript:alert(1)"}')).toMatchObject({
      success: false,
      error: expect.stringContaining("Button URL"),
    });
    expect(parseBlockData("service_card", '{"title":"T","description":"D","features":"one"}')).toMatchObject({
      success: false,
    });
  });

  it("the edit form parses content_data for the chosen type and reports errors on contentData", () => {
    const base = {
      id: "7f1a3e2c-1b2d-4c3e-8f9a-0b1c2d3e4f5a",
      name: " Quote ",
      blockType: "testimonial",
      description: "",
      isActive: "false",
    };
    const ok = editBlockSchema.safeParse({ ...base, contentData: '{"quote":"Q","author":"A"}' });
    expect(ok.success && ok.data).toEqual({
      id: base.id,
      name: "Quote",
      blockType: "testimonial",
      description: null,
      isActive: false,
      contentData: { quote: "Q", author: "A" },
    });
    const wrongShape = editBlockSchema.safeParse({ ...base, blockType: "feature", contentData: '{"quote":"Q"}' });
    expect(wrongShape.success).toBe(false);
    expect(wrongShape.error?.issues[0]?.path).toEqual(["contentData"]);
  });

  it("the new block form requires a name and defaults the type to testimonial", () => {
    expect(newBlockSchema.safeParse({ name: "  " }).error?.issues[0]?.message).toBe("Block name is required");
    expect(newBlockSchema.parse({ name: "N" })).toEqual({ name: "N", blockType: "testimonial", description: null });
    expect(newBlockSchema.safeParse({ name: "N", blockType: "banner" }).success).toBe(false);
  });
});

describe("route loaders when the database fails", () => {
  withBrokenDatabaseHooks(cms);

  // Signed in as the administrator, through the real guards.
  const args = (url: string) => ({ request: cms.request(url), params: {}, context: {} }) as never;

  it("the CMS tab empties the list and keeps the error message; the home page shows no testimonials", async () => {
    vi.resetModules();
    // Everything but the sign-in fails.
    await cms.setDatabase("sign-in only");
    try {
      const { logger } = await import("~/server/platform/logger.server");
      const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
      const blocksRoute = await import("~/routes/cms/blocks");
      await expect(blocksRoute.loader(args("http://localhost/cms/blocks"))).resolves.toEqual({
        blocks: [],
        error: "Failed to fetch content blocks.",
      });
      const home = await import("~/routes/site/home");
      const homeData = await home.loader(args("http://localhost/"));
      expect(homeData.testimonials).toEqual([]);
      // The page's copy still renders, with the company named by the fallback.
      expect(homeData.page.hero.lead).not.toContain("{{");
      // The blocks tab, the testimonials and the home page's settings each log their failure.
      expect(logged).toHaveBeenCalledTimes(3);
    } finally {
      await cms.setDatabase("up");
      vi.resetModules();
    }
  });
});
