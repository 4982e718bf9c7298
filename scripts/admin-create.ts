/**
 * `npm run admin:create -- --email you@example.com [--role admin|editor|support]`: creates a CMS account from
 * the command line. The password comes from ADMIN_PASSWORD or is asked for (twice, not echoed).
 * On the embedded database the server must be stopped; on PostgreSQL it works at any time.
 */
import "./prepare-env";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { recordAudit } from "../app/server/platform/audit.server";
import { clearSetupCode } from "../app/server/auth/admin-setup.server";
import { openDatabase } from "../app/server/platform/db/db.server";
import { databaseTargetFromEnv } from "../app/server/platform/db/database.server";
import { getEnv } from "../app/server/platform/env.server";
import { createUser } from "../app/server/auth/users.server";
import { USER_ROLES, type UserRole } from "../app/lib/enums";
import { emailField, newPasswordField } from "../app/lib/schemas/auth";
import { newPasswordProblem } from "../app/server/auth/password-policy.server";
import { runScript } from "./run-script";
import { ExpectedError } from "../app/server/platform/errors.server";

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    // Echo nothing of what is typed after the question itself.
    output._writeToOutput = (text: string) => {
      if (text.startsWith(question)) process.stdout.write(question);
    };
  });
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY)
    throw new ExpectedError("Set ADMIN_PASSWORD, or run this in a terminal to be asked for it.");
  const first = await askHidden("Password: ");
  const second = await askHidden("Repeat the password: ");
  if (first !== second) throw new ExpectedError("The two passwords do not match.");
  return first;
}

await runScript(async () => {
  const { values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string", default: "admin" } } });
  const email = emailField.safeParse(values.email ?? "");
  if (!email.success) throw new ExpectedError(`--email: ${email.error.issues[0]?.message ?? "invalid"}`);
  if (!(USER_ROLES as readonly string[]).includes(values.role ?? "")) {
    throw new ExpectedError(`--role must be one of: ${USER_ROLES.join(", ")}`);
  }
  const password = newPasswordField.safeParse(await readPassword());
  if (!password.success) throw new ExpectedError(password.error.issues[0]?.message ?? "Invalid password");
  const weak = await newPasswordProblem(password.data, [email.data]);
  if (weak) throw new ExpectedError(weak);

  const database = await openDatabase(databaseTargetFromEnv(getEnv()));
  try {
    await database.migrate();
    const user = await createUser(database.db, {
      email: email.data,
      password: password.data,
      role: values.role as UserRole,
    });
    // The first-run set-up in the browser is no longer needed once an administrator exists.
    if (user.role === "admin") await clearSetupCode(database.db);
    await recordAudit(database.db, { id: user.id, email: user.email }, "user.create", "users", user.id, {
      role: user.role,
      via: "admin:create",
    });
    console.log(`Created ${user.role} ${user.email}.`);
  } finally {
    await database.close();
  }
});
