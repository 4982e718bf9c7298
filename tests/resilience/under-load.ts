/**
 * Check 1: a burst of contact submissions, all sent at the same moment by different visitors (one
 * in five a job application with a PDF CV), is answered without a single 5xx, every visitor is told
 * the message arrived, and each message is stored exactly once, with its CV on disk and its two
 * e-mails queued once.
 */
import crypto from "node:crypto";
import type { Backend } from "./backends";
import { logTail, startApp, stopApp } from "./processes";
import { formatMs, percentile, type CheckRecorder } from "./report";
import {
  contactAcknowledged,
  contactSubject,
  newVisitorAddress,
  openContactForm,
  sendContactForm,
  waitUntilUsable,
  type Answer,
  type ContactMessage,
} from "./site-client";
import { countBySubject, missingAttachmentFiles, readStoredRows } from "./stored-rows";

export const LOAD_SUBMISSIONS = 200;
const CV_EVERY = 5;

export async function submissionsUnderLoad(check: CheckRecorder, backend: Backend): Promise<void> {
  const store = await backend.freshStore("load");
  const server = await startApp(store.env);
  const runMarker = `L${crypto.randomBytes(4).toString("hex")}`;
  const messages: ContactMessage[] = Array.from({ length: LOAD_SUBMISSIONS }, (_, index) => ({
    marker: `${runMarker}-${index}`,
    withCv: index % CV_EVERY === 0,
  }));

  const token = await openContactForm(server.url, newVisitorAddress());
  await waitUntilUsable(token);
  const started = performance.now();
  const answers = await Promise.all(
    messages.map((message) =>
      sendContactForm(server.url, newVisitorAddress(), token, message).catch((error: unknown): Answer => ({
        status: 0,
        body: String(error),
        startedAt: started,
        endedAt: performance.now(),
      })),
    ),
  );
  const elapsed = performance.now() - started;

  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const acknowledged = answers.filter(contactAcknowledged).length;
  const latencies = answers.map((answer) => answer.endedAt - answer.startedAt);
  const serverErrors = answers.filter((answer) => answer.status >= 500 || answer.status === 0).length;
  check.figure(
    "sent at once",
    `${LOAD_SUBMISSIONS} submissions (${messages.filter((m) => m.withCv).length} job applications with a PDF CV)`,
  );
  check.figure(
    "answers",
    [...statuses].map(([status, count]) => `${count} × ${status === 0 ? "no answer" : status}`).join(", "),
  );
  check.figure("acknowledged", `${acknowledged}/${LOAD_SUBMISSIONS}`);
  check.figure(
    "latency",
    `p50 ${formatMs(percentile(latencies, 0.5))}, p95 ${formatMs(percentile(latencies, 0.95))}, max ${formatMs(Math.max(...latencies))}`,
  );
  check.figure(
    "all answered in",
    `${formatMs(elapsed)} (${((LOAD_SUBMISSIONS / elapsed) * 1000).toFixed(1)} submissions/s)`,
  );
  check.expect(serverErrors === 0, `${serverErrors} submission(s) got a 5xx or no answer`);
  check.expect(
    acknowledged === LOAD_SUBMISSIONS,
    `${LOAD_SUBMISSIONS - acknowledged} visitor(s) were not told the message arrived`,
  );

  const exitCode = await stopApp(server);
  check.expect(exitCode === 0, `the server did not shut down cleanly (exit ${exitCode}):\n${logTail(server)}`);

  const stored = await readStoredRows(store.target, runMarker);
  const counts = countBySubject(stored.submissions);
  const missing = messages.filter((message) => !counts.has(contactSubject(message)));
  const duplicated = [...counts].filter(([, count]) => count > 1);
  const spam = stored.submissions.filter((submission) => submission.status !== "new");
  const withFile = stored.submissions.filter((submission) => submission.attachmentUrl).length;
  const missingFiles = missingAttachmentFiles(store.dataDir, stored.submissions);
  const mailsPerSubmission = stored.mails.length / Math.max(1, stored.submissions.length);
  check.figure(
    "stored",
    `${stored.submissions.length} rows for ${counts.size} distinct submissions, ${withFile} with a CV on disk, ${stored.mails.length} e-mails queued`,
  );
  check.expect(missing.length === 0, `${missing.length} acknowledged submission(s) were not stored`);
  check.expect(duplicated.length === 0, `${duplicated.length} submission(s) were stored more than once`);
  check.expect(
    spam.length === 0,
    `${spam.length} submission(s) were filed as spam, so they were not sent like a browser`,
  );
  check.expect(
    withFile === LOAD_SUBMISSIONS / CV_EVERY && missingFiles.length === 0,
    `CVs: ${withFile} stored, ${missingFiles.length} missing on disk (expected ${LOAD_SUBMISSIONS / CV_EVERY})`,
  );
  check.expect(
    stored.mails.length === stored.submissions.length * 2,
    `expected a notification and an acknowledgement per submission, found ${mailsPerSubmission.toFixed(2)} e-mails each`,
  );
}
