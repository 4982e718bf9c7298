/**
 * Import this first in every command-line script: it reads a .env file, if there is one, and
 * checks the configuration before any module uses it, so a bad value prints one clear message.
 * Variables already set in the environment win over the file.
 */
import fs from "node:fs";
import { ConfigurationError, getEnv } from "../app/server/platform/env.server";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
try {
  getEnv();
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(error.message);
  process.exit(1);
}
