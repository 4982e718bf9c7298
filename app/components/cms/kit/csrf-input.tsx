import { useCmsLayoutData } from "../layout/cms-layout-data";

/** The hidden anti-forgery field every CMS form carries; the CMS layout loader issued the token. */
export function CsrfInput() {
  return <input type="hidden" name="csrf" value={useCsrfToken()} />;
}

/** The token itself, for requests sent with a fetcher rather than a form. */
export function useCsrfToken(): string {
  return useCmsLayoutData()?.csrfToken ?? "";
}
