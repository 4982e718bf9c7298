import { formatNumber } from "~/lib/text/numbers";

/** "840 KB", "2.4 MB": a file's size as the library shows it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
}
