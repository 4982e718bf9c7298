/**
 * `npm run test:resilience`: proof that the production server keeps its promises when things go
 * wrong. Every check drives real `node server.js` processes (the production
 * build, rebuilt first when missing or stale) with their own temporary DATA_DIR, over loopback
 * only, with bounded load, and prints PASS or FAIL with what it measured. It exits non-zero when
 * any check fails.
 *
 * What it proves:
 * 1. Under load, on PGlite and on PostgreSQL: 200 contact submissions from 200 visitors sent at
 *    the same moment (40 of them job applications with a PDF CV) all get the success page, none a
 *    5xx, and each is stored exactly once, with its CV on disk and its two e-mails queued once.
 * 2. Durability, on PGlite and on PostgreSQL: contact submissions, orders and test-mode payments
 *    are sent, the server is killed with SIGKILL the instant the last of them is acknowledged
 *    (more submissions still in flight), and after a restart on the same data every acknowledged
 *    row is there (paid orders still paid) and nothing is stored twice.
 * 3. PostgreSQL restarted (fast shutdown, 2 s down, started again) while pages that read the
 *    database and contact submissions keep arriving: the app process never exits; requests fail
 *    only while PostgreSQL is away, each with a plain message and never a stack trace; every
 *    request succeeds again within 5 s of PostgreSQL accepting connections (the recovery time is
 *    printed), and the cache-invalidation listener (LISTEN/NOTIFY) is connected again.
 * 4. Outside services down (each a loopback server behind a port the run closes and reopens):
 *    - SMTP: the visitor's submission still succeeds, its e-mails wait in the outbox, and the
 *      outbox delivers them (once each) after the mail server is back;
 *    - payment provider (a Stripe-compatible API): checkout answers with a clear message, the
 *      order is kept, and the same basket checks out once the provider is back;
 *    - model server (an OpenAI-compatible API): the chat answers with the spec's failure message,
 *      and answers normally once the model server is back.
 *
 * 5. Oversize bodies: 50 MB, chunked and with an understated Content-Length, to every
 *    address that reads a body, each answered 413 with the connection closed, while the server's
 *    resident memory rises by less than 32 MB in all.
 *
 * PostgreSQL here is a private throwaway cluster (initdb into a temporary directory, a free port),
 * never a server the machine already runs; it is stopped and deleted at the end, whatever happens.
 * Environment: BUILD_DIR (default "build").
 */
import os from "node:os";
import { runCleanly } from "../support/cleanup";
import { ensureBuild } from "../support/production-build";
import { pglite, postgresOn } from "./backends";
import { startOutages } from "./dependencies-down";
import { acknowledgedRowsSurviveKill } from "./durability";
import { postgresRestartUnderLoad } from "./postgres-restart";
import { oversizeBodiesKeepMemoryFlat } from "./oversize-bodies";
import { startPrivatePostgres } from "./private-postgres";
import { ResilienceReport } from "./report";
import { LOAD_SUBMISSIONS, submissionsUnderLoad } from "./under-load";

async function main(): Promise<number> {
  const started = performance.now();
  ensureBuild();
  const report = new ResilienceReport();

  console.log(`▶ ${os.availableParallelism()} cores, load average ${loadAverage()}`);
  console.log("▶ Starting a private PostgreSQL");
  const postgres = await startPrivatePostgres();
  const backends = [pglite, postgresOn(postgres)];

  // The SMTP outage waits for the outbox's own retry (about 1.5 min), so it starts first and is
  // judged last, while the other checks run.
  console.log("▶ Taking SMTP, the payment provider and the model server down (judged at the end)");
  const outages = await startOutages().catch((error: unknown) => ({
    finish: (failed: ResilienceReport) =>
      failed.check("Outside services down", () =>
        Promise.reject(error instanceof Error ? error : new Error(String(error))),
      ),
  }));

  for (const backend of backends) {
    await report.check(
      `Under load on ${backend.label}: ${LOAD_SUBMISSIONS} concurrent contact submissions, no 5xx, each stored exactly once`,
      (check) => submissionsUnderLoad(check, backend),
    );
  }
  for (const backend of backends) {
    await report.check(
      `SIGKILL on ${backend.label}: every acknowledged submission, order and payment is there after a restart`,
      (check) => acknowledgedRowsSurviveKill(check, backend),
    );
  }
  await report.check(
    "PostgreSQL restarted under load: no crash, plain errors only while it is down, recovery within 5 s",
    (check) => postgresRestartUnderLoad(check, postgres),
  );
  await report.check(
    "Oversize bodies: 50 MB, chunked or with an understated length, to every address that reads one: 413, memory +< 32 MB",
    oversizeBodiesKeepMemoryFlat,
  );
  await outages.finish(report);

  const seconds = (performance.now() - started) / 1000;
  const passed = report.outcomes.length - report.failed;
  console.log(
    `\nResilience: ${passed} passed, ${report.failed} failed in ${seconds.toFixed(0)} s (load average ${loadAverage()})`,
  );
  return report.failed === 0 ? 0 : 1;
}

/** Other work on the machine slows every figure; printed so a reader can tell. */
function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
}

runCleanly(main, {
  stopping: "stopping the servers and the private PostgreSQL...",
  describeError: (error) => (error instanceof Error ? `\n✖ ${error.message}` : error),
});
