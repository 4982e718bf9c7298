/**
 * For the test files about accounts (sign-in, passwords, limits): one migrated database per file,
 * emptied of users, sessions and the setup code before each test, so each starts with no account.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { adminSetup, sessions, users } from "../../app/db/schema";
import { createTestDatabase, type TestDatabase } from "./database";

export function accountsDatabaseForFile(): Pick<TestDatabase, "db"> {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.delete(sessions);
    await database.db.delete(users);
    await database.db.delete(adminSetup);
  });
  return {
    get db() {
      return database.db;
    },
  };
}
