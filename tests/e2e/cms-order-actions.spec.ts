/**
 * What an administrator does with a paid order in the CMS Orders tab, as they would:
 * writes an internal note, resends the confirmation e-mail (and finds it in the outbox), refunds
 * part of the order after confirming, then the rest; a refunded order offers no further refund.
 * The site runs in test mode here, so the refund goes through the test-mode equivalent of Stripe's
 * (the Stripe path is proved against the loopback Stripe in tests/integration/order-refunds.test.ts).
 * Axe in both themes, and the panels fit a 375 px phone.
 */
import { eq } from "drizzle-orm";
import { mailOutbox, orders, trainingCourses } from "../../app/db/schema";
import { GBP_RATES } from "../../app/lib/commerce/currency";
import { findCoursesByIds } from "../../app/server/commerce/courses.server";
import { applyPaymentEvent, createOrder, priceCourses } from "../../app/server/commerce/orders.server";
import {
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  expectPanelsFitPhoneWidth,
  openCmsTab,
  signInAs,
  test,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const reference = (id: string) => id.slice(0, 8).toUpperCase();

/** A paid test-mode order of one course of this test's own (£1,200), bought by buyer@example.com. */
async function paidOrder(server: TestServer): Promise<string> {
  const [course] = await server.db
    .insert(trainingCourses)
    .values({
      name: `Refund Workshop ${process.pid}-${Date.now()}`,
      description: "A course for the refund test.",
      duration: "1 day",
      level: "Beginner",
      price: 1200,
    })
    .returning();
  const priced = priceCourses([course!.id], await findCoursesByIds(server.db, [course!.id]), "GBP", GBP_RATES);
  if (!priced.ok) throw new Error("the test course could not be priced");
  const order = await createOrder(server.db, priced, "test");
  // Off the public catalogue other tests look at; the order keeps its frozen line.
  await server.db.update(trainingCourses).set({ isActive: false }).where(eq(trainingCourses.id, course!.id));
  await applyPaymentEvent(server.db, {
    orderId: order.id,
    provider: "test",
    eventId: `test_paid_${order.id}`,
    type: "test.payment_succeeded",
    outcome: "paid",
    customerEmail: "buyer@example.com",
  });
  return order.id;
}

test("an administrator notes, resends the confirmation of, and refunds an order", async ({
  page,
  server,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const id = await paidOrder(server);
  await signInAs(page, server, "admin");
  await openCmsTab(page, `/cms/orders?selected=${id}`, /^Orders \(\d+\)$/, "Refresh");
  const detail = page.getByRole("region", { name: `Order ${reference(id)}` });
  await expect(detail.locator('[data-slot="badge"]')).toHaveText("Paid");
  await expect(detail.getByText("No notes yet.")).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await expectPanelsFitPhoneWidth(page);

  // A note, by keyboard: who wrote it and when are shown with it.
  const note = detail.getByRole("textbox", { name: "Add a note" });
  await note.fill("Customer asked to move to the March course.");
  await detail.getByRole("button", { name: "Add note" }).focus();
  await page.keyboard.press("Enter");
  const notes = detail.getByRole("region", { name: "Internal notes" });
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes.getByRole("listitem")).toContainText("Customer asked to move to the March course.");
  await expect(notes.getByRole("listitem")).toContainText(/admin-.*@example\.com/);
  await expect(note).toHaveValue("");

  // Resend: a second confirmation is in the outbox.
  await detail.getByRole("button", { name: "Resend confirmation e-mail" }).click();
  await expect(page.getByText("The confirmation e-mail to buyer@example.com is in the outbox.")).toBeVisible();
  await expect
    .poll(async () => (await server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).length)
    .toBe(2);

  // An amount over what is left is refused beside the field, and what was typed stays.
  const amount = detail.getByRole("textbox", { name: "Amount to refund (GBP)" });
  await amount.fill("5000");
  await detail.getByRole("button", { name: "Refund", exact: true }).click();
  let dialog = page.getByRole("alertdialog", { name: `Refund 5000 GBP of order ${reference(id)}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(detail.getByText("You can refund at most £1,200.").first()).toBeVisible();
  await expect(amount).toHaveValue("5000");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  // The refusal is a 409, which the browser logs.
  expectConsoleError(consoleErrors, 409);

  // Cancel in the confirmation refunds nothing.
  await amount.fill("200");
  await detail.getByRole("button", { name: "Refund", exact: true }).click();
  dialog = page.getByRole("alertdialog", { name: `Refund 200 GBP of order ${reference(id)}?` });
  await expectAccessibleInBothThemes(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  const [unchanged] = await server.db.select().from(orders).where(eq(orders.id, id));
  expect(unchanged).toMatchObject({ status: "paid", amountRefunded: 0 });

  // A part, confirmed.
  await detail.getByRole("button", { name: "Refund", exact: true }).click();
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByText(`Refunded £200 of order ${reference(id)}.`)).toBeVisible();
  await expect(detail.locator('[data-slot="badge"]')).toHaveText("Partially refunded");
  await expect(detail.getByText("£200 of £1,200")).toBeVisible();
  await expect(amount).toHaveValue("");

  // The rest: the amount left empty, as the hint says.
  await expect(detail.getByText("Leave empty to refund all that is left: £1,000.")).toBeVisible();
  await detail.getByRole("button", { name: "Refund", exact: true }).click();
  dialog = page.getByRole("alertdialog", { name: `Refund £1,000 (all that is left) of order ${reference(id)}?` });
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(
    page.getByText(`Refunded £1,000 of order ${reference(id)}: the order is now refunded in full.`),
  ).toBeVisible();
  await expect(detail.locator('[data-slot="badge"]')).toHaveText("Refunded");
  await expect(detail.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
  await expect(detail.getByRole("button", { name: "Resend confirmation e-mail" })).toHaveCount(0);
  const refunds = detail.getByRole("table", { name: "Refunds" });
  await expect(refunds.locator("tbody tr")).toHaveCount(2);
  await expect(refunds.locator("tbody tr").nth(0).getByRole("cell").nth(1)).toHaveText("£200");
  await expect(refunds.locator("tbody tr").nth(1).getByRole("cell").nth(1)).toHaveText("£1,000");
  const [refunded] = await server.db.select().from(orders).where(eq(orders.id, id));
  expect(refunded).toMatchObject({ status: "refunded", amountRefunded: 1200 });

  // The Refunded filter finds it.
  await page.goto("/cms/orders?status=refunded");
  await expect(page.getByRole("link", { name: reference(id), exact: true })).toBeVisible();
  await waitForToastsToClose(page);
  await expectAccessibleInBothThemes(page);
  await expectPanelsFitPhoneWidth(page);
});
