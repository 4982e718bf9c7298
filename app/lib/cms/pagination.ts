/** Page numbers for long CMS lists: read from `?page=`, clamped, and turned into LIMIT/OFFSET. */
export const PAGE_SIZE = 25;

export function pageFromSearch(searchParams: URLSearchParams): number {
  const page = Number.parseInt(searchParams.get("page") ?? "1", 10);
  return Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export function pageWindow(page: number, pageSize = PAGE_SIZE): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
