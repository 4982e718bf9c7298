/** Parsed JSON, or undefined when there is none or it is not JSON (stored drafts, storage values). */
export function parseJson(raw: string | null | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
