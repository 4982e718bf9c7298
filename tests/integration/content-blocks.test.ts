/**
 * Content blocks (app/server/content/content-blocks.server.ts, app/lib/blocks/ and
 * app/lib/schemas/content-blocks.ts): listing in order with the type and active filters, the
 * cached public list and its invalidation, the writes, the order, each type's schema,
 * the edit form's field messages, and the tab's action.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, contentBlocks } from "../../app/db/schema";
import { seedContentBlocks } from "../../app/db/seed-data";
import { BLOCK_TYPES, type BlockType } from "~/lib/enums";
import { BLOCK_DATA, toTypedBlock } from "~/lib/blocks/block-data";
import { BLOCK_FIELDS, blockDataFromForm } from "~/lib/blocks/block-fields";
import { checkBlockData, newBlockSchema, parseEditBlockForm } from "~/lib/schemas/content-blocks";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import {
  createContentBlock,
  deleteContentBlock,
  listActiveBlocks,
  listActiveTypedBlocks,
  listContentBlocks,
  reorderContentBlocks,
  updateContentBlock,
} from "~/server/content/content-blocks.server";
import { routeArgs, withBrokenDatabaseHooks } from "./broken-database-routes";
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

/** One block as the CMS tab lists it (inactive ones included), or undefined once it is gone. */
async function blockInCmsList(id: string) {
  const blocks = await listContentBlocks(cms.db, { includeInactive: true });
  return blocks.find((block) => block.id === id);
}

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
  it("returns the active blocks in order, by name among equals, by default", async () => {
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
    // A block created through the module goes to the end of its type.
    expect(names(await listActiveBlocks(cms.db, "testimonial"))).toEqual([
      "Aaron",
      "Beta testimonial",
      "Zeta testimonial",
      "Delta testimonial",
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
    expect(await blockInCmsList(block.id)).toMatchObject({ name: "New" });
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
    expect(await blockInCmsList(block.id)).toBeUndefined();
  });
});

describe("listActiveTypedBlocks", () => {
  it("reads each active block as its type, in order, and skips data that does not fit", async () => {
    await cms.db.insert(contentBlocks).values({
      name: "Broken testimonial",
      blockType: "testimonial",
      contentData: { quote: "" },
    });
    const testimonials = await listActiveTypedBlocks(cms.db, "testimonial");
    expect(testimonials.map(({ id: _id, ...rest }) => rest)).toEqual([
      { blockType: "testimonial", data: { quote: "Great work.", author: "Bea", role: "CTO", company: "Acme" } },
      { blockType: "testimonial", data: { quote: "Superb.", author: "Zoe" } },
    ]);
  });
});

/** Names of the active blocks of a type, as public pages list them. */
const publicOrder = async (blockType: BlockType) => names(await listActiveBlocks(cms.db, blockType));

async function idsOf(blockType: BlockType) {
  return (await listContentBlocks(cms.db, { blockType, includeInactive: true })).map((block) => block.id);
}

describe("order (sort_order)", () => {
  it("puts a new block at the end of its type, whatever its name", async () => {
    await createContentBlock(cms.db, actor, {
      name: "Aardvark testimonial",
      blockType: "testimonial",
      contentData: { quote: "Q", author: "A" },
    });
    expect(await publicOrder("testimonial")).toEqual(["Beta testimonial", "Zeta testimonial", "Aardvark testimonial"]);
  });

  it("reorders a type's blocks; public lists follow at once and the change is audited", async () => {
    await publicOrder("testimonial"); // cached
    const [beta, gamma, zeta] = await idsOf("testimonial");
    await reorderContentBlocks(cms.db, actor, "testimonial", [zeta!, gamma!, beta!]);
    expect(await publicOrder("testimonial")).toEqual(["Zeta testimonial", "Beta testimonial"]);
    expect(names(await listContentBlocks(cms.db, { blockType: "testimonial", includeInactive: true }))).toEqual([
      "Zeta testimonial",
      "Gamma testimonial (retired)",
      "Beta testimonial",
    ]);
    const [entry] = await cms.db.select().from(auditLog).where(eq(auditLog.action, "content_block.reorder"));
    expect(entry).toMatchObject({ entity: "content_blocks", details: { blockType: "testimonial" } });
  });

  it("refuses a list that is not exactly the type's blocks, and changes nothing", async () => {
    const [beta, gamma, zeta] = await idsOf("testimonial");
    const [feature] = await idsOf("feature");
    const wrong = [
      [zeta!, beta!], // one missing (added in another tab)
      [zeta!, beta!, gamma!, feature!], // another type's block
      [zeta!, zeta!, beta!], // a duplicate
    ];
    for (const order of wrong) {
      const refusal = await reorderContentBlocks(cms.db, actor, "testimonial", order).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ExpectedError);
      expect(refusal).toMatchObject({ status: 409, message: expect.stringContaining("Reload the page") });
    }
    expect(await idsOf("testimonial")).toEqual([beta, gamma, zeta]);
  });

  it("a block that changes type joins the end of its new type", async () => {
    const [beta] = await idsOf("testimonial");
    await updateContentBlock(cms.db, actor, beta!, {
      name: "Beta feature",
      blockType: "feature",
      description: null,
      contentData: { title: "B", description: "D" },
      isActive: true,
    });
    expect(await publicOrder("feature")).toEqual(["Alpha feature", "Beta feature"]);
  });
});

/** A full example of each type, in the keys the CMS writes. */
const FULL: Record<BlockType, Record<string, unknown>> = {
  testimonial: { quote: "Q", author: "A", role: "R", company: "C", rating: 5 },
  feature: { title: "T", description: "D", icon: "clock" },
  team_member: { name: "N", role: "R", bio: "B", location: "London", imageUrl: "https://example.com/p.jpg" },
  service_card: { title: "T", description: "D", badge: "B", features: ["a", "b"], link: "/cloud" },
  hero: {
    heading: "H",
    subheading: "S",
    primaryCta: { label: "Go", url: "/contact" },
    secondaryCta: { label: "Read", url: "https://example.com/x" },
  },
  cta: { heading: "H", body: "B", buttonLabel: "Go", buttonUrl: "/contact" },
};

describe("each type's schema", () => {
  it("accepts every seeded block's data, and the seed's blocks read as their types", () => {
    for (const block of seedContentBlocks) {
      expect(checkBlockData(block.blockType as BlockType, block.contentData), block.name).toMatchObject({
        success: true,
      });
      const typed = toTypedBlock({ id: "x", blockType: block.blockType!, contentData: block.contentData });
      expect(typed?.blockType, block.name).toBe(block.blockType);
    }
  });

  it.each(BLOCK_TYPES)("%s: a full example is kept as it is", (type) => {
    expect(checkBlockData(type, FULL[type])).toEqual({ success: true, data: FULL[type] });
  });

  it("reads the keys earlier versions offered as today's keys", () => {
    expect(BLOCK_DATA.team_member.parse({ name: "N", role: "R", photoUrl: "/images/n.png" })).toEqual({
      name: "N",
      role: "R",
      imageUrl: "/images/n.png",
    });
    expect(BLOCK_DATA.cta.parse({ heading: "H", text: "T", buttonLabel: "B", buttonUrl: "/contact" })).toEqual({
      heading: "H",
      body: "T",
      buttonLabel: "B",
      buttonUrl: "/contact",
    });
    expect(BLOCK_DATA.hero.parse({ heading: "H", ctaLabel: "Go", ctaUrl: "/contact" })).toEqual({
      heading: "H",
      primaryCta: { label: "Go", url: "/contact" },
    });
    // The seed's "no picture" (null) reads as no picture.
    expect(BLOCK_DATA.team_member.parse({ name: "N", role: "R", imageUrl: null })).toEqual({ name: "N", role: "R" });
  });

  const refusals: [BlockType, Record<string, unknown>, Record<string, string>][] = [
    [
      "testimonial",
      { quote: " ", author: "A", rating: 6 },
      { "data.quote": "Quote is required", "data.rating": expect.any(String) },
    ],
    ["feature", { title: "T", description: "D", icon: "skull" }, { "data.icon": "Choose an icon from the list" }],
    [
      "team_member",
      { name: "N", role: "R", imageUrl: "http://example.com/p.jpg" },
      { "data.imageUrl": "Image URL must start with / or be an https address" },
    ],
    [
      "service_card",
      { title: "T", description: "D", link: "javascript:alert(1)", features: "one" },
      {
        "data.link": "Link must start with / or be an http(s) address",
        "data.features": "Features must be a list of text",
      },
    ],
    [
      "hero",
      { heading: "H", primaryCta: { label: "", url: "/\\evil.example" } },
      {
        "data.primaryCta.label": "Primary button label is required",
        "data.primaryCta.url": "Primary button URL must start with / or be an http(s) address",
      },
    ],
    [
      "cta",
      { heading: "H", buttonLabel: "B", buttonUrl: "/..//evil.example", colour: "red" },
      {
        "data.buttonUrl": "Button URL must start with / or be an http(s) address",
        form: expect.stringContaining("colour"),
      },
    ],
  ];

  it.each(refusals)("%s: refuses bad data with each field's message", (type, data, errors) => {
    const result = checkBlockData(type, data);
    expect(result.success).toBe(false);
    expect(!result.success && result.errors).toEqual(errors);
  });
});

/** A form as the edit dialog sends it: the block's fields, then `entries` (repeated names allowed). */
function editForm(entries: [string, string][], blockType: BlockType = "service_card") {
  const form = new FormData();
  for (const [name, value] of [
    ["id", "7f1a3e2c-1b2d-4c3e-8f9a-0b1c2d3e4f5a"],
    ["name", " Card "],
    ["blockType", blockType],
    ["description", ""],
    ["isActive", "false"],
    ...entries,
  ]) {
    form.append(name!, value!);
  }
  return form;
}

describe("the edit form", () => {
  it("every field of every type has a name the schema knows", () => {
    for (const type of BLOCK_TYPES) {
      const keys = Object.keys(BLOCK_DATA[type].parse(FULL[type]));
      expect(BLOCK_FIELDS[type].map((field) => field.key).sort(), type).toEqual(expect.arrayContaining(keys.sort()));
    }
  });

  it("reads a list in its order without blank items, a button as a pair, a rating as a number", () => {
    const card = editForm([
      ["data.title", " AWS "],
      ["data.description", "D"],
      ["data.badge", ""],
      ["data.features", "Second"],
      ["data.features", " "],
      ["data.features", "First"],
      ["data.link", "/cloud"],
    ]);
    expect(blockDataFromForm("service_card", card)).toEqual({
      title: "AWS",
      description: "D",
      features: ["Second", "First"],
      link: "/cloud",
    });
    const hero = editForm([
      ["data.heading", "H"],
      ["data.primaryCta.label", "Go"],
      ["data.primaryCta.url", "/contact"],
      ["data.secondaryCta.label", ""],
      ["data.secondaryCta.url", ""],
    ]);
    expect(blockDataFromForm("hero", hero)).toEqual({ heading: "H", primaryCta: { label: "Go", url: "/contact" } });
    const quote = editForm([
      ["data.quote", "Q"],
      ["data.author", "A"],
      ["data.rating", "4"],
    ]);
    expect(blockDataFromForm("testimonial", quote)).toEqual({ quote: "Q", author: "A", rating: 4 });
  });

  it("answers the block and its content together, or every message by field name", () => {
    const ok = parseEditBlockForm(
      editForm([
        ["data.title", "T"],
        ["data.description", "D"],
        ["data.features", "One"],
      ]),
    );
    expect(ok).toEqual({
      success: true,
      data: {
        id: "7f1a3e2c-1b2d-4c3e-8f9a-0b1c2d3e4f5a",
        name: "Card",
        blockType: "service_card",
        description: null,
        isActive: false,
        contentData: { title: "T", description: "D", features: ["One"] },
      },
    });
    const form = editForm([["data.title", ""]], "cta");
    form.set("name", " ");
    expect(parseEditBlockForm(form)).toEqual({
      success: false,
      errors: {
        name: "Block name is required",
        "data.heading": "Heading is required",
        "data.buttonLabel": "Button label is required",
        "data.buttonUrl": "Button URL is required",
      },
    });
  });

  it("the new block form requires a name and defaults the type to testimonial", () => {
    expect(newBlockSchema.safeParse({ name: "  " }).error?.issues[0]?.message).toBe("Block name is required");
    expect(newBlockSchema.parse({ name: "N" })).toEqual({ name: "N", blockType: "testimonial", description: null });
    expect(newBlockSchema.safeParse({ name: "N", blockType: "banner" }).success).toBe(false);
  });
});

describe("the tab's action", () => {
  const URL = "http://localhost/cms/blocks";
  const act = async (fields: Record<string, string>) => {
    const { action } = await import("~/routes/cms/blocks");
    return (await action(routeArgs(cms.post(URL, fields)))) as unknown as {
      data: { ok: boolean; errors?: Record<string, string> };
      init: { status?: number } | null;
    };
  };

  it("refuses bad content with field messages and changes nothing", async () => {
    const [beta] = await listContentBlocks(cms.db, { blockType: "testimonial" });
    const result = await act({
      intent: "update",
      id: beta!.id,
      name: "Beta testimonial",
      blockType: "testimonial",
      isActive: "true",
      "data.quote": "",
      "data.author": "Bea",
      "data.rating": "9",
    });
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      errors: { "data.quote": "Quote is required", "data.rating": expect.stringContaining("1 to 5") },
    });
    expect((await blockInCmsList(beta!.id))?.contentData).toEqual(beta!.contentData);
  });

  it("saves the form's content as the type's data", async () => {
    const [beta] = await listContentBlocks(cms.db, { blockType: "testimonial" });
    const result = await act({
      intent: "update",
      id: beta!.id,
      name: "Beta CTA",
      blockType: "cta",
      isActive: "true",
      "data.heading": "Talk to us",
      "data.body": "",
      "data.buttonLabel": "Contact",
      "data.buttonUrl": "/contact",
    });
    expect(result.data).toMatchObject({ ok: true });
    expect(await blockInCmsList(beta!.id)).toMatchObject({
      blockType: "cta",
      contentData: { heading: "Talk to us", buttonLabel: "Contact", buttonUrl: "/contact" },
    });
  });

  it("reorders, and refuses an order made from a stale list", async () => {
    const [beta, gamma, zeta] = await idsOf("testimonial");
    const done = await act({ intent: "reorder", blockType: "testimonial", order: [gamma, zeta, beta].join(",") });
    expect(done.data).toMatchObject({ ok: true });
    expect(await idsOf("testimonial")).toEqual([gamma, zeta, beta]);

    const stale = await act({ intent: "reorder", blockType: "testimonial", order: [beta, zeta].join(",") });
    expect(stale.init?.status).toBe(409);
    expect(stale.data.errors?.form).toContain("Reload the page");
    const junk = await act({ intent: "reorder", blockType: "testimonial", order: "not-an-id" });
    expect(junk.init?.status).toBe(400);
    expect(await idsOf("testimonial")).toEqual([gamma, zeta, beta]);
  });
});

describe("route loaders when the database fails", () => {
  withBrokenDatabaseHooks(cms);

  // Signed in as the administrator, through the real guards.
  const args = (url: string) => ({ request: cms.request(url), params: {}, context: {} }) as never;

  it("the CMS tab empties the list and keeps the error message; the home page shows no blocks", async () => {
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
      expect(homeData.heroBlock).toBeNull();
      expect(homeData.testimonials).toBeNull();
      expect([...homeData.services, ...homeData.whyChooseUs].every((item) => item.kind === "card")).toBe(true);
      // The page's copy still renders, with the company named by the fallback.
      expect(homeData.page.hero.lead).not.toContain("{{");
      // The blocks tab and the home page's blocks each log their failure, and so does each of the
      // page's two reads of the settings (its copy, and its JSON-LD's company name).
      expect(logged).toHaveBeenCalledTimes(4);
    } finally {
      await cms.setDatabase("up");
      vi.resetModules();
    }
  });
});
