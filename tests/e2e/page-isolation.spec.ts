/**
 * No visitor ever receives another visitor's page, toast, form token or nonce, and a signed-in
 * user never gets a kept page: visitors of every kind ask for the same address at the
 * same moment, first while no copy of it is kept (one renders, the others wait for that render)
 * and again once it is kept, through the real server with the compression a browser asks for.
 */
import { checkFormToken, MIN_FILL_TIME_MS } from "../../app/server/platform/http/form-token.server";
import { expect, test, type TestServer } from "./fixtures";

const CACHE_HEADER = "x-page-cache";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

interface Visitor {
  kind: "anonymous" | "toast" | "signed-in";
  cookie?: string;
  /** The toast only this visitor may see. */
  toast?: string;
}

interface Answer {
  visitor: Visitor;
  status: number;
  cache: string | null;
  setCookie: string | null;
  /** The nonce the response's Content-Security-Policy allows, if any. */
  policyNonce: string | undefined;
  html: string;
}

let sessionCounter = 0;

/** A session cookie for a new editor, made as the sign-in form would make it. */
async function signedInCookie(server: TestServer): Promise<string> {
  const { createUser } = await import("../../app/server/auth/users.server");
  const { createSession } = await import("../../app/server/auth/sessions.server");
  sessionCounter += 1;
  const user = await createUser(server.db, {
    email: `isolation-${process.pid}-${sessionCounter}-${Date.now()}@example.com`,
    password: "correct horse battery",
    role: "editor",
  });
  return (await createSession(server.db, user.id, "playwright")).split(";")[0]!;
}

/** A signed toast cookie, as an action's redirect would set it, carrying `description`. */
async function toastCookie(description: string): Promise<string> {
  const { toastHeaders } = await import("../../app/server/platform/toast.server");
  return (await toastHeaders({ description })).get("set-cookie")!.split(";")[0]!;
}

async function ask(server: TestServer, address: string, visitor: Visitor): Promise<Answer> {
  const headers: Record<string, string> = { "User-Agent": BROWSER, "Accept-Encoding": "br, gzip" };
  if (visitor.cookie) headers.Cookie = visitor.cookie;
  const response = await fetch(`${server.url}${address}`, { headers });
  return {
    visitor,
    status: response.status,
    cache: response.headers.get(CACHE_HEADER),
    setCookie: response.headers.get("set-cookie"),
    policyNonce: /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1],
    html: await response.text(),
  };
}

const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1];
/** The page without what is meant to differ between visitors: its form token and nonces. */
const shared = (html: string) => {
  const token = tokenOf(html);
  return (token ? html.replaceAll(token, "TOKEN") : html).replace(/ nonce="[^"]*"/g, "");
};

for (const path of ["/contact", "/about"]) {
  test(`visitors asking for ${path} at the same moment each get only their own toast, token and nonce`, async ({
    server,
  }) => {
    const run = `${process.pid}-${Date.now()}`;
    const toasts = [1, 2, 3].map((index) => `Only for toast visitor ${index} of run ${run}`);
    const visitors: Visitor[] = [
      { kind: "anonymous" },
      { kind: "anonymous", cookie: "_ga=GA1.1.123.456" },
      { kind: "anonymous", cookie: "AWSALB=abc; theme=dark" },
      { kind: "anonymous", cookie: "anything=1" },
      { kind: "anonymous" },
      { kind: "anonymous", cookie: "_ga=GA1.1.999.1" },
      ...(await Promise.all(
        toasts.map(async (toast): Promise<Visitor> => ({ kind: "toast", toast, cookie: await toastCookie(toast) })),
      )),
      { kind: "signed-in", cookie: await signedInCookie(server) },
      { kind: "signed-in", cookie: `_ga=GA1.1.5.5; ${await signedInCookie(server)}` },
    ];
    // An address no other test has asked for, so the first wave finds no kept copy.
    const address = `${path}?isolation=${run}`;
    const startedAt = Date.now();
    const answers: Answer[] = [];
    for (const wave of ["nothing kept yet", "the page kept"]) {
      const sentAt = Date.now();
      const waveAnswers = await Promise.all(visitors.map((visitor) => ask(server, address, visitor)));
      answers.push(...waveAnswers);
      if (path === "/contact") {
        // Every form token was issued for its own response, never copied from a page seen earlier
        // (the kept copy's was issued in the first wave). A token is the signed time it was issued,
        // so two visitors served in the same millisecond may get the same one; it is no secret.
        for (const answer of waveAnswers) {
          const issuedAt = Number(tokenOf(answer.html)?.split(".")[0]);
          expect(issuedAt, `${wave}: ${answer.visitor.kind}`).toBeGreaterThanOrEqual(sentAt);
        }
      }

      for (const answer of waveAnswers) {
        const who = `${wave}: ${answer.visitor.kind} ${answer.visitor.cookie ?? "(no cookie)"}`;
        expect(answer.status, who).toBe(200);
        // Every nonce in the page is the one its own policy allows; a kept page carries none.
        const nonces = new Set([...answer.html.matchAll(/ nonce="([^"]*)"/g)].map((match) => match[1]));
        expect([...nonces], who).toEqual(answer.policyNonce ? [answer.policyNonce] : []);
        // Each toast only on its own visitor's page, which is never kept (the page clears its cookie).
        for (const toast of toasts)
          expect(answer.html.includes(toast), `${who} sees "${toast}"`).toBe(toast === answer.visitor.toast);
        if (answer.visitor.kind === "anonymous") {
          expect(answer.cache, who).toMatch(/^(miss|hit|stale)$/);
          expect(answer.setCookie, who).toBeNull();
        } else {
          expect(answer.cache, `${who} is never served a kept page`).toBeNull();
          expect(answer.policyNonce, who).toBeDefined();
        }
        if (answer.visitor.kind === "toast") expect(answer.setCookie, who).toMatch(/^toast=;/);
      }
      const anonymous = waveAnswers.filter((answer) => answer.visitor.kind === "anonymous");
      if (wave === "the page kept") expect(anonymous.map((answer) => answer.cache)).toEqual(anonymous.map(() => "hit"));
      // Apart from its token and nonces, every visitor without a toast gets the same page.
      const pages = new Set(waveAnswers.filter((answer) => !answer.visitor.toast).map((answer) => shared(answer.html)));
      expect(pages.size, `${wave}: different pages`).toBe(1);
    }

    // No two responses share a nonce.
    const policyNonces = answers.flatMap((answer) => (answer.policyNonce ? [answer.policyNonce] : []));
    expect(new Set(policyNonces).size).toBe(policyNonces.length);
    if (path === "/contact") {
      // Every visitor's form token is genuine and fresh.
      const tokens = answers.map((answer) => tokenOf(answer.html));
      expect(tokens.every(Boolean)).toBe(true);
      for (const token of tokens) {
        // Issued during this test (on the clock it carries, not the test's: a busy machine can
        // take longer than the fill time to answer), too fast at once and fine after the fill time.
        const issuedAt = Number(token!.split(".")[0]);
        expect(issuedAt).toBeGreaterThanOrEqual(startedAt);
        expect(issuedAt).toBeLessThanOrEqual(Date.now() + 1000);
        expect(checkFormToken(token!, issuedAt)).toBe("too-fast");
        expect(checkFormToken(token!, issuedAt + MIN_FILL_TIME_MS)).toBe("ok");
      }
    }
  });
}
