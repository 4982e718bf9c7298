/**
 * The addresses the site answers itself, whatever the database holds: the routes of app/routes.ts
 * (read from the build's route table, as the metrics' labels are), the files and folders the build
 * copied from public/ to its client directory, and the few addresses Express answers before React
 * Router (/healthz, /metrics). The redirects may not take one of them over
 * (app/server/content/redirects.server.ts).
 */
import fs from "node:fs";
import type { ServerBuild } from "react-router";
import { MANIFEST_PATH, routePatterns } from "./route-labels.server";

/**
 * What answers an address: the pattern of its route (`/media/:file`, `/careers/:job`), the public
 * folder it is in (`/images/`), or the address itself (a public file, /healthz); null when only the
 * not-found page would.
 */
export type AddressOwner = (pathname: string) => string | null;

/** The top of a static files' folder: each file's address, and each folder as a prefix ("/images/"). */
export interface PublicFiles {
  files: string[];
  folders: string[];
}

/** The public files as they are on disk now (a folder that does not exist has none). */
export function publicFiles(dir: string): PublicFiles {
  const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : [];
  return {
    // The brotli and gzip copies the build made beside a file are sent in its place, not at their own address.
    files: entries.filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name)).map((entry) => `/${entry.name}`),
    folders: entries.filter((entry) => entry.isDirectory()).map((entry) => `/${entry.name}/`),
  };
}

/**
 * @param routes the build's route manifest
 * @param files the public files (publicFiles)
 * @param expressPaths addresses Express answers itself, before React Router
 */
export function addressOwner(
  routes: ServerBuild["routes"],
  files: PublicFiles,
  expressPaths: readonly string[],
): AddressOwner {
  const patternOf = routePatterns(routes);
  // React Router's lazy route discovery answers at MANIFEST_PATH, outside the route table.
  const exact = new Set([...files.files, ...expressPaths, MANIFEST_PATH]);
  return (pathname) => {
    if (exact.has(pathname)) return pathname;
    const folder = files.folders.find((prefix) => pathname.startsWith(prefix));
    if (folder) return folder;
    const pattern = patternOf(pathname);
    // The catch-all route answers every address no other route takes, with the not-found page.
    return pattern.endsWith("*") ? null : pattern;
  };
}

let known: Promise<AddressOwner> | undefined;

/** The server says what it serves, once its build has loaded (server/app.ts). */
export function knowOwnAddresses(owner: Promise<AddressOwner>): void {
  // Whoever asks gets a failure to load; the promise itself must not crash the process unasked.
  owner.catch(() => undefined);
  known = owner;
}

/**
 * What the site answers at this address itself (see AddressOwner). Null also while no server has
 * said (a script, a test that does not set it): only the fixed prefixes of isReservedPath hold then.
 */
export async function ownerOfAddress(pathname: string): Promise<string | null> {
  return known ? (await known)(pathname) : null;
}
