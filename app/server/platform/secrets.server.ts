/**
 * The secret that signs cookies. SESSION_SECRET when set; otherwise one is generated on first
 * start and kept in DATA_DIR, so a local install needs no set-up and restarts keep sessions.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";
import { createPrivateDirectory, PRIVATE_FILE_MODE } from "./private-files.server";

let cachedSecret: string | undefined;

export function getSessionSecret(): string {
  if (cachedSecret) return cachedSecret;
  const env = getEnv();
  if (env.SESSION_SECRET) return (cachedSecret = env.SESSION_SECRET);
  const file = path.join(env.dataDir, "session-secret");
  try {
    cachedSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    createPrivateDirectory(env.dataDir);
    const secret = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: PRIVATE_FILE_MODE });
      cachedSecret = secret;
    } catch {
      // Another process wrote it first; use theirs.
      cachedSecret = fs.readFileSync(file, "utf8").trim();
    }
  }
  return cachedSecret;
}
