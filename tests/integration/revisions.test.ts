/**
 * The revisions' pruning rule (app/server/publishing/revisions.server.ts, decision 015): every
 * revision of the last 30 days; older ones only the last of each London day; never fewer than the
 * newest 20 of an item.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { revisions } from "../../app/db/schema";
import type { Actor } from "~/server/platform/audit.server";
import { listRevisions, pruneRevisions, recordRevision } from "~/server/publishing/revisions.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createTestActor } from "./test-actor";

let database: TestDatabase;
let actor: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  actor = await createTestActor(database.db);
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(revisions);
});

const NOW = new Date("2026-11-25T12:00:00.000Z");
const DAY = 86_400_000;

/** Revisions of one item at the given instants. */
async function revisionsAt(entityId: string, instants: Date[]): Promise<void> {
  await database.db.insert(revisions).values(
    instants.map((createdAt, index) => ({
      entityKind: "content",
      entityId,
      action: "saved",
      snapshot: { title: `Version ${index}` },
      userId: actor.id,
      userEmail: actor.email,
      createdAt,
    })),
  );
}

/** `perDay` revisions an hour apart on each of `days` days, starting `fromDaysAgo` days before NOW. */
function daily(fromDaysAgo: number, days: number, perDay: number): Date[] {
  const instants: Date[] = [];
  for (let day = 0; day < days; day += 1) {
    for (let hour = 0; hour < perDay; hour += 1) {
      instants.push(new Date(NOW.getTime() - (fromDaysAgo + day) * DAY + hour * 3_600_000));
    }
  }
  return instants;
}

async function count(entityId: string): Promise<number> {
  return (await database.db.select().from(revisions).where(eq(revisions.entityId, entityId))).length;
}

describe("pruneRevisions", () => {
  it("keeps everything of the last 30 days", async () => {
    const id = randomUUID();
    await revisionsAt(id, daily(1, 10, 5));
    expect(await pruneRevisions(database.db, { now: NOW })).toBe(0);
    expect(await count(id)).toBe(50);
  });

  it("keeps the newest 20 whatever their age, and of older ones the last of each day", async () => {
    const id = randomUUID();
    // 5 recent, then 25 over five days long ago (5 a day).
    await revisionsAt(id, [...daily(1, 1, 5), ...daily(100, 5, 5)]);
    await pruneRevisions(database.db, { now: NOW });
    // The newest 20: the 5 recent and the three newest old days (15); the two oldest days keep one each.
    expect(await count(id)).toBe(22);
    const kept = await database.db.select().from(revisions).where(eq(revisions.entityId, id));
    const oldest = kept.filter((row) => row.createdAt.getTime() < NOW.getTime() - 102.5 * DAY);
    // The last of each of those days (the 4th hour after its first).
    expect(oldest.map((row) => row.createdAt.getUTCHours()).sort()).toEqual([16, 16]);
  });

  it("counts days in London time, and prunes one item without touching another", async () => {
    const id = randomUUID();
    const other = randomUUID();
    // 21:30 and 23:30 UTC on 1 July are 22:30 on 1 July and 00:30 on 2 July in London (BST).
    const summer = [new Date("2025-07-01T21:30:00Z"), new Date("2025-07-01T23:30:00Z")];
    await revisionsAt(id, [...summer, ...daily(1, 4, 5)]);
    await revisionsAt(other, [new Date("2025-07-01T09:00:00Z"), new Date("2025-07-01T10:00:00Z"), ...daily(1, 4, 5)]);
    await pruneRevisions(database.db, { entityId: id, kind: "content", now: NOW });
    expect(await count(id)).toBe(22);
    expect(await count(other)).toBe(22);
    await pruneRevisions(database.db, { now: NOW });
    expect(await count(other)).toBe(21);
  });

  it("runs after each save, for that item", async () => {
    const id = randomUUID();
    await revisionsAt(id, daily(100, 5, 5));
    await recordRevision(database.db, {
      kind: "content",
      entityId: id,
      action: "saved",
      snapshot: { title: "New" },
      actor,
    });
    // The newest 20 (the new one and 19 old ones, which end inside the fourth old day) and the last
    // of the oldest day: the fourth day's earliest revision goes, its last is among the 20.
    const kept = await listRevisions(database.db, "content", id);
    expect(kept[0]?.userEmail).toBe(actor.email);
    expect(kept).toHaveLength(21);
  });
});
