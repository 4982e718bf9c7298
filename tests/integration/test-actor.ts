import { randomUUID } from "node:crypto";
import { createUser } from "~/server/auth/users.server";
import type { Actor } from "~/server/platform/audit.server";
import type { Database } from "~/server/platform/db/db.server";

/** An administrator to name as the actor of an entity module's audited write (the audit log needs a real user). */
export async function createTestActor(db: Database): Promise<Actor> {
  const user = await createUser(db, {
    email: `actor-${randomUUID()}@example.com`,
    password: "a long enough password",
    role: "admin",
  });
  return { id: user.id, email: user.email };
}
