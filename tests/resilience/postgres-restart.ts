/**
 * Check 3: PostgreSQL restarted under the site's feet. Steady, bounded load (pages that read the
 * database, /healthz, contact submissions) runs against a server on the run's private PostgreSQL;
 * PostgreSQL is stopped (fast shutdown, which ends every session at once), left down for two
 * seconds and started again. The app process must never exit; requests may fail only while
 * PostgreSQL is away, each with a 5xx page or message that asks the visitor to try again and
 * shows no internals (/healthz: its JSON "unavailable"); every request must succeed
 * again within 5 s of PostgreSQL accepting connections; and the cache-invalidation listener
 * (LISTEN/NOTIFY) must be connected again, since a deaf instance would serve stale pages forever.
 */
import crypto from "node:crypto";
import pg from "pg";
import { postgresOn } from "./backends";
import type { PrivatePostgres } from "./private-postgres";
import { isRunning, logEntries, logTail, startApp, stopApp } from "./processes";
import { formatMs, type CheckRecorder } from "./report";
import {
  contactAcknowledged,
  contactSubject,
  newVisitorAddress,
  openContactForm,
  sendContactForm,
  failureIsPlain,
  waitUntilUsable,
  type ContactMessage,
  type FormToken,
} from "./site-client";
import { countBySubject, readStoredRows } from "./stored-rows";

/** Each read from the database in a different way: settings and menu, jobs, courses, content, a ping. */
const PAGES = ["/", "/careers", "/training", "/content/five-questions-before-moving-to-aws", "/healthz"];
const PAGE_LANES = 3;
const CONTACT_LANES = 1;
const DOWN_MS = 2_000;
const RECOVERY_LIMIT_MS = 5_000;
/** Load before the stop, and after PostgreSQL is back (past the recovery limit, to see it hold). */
const STEADY_MS = 3_000;
const AFTER_BACK_MS = RECOVERY_LIMIT_MS + 3_000;
const REQUEST_TIMEOUT_MS = 15_000;

interface Exchange {
  kind: "page" | "contact";
  path: string;
  startedAt: number;
  endedAt: number;
  status: number;
  ok: boolean;
  /** A failure a visitor can read: a 5xx with a plain message and no internals. */
  clear: boolean;
  message?: ContactMessage;
}

export async function postgresRestartUnderLoad(check: CheckRecorder, postgres: PrivatePostgres): Promise<void> {
  const store = await postgresOn(postgres).freshStore("restart");
  const server = await startApp(store.env);
  let exitedDuringLoad = false;
  void server.exited.then(() => (exitedDuringLoad = true));
  const runMarker = `R${crypto.randomBytes(4).toString("hex")}`;
  const token = await openContactForm(server.url, newVisitorAddress());
  await waitUntilUsable(token);
  // Every page once, so the first measured requests do not pay for start-up work.
  for (const path of PAGES) await (await fetch(server.url + path)).arrayBuffer();

  const exchanges: Exchange[] = [];
  let running = true;
  let submissions = 0;
  const lanes = [
    ...Array.from({ length: PAGE_LANES }, (_, lane) => async () => {
      for (let index = lane; running; index += 1) {
        exchanges.push(await requestPage(server.url, PAGES[index % PAGES.length]!));
      }
    }),
    ...Array.from({ length: CONTACT_LANES }, () => async () => {
      while (running) {
        submissions += 1;
        exchanges.push(await submitContact(server.url, token, { marker: `${runMarker}-${submissions}` }));
      }
    }),
  ];
  const load = Promise.all(lanes.map((lane) => lane()));

  await sleep(STEADY_MS);
  const stopAt = performance.now();
  await postgres.stop();
  const stoppedAt = performance.now();
  await sleep(DOWN_MS);
  const acceptingAt = await postgres.start();
  const listenerBackAt = await waitForListener(store.env.DATABASE_URL!, acceptingAt + 10_000);
  await sleep(Math.max(0, acceptingAt + AFTER_BACK_MS - performance.now()));
  running = false;
  await load;

  const failures = exchanges.filter((exchange) => !exchange.ok);
  const beforeStop = failures.filter((exchange) => exchange.endedAt < stopAt);
  const unclear = failures.filter((exchange) => !exchange.clear);
  // Recovered: the last failure is over, and a request that cannot be served without the
  // database (a submission or /healthz), sent after PostgreSQL was back, has succeeded.
  const firstDatabaseSuccess = Math.min(
    ...exchanges
      .filter((e) => e.ok && e.startedAt >= acceptingAt && (e.kind === "contact" || e.path === "/healthz"))
      .map((e) => e.endedAt),
  );
  const recoveredAt = Math.max(firstDatabaseSuccess, ...failures.map((exchange) => exchange.endedAt));
  const recoveryMs = recoveredAt - acceptingAt;
  const afterRecovery = exchanges.filter((exchange) => exchange.startedAt > recoveredAt);
  const failedKinds = [...new Set(failures.map((exchange) => `${exchange.path} ${exchange.status || "no answer"}`))];

  check.figure(
    "load",
    `${exchanges.length} requests (${exchanges.filter((e) => e.kind === "contact").length} contact submissions) from ${PAGE_LANES + CONTACT_LANES} lanes over ${formatMs(exchanges.length ? Math.max(...exchanges.map((e) => e.endedAt)) - exchanges[0]!.startedAt : 0)}`,
  );
  check.figure(
    "PostgreSQL",
    `fast shutdown took ${formatMs(stoppedAt - stopAt)}, down ${formatMs(acceptingAt - stoppedAt)}, then accepting connections`,
  );
  check.figure("failed while it was away", `${failures.length} (${failedKinds.join(", ") || "none"})`);
  check.figure(
    "recovery",
    Number.isFinite(recoveryMs)
      ? `every request succeeds again ${formatMs(recoveryMs)} after PostgreSQL accepts connections`
      : "no request that needs the database succeeded after PostgreSQL was back",
  );
  check.figure(
    "cache-invalidation listener",
    listenerBackAt
      ? `listening again ${formatMs(listenerBackAt - acceptingAt)} after PostgreSQL is back`
      : "not listening",
  );
  check.expect(!exitedDuringLoad && isRunning(server), `the app process exited:\n${logTail(server)}`);
  check.expect(beforeStop.length === 0, `${beforeStop.length} request(s) failed before PostgreSQL was stopped`);
  check.expect(
    unclear.length === 0,
    `${unclear.length} failure(s) were not a plain 5xx message: ${unclear
      .slice(0, 3)
      .map((e) => `${e.path} ${e.status}`)
      .join(", ")}`,
  );
  check.expect(
    recoveryMs <= RECOVERY_LIMIT_MS,
    `requests still failed ${formatMs(recoveryMs)} after PostgreSQL was back`,
  );
  check.expect(
    afterRecovery.length >= 10,
    `too few requests after the recovery to show it held (${afterRecovery.length})`,
  );
  check.expect(
    listenerBackAt > 0 && listenerBackAt - acceptingAt <= RECOVERY_LIMIT_MS,
    "the cache-invalidation listener did not LISTEN again within 5 s",
  );
  check.expect(
    logEntries(server, /cache invalidation listener lost its connection/).length > 0,
    "the app did not notice that its cache-invalidation listener lost its connection",
  );

  const exitCode = await stopApp(server);
  check.expect(exitCode === 0, `the server did not shut down cleanly after the restart (exit ${exitCode})`);
  const stored = countBySubject((await readStoredRows(store.target, runMarker)).submissions);
  const contacts = exchanges.filter((exchange) => exchange.message);
  const lost = contacts.filter((exchange) => exchange.ok && stored.get(contactSubject(exchange.message!)) !== 1);
  const failedButStored = contacts.filter((exchange) => !exchange.ok && stored.has(contactSubject(exchange.message!)));
  check.figure(
    "contact submissions",
    `${contacts.filter((e) => e.ok).length} acknowledged and stored once each; ${failedButStored.length} of the ${contacts.filter((e) => !e.ok).length} refused were stored anyway`,
  );
  check.expect(lost.length === 0, `${lost.length} acknowledged submission(s) missing or duplicated`);
}

async function requestPage(origin: string, path: string): Promise<Exchange> {
  const startedAt = performance.now();
  try {
    const response = await fetch(origin + path, {
      headers: { "X-Forwarded-For": newVisitorAddress() },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.text();
    const readable = path === "/healthz" ? /^\{"status":"unavailable"/.test(body) : failureIsPlain(body);
    return {
      kind: "page",
      path,
      startedAt,
      endedAt: performance.now(),
      status: response.status,
      ok: response.status === 200,
      // An outage, not a fault: 503 with Retry-After, so that proxies and crawlers come back later.
      clear: response.status === 503 && response.headers.has("Retry-After") && readable,
    };
  } catch {
    return { kind: "page", path, startedAt, endedAt: performance.now(), status: 0, ok: false, clear: false };
  }
}

async function submitContact(origin: string, token: FormToken, message: ContactMessage): Promise<Exchange> {
  const startedAt = performance.now();
  try {
    const answer = await sendContactForm(origin, newVisitorAddress(), token, message);
    const ok = contactAcknowledged(answer);
    return {
      kind: "contact",
      path: "POST /contact",
      startedAt,
      endedAt: answer.endedAt,
      status: answer.status,
      ok,
      clear: answer.status >= 500 && failureIsPlain(answer.body),
      message,
    };
  } catch {
    return {
      kind: "contact",
      path: "POST /contact",
      startedAt,
      endedAt: performance.now(),
      status: 0,
      ok: false,
      clear: false,
      message,
    };
  }
}

/** When a session of the app LISTENs again (pg_stat_activity shows its last statement), or 0 by `deadline`. */
async function waitForListener(databaseUrl: string, deadline: number): Promise<number> {
  const database = new URL(databaseUrl).pathname.slice(1);
  while (performance.now() < deadline) {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("error", () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ listening: string }>(
        "select count(*) as listening from pg_stat_activity where datname = $1 and query ilike 'listen %'",
        [database],
      );
      if (Number(rows[0]?.listening) > 0) return performance.now();
    } catch {
      // not accepting yet
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(100);
  }
  return 0;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
