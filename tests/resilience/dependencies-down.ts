/**
 * Check 4: the outside services fail and come back. One server (on PGlite) is configured with an
 * SMTP relay, a Stripe-compatible payment API and an OpenAI-compatible model server, each a real
 * loopback server reached through a port the run closes (connection refused) and reopens.
 *
 * The SMTP outage needs the outbox's own retry schedule (the first retry is a minute after the
 * failure, picked up by the 30 s delivery loop), so the run starts this check first, runs the
 * other checks meanwhile, and finishes it last: `startOutages()` does everything while the
 * services are down and brings them back; `finish()` waits for the mail, stops the server and
 * compares what the database kept with what visitors were told.
 */
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { CHECKOUT_MESSAGES } from "../../app/server/commerce/checkout.server";
import { startFakeModel } from "../integration/openai-server";
import { startFakeStripe } from "../integration/stripe-server";
import { onCleanup } from "../support/cleanup";
import { pglite } from "./backends";
import { logEntries, logTail, startApp, stopApp } from "./processes";
import { formatMs, type CheckRecorder, type ResilienceReport } from "./report";
import {
  askAssistant,
  basketOf,
  CHAT_MESSAGES,
  checkout,
  contactAcknowledged,
  newVisitorAddress,
  openContactForm,
  sendContactForm,
  showsInternals,
  waitUntilUsable,
} from "./site-client";
import { readStoredRows } from "./stored-rows";
import { switchablePort } from "./switchable-port";

/** The outbox's first retry (1 min) plus one delivery-loop interval (30 s) and some slack. */
const MAIL_DELIVERY_DEADLINE_MS = 110_000;
const CHECKOUT_FAILED = CHECKOUT_MESSAGES.sessionFailed;
const QUESTION = "Which training courses do you offer?";

/** What a check learnt while its service was down, judged when the run finishes it. */
type Observations = Array<(check: CheckRecorder) => void>;

async function startSmtpSink() {
  const received: { outboxId: string; raw: string; at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No certificate a client would trust: plain SMTP, on loopback only.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("latin1");
        received.push({ outboxId: /^X-Outbox-Id: *(\S+)/im.exec(raw)?.[1] ?? "", raw, at: performance.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, received };
}

export async function startOutages(): Promise<{ finish: (report: ResilienceReport) => Promise<void> }> {
  const smtp = await startSmtpSink();
  const stripe = await startFakeStripe();
  onCleanup(() => stripe.close());
  const model = await startFakeModel();
  onCleanup(() => model.close());
  const smtpPort = await switchablePort(smtp.port);
  const stripePort = await switchablePort(Number(new URL(stripe.url).port));
  const modelPort = await switchablePort(Number(new URL(model.baseURL).port));

  const store = await pglite.freshStore("dependencies");
  const server = await startApp({
    ...store.env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort.port}`,
    MAIL_FROM: "website@example.com",
    NOTIFY_EMAIL: "team@example.com",
    STRIPE_SECRET_KEY: "sk_test_loopback",
    STRIPE_WEBHOOK_SECRET: `whsec_${crypto.randomBytes(16).toString("hex")}`,
    STRIPE_API_URL: `http://127.0.0.1:${stripePort.port}`,
    OPENAI_API_KEY: model.apiKey,
    OPENAI_BASE_URL: `http://127.0.0.1:${modelPort.port}/v1`,
    OPENAI_TIMEOUT_MS: "5000",
  });
  const marker = `S${crypto.randomBytes(4).toString("hex")}`;
  const smtpSeen: Observations = [];
  const paymentSeen: Observations = [];
  const modelSeen: Observations = [];
  let failedAttemptAt = 0;
  let smtpBackAt = 0;

  // SMTP down: the visitor is still told the message arrived; the mail fails and waits.
  try {
    const token = await openContactForm(server.url, newVisitorAddress());
    await waitUntilUsable(token);
    const answer = await sendContactForm(server.url, newVisitorAddress(), token, { marker });
    const acknowledged = contactAcknowledged(answer);
    smtpSeen.push((check) => {
      check.figure(
        "submission while SMTP is down",
        `${answer.status} in ${formatMs(answer.endedAt - answer.startedAt)}`,
      );
      check.expect(acknowledged, `the visitor was not told the message arrived (${answer.status})`);
    });
    failedAttemptAt = await waitFor(() => logEntries(server, /could not send a mail; will retry/).length > 0, 15_000);
    const attempted = failedAttemptAt > 0;
    smtpSeen.push((check) =>
      check.expect(attempted, "the server never tried to send the mail while SMTP was down (no retry logged)"),
    );
    await smtpPort.up();
    smtpBackAt = performance.now();
  } catch (error) {
    smtpSeen.push((check) => check.expect(false, `SMTP outage: ${String(error)}`));
  }

  // Payment provider down: a clear message, the order kept; the same basket works once it is back.
  try {
    const basket = basketOf(1);
    const down = await checkout(server.url, newVisitorAddress(), basket);
    const requestsWhileDown = stripe.requests.length;
    await stripePort.up();
    const back = await checkout(server.url, newVisitorAddress(), basket);
    paymentSeen.push((check) => {
      check.figure(
        "checkout while down",
        `${down.status} "${down.json.error ?? down.body.slice(0, 80)}" after ${formatMs(down.endedAt - down.startedAt)}`,
      );
      check.figure(
        "checkout once back",
        `${back.status} ${back.json.url ?? back.body.slice(0, 80)} in ${formatMs(back.endedAt - back.startedAt)}`,
      );
      check.expect(
        down.status >= 500 && down.json.error === CHECKOUT_FAILED && !down.json.url && !showsInternals(down.body),
        `checkout while the provider was down did not answer with "${CHECKOUT_FAILED}" alone`,
      );
      check.expect(requestsWhileDown === 0, "the provider was reachable while it should have been down");
      check.expect(
        back.status === 200 && Boolean(back.json.url?.startsWith("https://checkout.stripe.test/")),
        `the same basket did not check out once the provider was back (${back.status})`,
      );
    });
  } catch (error) {
    paymentSeen.push((check) => check.expect(false, `payment outage: ${String(error)}`));
  }

  // Model server down: the spec's failure message; a normal answer once it is back.
  try {
    const down = await askAssistant(server.url, newVisitorAddress(), QUESTION);
    await modelPort.up();
    const back = await askAssistant(server.url, newVisitorAddress(), QUESTION);
    modelSeen.push((check) => {
      const shown = (answer: typeof down) =>
        answer.outcome.type === "done"
          ? `"${answer.outcome.response}"`
          : answer.outcome.type === "error"
            ? `"${answer.outcome.error}"`
            : "nothing";
      check.figure("chat while down", `${shown(down)} after ${formatMs(down.endedAt - down.startedAt)}`);
      check.figure("chat once back", `${shown(back)} in ${formatMs(back.endedAt - back.startedAt)}`);
      check.expect(
        down.outcome.type === "error" && down.outcome.error === CHAT_MESSAGES.failure && !showsInternals(down.body),
        "the chat did not answer with the spec's failure message while the model server was down",
      );
      check.expect(
        back.outcome.type === "done" && back.outcome.response === "Hello from the model.",
        "the chat did not answer normally once the model server was back",
      );
    });
  } catch (error) {
    modelSeen.push((check) => check.expect(false, `model outage: ${String(error)}`));
  }

  return {
    async finish(report) {
      // SMTP back: both mails of the submission delivered (once each) by the outbox's own retry.
      const delivered = await waitFor(
        () => smtp.received.length >= 2,
        Math.max(0, failedAttemptAt + MAIL_DELIVERY_DEADLINE_MS - performance.now()),
      );
      const deliveredAt = delivered ? Math.max(...smtp.received.map((mail) => mail.at)) : 0;
      const exitCode = await stopApp(server);
      const stored = await readStoredRows(store.target, marker);

      await report.check(
        "SMTP down: the submission succeeds, its e-mails wait in the outbox and go out once SMTP is back",
        async (check) => {
          for (const observe of smtpSeen) observe(check);
          check.expect(exitCode === 0, `the server did not shut down cleanly (exit ${exitCode}):\n${logTail(server)}`);
          const receivedIds = smtp.received.map((mail) => mail.outboxId);
          const storedIds = stored.mails.map((mail) => mail.id);
          if (deliveredAt > 0)
            check.figure(
              "delivered",
              `${formatMs(deliveredAt - smtpBackAt)} after SMTP came back (the outbox retries a minute after a failure)`,
            );
          check.figure(
            "outbox",
            stored.mails.map((mail) => `${mail.kind} ${mail.status} after ${mail.attempts} attempt(s)`).join(", "),
          );
          check.expect(
            deliveredAt > 0,
            `the mails were not delivered within ${MAIL_DELIVERY_DEADLINE_MS / 1000} s of the failed attempt (received ${smtp.received.length})`,
          );
          check.expect(
            stored.mails.length === 2 && stored.mails.every((mail) => mail.status === "sent"),
            "the submission's two e-mails are not both marked sent",
          );
          check.expect(
            storedIds.every((id) => receivedIds.filter((received) => received === id).length === 1) &&
              receivedIds.length === storedIds.length,
            "the SMTP server did not receive each outbox e-mail exactly once",
          );
          check.expect(
            smtp.received.some((mail) => mail.raw.includes(marker)),
            "the notification that arrived is not this submission's",
          );
          check.expect(
            stored.mails.some((mail) => mail.attempts >= 2),
            "no e-mail records the attempt that failed while SMTP was down",
          );
        },
      );

      await report.check(
        "Payment provider down: a clear message, the order kept, the same basket checks out once it is back",
        async (check) => {
          for (const observe of paymentSeen) observe(check);
          const stripeOrders = stored.orders.filter((order) => order.provider === "stripe");
          const failed = stripeOrders.filter((order) => order.status === "failed" && order.lines === 1);
          const open = stripeOrders.filter(
            (order) => order.status === "pending" && order.providerSessionId?.startsWith("cs_test_"),
          );
          check.figure("orders kept", stripeOrders.map((order) => `${order.status} (${order.lines} line)`).join(", "));
          check.figure(
            "basket",
            "kept in the visitor's browser: the failed answer carries no payment address, and only a paid order's success page empties it (browser side: tests/e2e/basket.spec.ts)",
          );
          check.expect(failed.length === 1, "the order of the failed checkout was not kept (as failed, with its line)");
          check.expect(
            open.length === 1,
            "the order of the checkout once the provider was back is missing its Checkout Session",
          );
        },
      );

      await report.check(
        "Model server down: the chat gives the spec's failure message, and answers once it is back",
        async (check) => {
          for (const observe of modelSeen) observe(check);
        },
      );
    },
  };
}

/** Polls `condition` every 100 ms; resolves with when it held (performance.now()), or 0 after `timeoutMs`. */
async function waitFor(condition: () => boolean, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (condition()) return performance.now();
    if (performance.now() >= deadline) return 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
