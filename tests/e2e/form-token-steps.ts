/**
 * The contact form's anti-bot check without waiting for it. The server tells a person from a
 * script by the age of the signed token the form carries ("<issued at, ms>.<signature>", see
 * form-token.server.ts): a form sent less than MIN_FILL_TIME_MS after it was served is filed as
 * spam. The server runs in the test's worker on its own secret, so a test can issue a token a
 * person's fill time ago instead of sleeping.
 */
import type { Page } from "@playwright/test";
import { issueFormToken, MIN_FILL_TIME_MS } from "../../app/server/platform/http/form-token.server";
import { scriptHashSource } from "./security-header-rules";

/** A token as the server would have issued it a little over a person's fill time ago. */
export function personsFormToken(): string {
  return issueFormToken(Date.now() - MIN_FILL_TIME_MS - 300);
}

const FORM_TOKEN = /\b\d{13}\.[\w-]{43}\b/g;

/** The policy with `script-src` allowing exactly the inline scripts of `html`, by hash. */
function withScriptHashes(policy: string, html: string): string {
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!))
    .map(([, , text]) => scriptHashSource(text!));
  return policy.replace(/script-src [^;]*/, `script-src 'self' ${[...new Set(hashes)].join(" ")}`);
}

/**
 * Serves every /contact page and its route data as if the form had been opened a person's fill
 * time earlier. The token is swapped in the response, not in the page: the hidden field is
 * React-controlled, so any re-render would put back a token written into the DOM by the test.
 */
export async function serveContactFormsAsOpenedEarlier(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === "/contact" || url.pathname === "/contact.data",
    async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      try {
        const response = await route.fetch();
        const body = (await response.text()).replace(FORM_TOKEN, personsFormToken());
        const headers = { ...response.headers() };
        delete headers["content-encoding"];
        delete headers["content-length"];
        // A page from the page cache runs its scripts by their hashes, not a nonce (decision 026):
        // the token is in the page's data script, so its hash is worked out again, as the server does.
        const policy = headers["content-security-policy"];
        if (policy && !policy.includes("'nonce-")) headers["content-security-policy"] = withScriptHashes(policy, body);
        await route.fulfill({ response, headers, body });
      } catch {
        // The browser gave up the request meanwhile (React Router cancels a revalidation that a new
        // navigation overtakes, and a closing page cancels everything): no one is waiting for it.
        await route.fallback().catch(() => undefined);
      }
    },
  );
}
