/**
 * The Users tab's list: a page of accounts at a time in e-mail order, and a search by e-mail.
 */
import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "~/lib/cms/pagination";
import { listUsers } from "~/server/auth/users.server";
import { hashPassword } from "~/server/auth/passwords.server";
import { users } from "../../app/db/schema";
import { accountsDatabaseForFile } from "./accounts-database";

const database = accountsDatabaseForFile();

/** Accounts straight into the table: the list is under test here, not how accounts are added. */
async function addAccounts(emails: readonly string[]) {
  const passwordHash = await hashPassword("a passphrase nobody types");
  await database.db.insert(users).values(emails.map((email) => ({ email, passwordHash, role: "editor" as const })));
}

const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => `user-${String(index + 1).padStart(2, "0")}@example.com`);

describe("listUsers", () => {
  it("gives a page of accounts in e-mail order and how many there are in all", async () => {
    await addAccounts(numbered(PAGE_SIZE + 5).reverse());
    const first = await listUsers(database.db);
    expect(first.total).toBe(PAGE_SIZE + 5);
    expect(first.page).toBe(1);
    expect(first.users.map((user) => user.email)).toEqual(numbered(PAGE_SIZE));
    const second = await listUsers(database.db, { page: 2 });
    expect(second.users.map((user) => user.email)).toEqual(numbered(PAGE_SIZE + 5).slice(PAGE_SIZE));
    expect(second.total).toBe(PAGE_SIZE + 5);
  });

  it("shows the last page for a page past the end", async () => {
    await addAccounts(numbered(PAGE_SIZE + 2));
    const past = await listUsers(database.db, { page: 40 });
    expect(past.page).toBe(2);
    expect(past.users.map((user) => user.email)).toEqual(["user-26@example.com", "user-27@example.com"]);
  });

  it("finds accounts whose e-mail contains the search, however it is typed, counting only those", async () => {
    await addAccounts(["ann.lee@example.com", "bob@example.com", "joanna@example.org", ...numbered(3)]);
    const found = await listUsers(database.db, { q: "  Ann " });
    expect(found.users.map((user) => user.email)).toEqual(["ann.lee@example.com", "joanna@example.org"]);
    expect(found.total).toBe(2);
    expect(await listUsers(database.db, { q: "nobody" })).toEqual({ users: [], total: 0, page: 1 });
  });

  it("matches % and _ as themselves, not as wildcards", async () => {
    await addAccounts(["a_b@example.com", "axb@example.com", "100%@example.com"]);
    expect((await listUsers(database.db, { q: "a_b" })).users.map((user) => user.email)).toEqual(["a_b@example.com"]);
    expect((await listUsers(database.db, { q: "%" })).users.map((user) => user.email)).toEqual(["100%@example.com"]);
  });
});
