/**
 * Check 2: what the server acknowledged survives the server's sudden death. Contact submissions
 * (some with a CV), orders and test-mode payments are sent together while a trickle of further
 * submissions keeps arriving; the instant the last of the batch is acknowledged the server gets
 * SIGKILL (no shutdown code runs), with the trickle still in flight. After a restart on the same
 * data, every acknowledged submission is stored exactly once, every acknowledged order is there
 * with its lines, every acknowledged payment left its order paid, and whatever was in flight when
 * the server died is stored at most once.
 */
import crypto from "node:crypto";
import type { Backend } from "./backends";
import { logTail, startApp, stopApp, type AppServer } from "./processes";
import { formatMs, type CheckRecorder } from "./report";
import {
  basketOf,
  checkout,
  contactAcknowledged,
  contactSubject,
  newVisitorAddress,
  openContactForm,
  paymentAcknowledged,
  payTestOrder,
  sendContactForm,
  testOrderId,
  waitUntilUsable,
  type ContactMessage,
} from "./site-client";
import { countBySubject, missingAttachmentFiles, readStoredRows } from "./stored-rows";

const BATCH_SUBMISSIONS = 30;
const BATCH_ORDERS = 12;
/** Submissions kept in flight beside the batch, so the kill lands in the middle of work. */
const TRICKLE_CONCURRENCY = 3;

interface Acknowledged {
  submissions: ContactMessage[];
  /** Order id → the status the visitor was last told: "pending" (payment page) or "paid". */
  orders: Map<string, "pending" | "paid">;
}

export async function acknowledgedRowsSurviveKill(check: CheckRecorder, backend: Backend): Promise<void> {
  const store = await backend.freshStore("durability");
  const server = await startApp(store.env);
  const runMarker = `D${crypto.randomBytes(4).toString("hex")}`;
  const acknowledged: Acknowledged = { submissions: [], orders: new Map() };
  const unacknowledged: ContactMessage[] = [];
  let counter = 0;
  const nextMessage = (): ContactMessage => {
    counter += 1;
    return { marker: `${runMarker}-${counter}`, withCv: counter % 4 === 0 };
  };

  const token = await openContactForm(server.url, newVisitorAddress());
  await waitUntilUsable(token);

  /** Sends one submission and files it under what the visitor was told. */
  const submit = async (message: ContactMessage) => {
    try {
      const answer = await sendContactForm(server.url, newVisitorAddress(), token, message);
      (contactAcknowledged(answer) ? acknowledged.submissions : unacknowledged).push(message);
    } catch {
      unacknowledged.push(message);
    }
  };

  let killedAt = 0;
  let lastAcknowledgedAt = 0;
  const trickle = startTrickle(
    () => killedAt === 0,
    () => submit(nextMessage()),
  );

  const batch = [
    ...Array.from({ length: BATCH_SUBMISSIONS }, () => submit(nextMessage())),
    ...Array.from({ length: BATCH_ORDERS }, (_, index) => buyCourse(server, index, index % 2 === 0, acknowledged)),
  ];
  let inFlightAtKill = 0;
  try {
    await Promise.all(batch.map((work) => work.then(() => (lastAcknowledgedAt = performance.now()))));
  } finally {
    // The instant the last acknowledgement is read: no shutdown code, no flush, the trickle in flight.
    server.child.kill("SIGKILL");
    killedAt = performance.now();
    inFlightAtKill = trickle.inFlight();
    await server.exited;
    await trickle.done;
  }
  check.expect(
    server.child.signalCode === "SIGKILL",
    `the server was not killed by SIGKILL (${server.child.signalCode})`,
  );

  const paidOrders = [...acknowledged.orders.values()].filter((status) => status === "paid").length;
  check.figure(
    "acknowledged before the kill",
    `${acknowledged.submissions.length} submissions (${acknowledged.submissions.filter((m) => m.withCv).length} with a CV), ${acknowledged.orders.size} orders (${paidOrders} paid)`,
  );
  check.figure(
    "SIGKILL",
    `${(killedAt - lastAcknowledgedAt).toFixed(2)} ms after the last acknowledgement, ${inFlightAtKill} submission(s) in flight`,
  );
  check.expect(
    acknowledged.submissions.length >= BATCH_SUBMISSIONS && acknowledged.orders.size === BATCH_ORDERS,
    `the batch was not fully acknowledged before the kill: ${acknowledged.submissions.length} submissions, ${acknowledged.orders.size}/${BATCH_ORDERS} orders`,
  );

  const restartedAt = performance.now();
  const restarted = await startApp(server.env);
  const health = await fetch(`${restarted.url}/healthz`);
  check.figure("restart on the same data", `${formatMs(performance.now() - restartedAt)} to listening`);
  check.expect(health.ok, `after the restart /healthz answered ${health.status}`);
  const exitCode = await stopApp(restarted);
  check.expect(
    exitCode === 0,
    `the restarted server did not shut down cleanly (exit ${exitCode}):\n${logTail(restarted)}`,
  );

  const stored = await readStoredRows(store.target, runMarker);
  const counts = countBySubject(stored.submissions);
  const lost = acknowledged.submissions.filter((message) => counts.get(contactSubject(message)) !== 1);
  const duplicated = [...counts].filter(([, count]) => count > 1);
  const inFlightStored = unacknowledged.filter((message) => counts.has(contactSubject(message))).length;
  const ordersById = new Map(stored.orders.map((order) => [order.id, order]));
  const lostOrders = [...acknowledged.orders].filter(([id, status]) => {
    const order = ordersById.get(id);
    return !order || order.lines < 1 || (status === "paid" && order.status !== "paid");
  });
  const missingFiles = missingAttachmentFiles(store.dataDir, stored.submissions);
  check.figure(
    "after the restart",
    `${acknowledged.submissions.length - lost.length}/${acknowledged.submissions.length} acknowledged submissions, ` +
      `${acknowledged.orders.size - lostOrders.length}/${acknowledged.orders.size} acknowledged orders as acknowledged; ` +
      `${inFlightStored} of ${unacknowledged.length} unacknowledged submissions stored`,
  );
  check.expect(
    lost.length === 0,
    `${lost.length} acknowledged submission(s) lost: ${lost.map((m) => m.marker).join(", ")}`,
  );
  check.expect(duplicated.length === 0, `${duplicated.length} submission(s) stored more than once`);
  check.expect(lostOrders.length === 0, `${lostOrders.length} acknowledged order(s) or payment(s) lost`);
  check.expect(missingFiles.length === 0, `${missingFiles.length} stored CV file(s) missing`);
}

/** Checkout as a guest, then (when `pay`) the test card on the payment page; records each acknowledgement. */
async function buyCourse(server: AppServer, index: number, pay: boolean, acknowledged: Acknowledged): Promise<void> {
  const address = newVisitorAddress();
  const answer = await checkout(server.url, address, basketOf(index));
  const orderId = answer.status === 200 ? testOrderId(answer.json.url) : undefined;
  if (!orderId) throw new Error(`checkout answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  acknowledged.orders.set(orderId, "pending");
  if (!pay) return;
  const payment = await payTestOrder(server.url, address, orderId);
  if (!paymentAcknowledged(payment, orderId)) throw new Error(`payment answered ${payment.status} ${payment.body}`);
  acknowledged.orders.set(orderId, "paid");
}

/** Keeps `concurrency` submissions in flight while `running()` holds. */
function startTrickle(running: () => boolean, send: () => Promise<void>) {
  let inFlight = 0;
  const lane = async () => {
    while (running()) {
      inFlight += 1;
      await send();
      inFlight -= 1;
    }
  };
  const done = Promise.all(Array.from({ length: TRICKLE_CONCURRENCY }, lane)).then(() => undefined);
  return { done, inFlight: () => inFlight };
}
