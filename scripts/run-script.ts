/**
 * Runs a command-line task: expected failures (bad configuration, a database in use) print one
 * clear line and exit 1; anything else prints its stack, which helps whoever runs the script.
 */
import { DatabaseInUseError } from "../app/server/platform/db/directory-lock.server";
import { ConfigurationError } from "../app/server/platform/env.server";
import { ExpectedError } from "../app/server/platform/errors.server";

export async function runScript(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    if (error instanceof ConfigurationError || error instanceof DatabaseInUseError || error instanceof ExpectedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  }
}
