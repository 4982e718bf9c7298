/**
 * A CMS tab as an editor uses it: open it, read its toasts, and answer the question a Delete
 * button asks. The specs say the user's steps through this; the selectors live here once.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, waitForReact } from "../fixtures";

/** What tells one tab from another. */
export interface CmsTabAddress {
  path: string;
  /** The tab's heading (a pattern where it carries a count). */
  heading: string | RegExp;
  /** A control every visit shows; the tab is ready once React has hydrated it. */
  control: Locator | ((page: Page) => Locator);
}

export class CmsTab {
  constructor(
    readonly page: Page,
    readonly address: CmsTabAddress,
  ) {}

  /** Opens the tab: it answers 200, shows its heading, and its controls work. */
  async open(): Promise<void> {
    const response = await this.page.goto(this.address.path);
    expect(response?.status(), this.address.path).toBe(200);
    await expect(this.page.getByRole("heading", { name: this.address.heading, exact: true })).toBeVisible();
    const { control } = this.address;
    await waitForReact(typeof control === "function" ? control(this.page) : control);
  }

  /** A toast's title or description, exactly this text. */
  toast(text: string): Locator {
    return this.page.locator("[data-sonner-toast]").getByText(text, { exact: true });
  }

  async expectToast(text: string): Promise<void> {
    await expect(this.toast(text)).toBeVisible();
  }

  /** The table row that names `name`. */
  row(name: string): Locator {
    return this.page.getByRole("row", { name: new RegExp(escapeRegExp(name)) });
  }

  /** Clicks `Delete <name>` and waits for the question it asks. */
  async askToDelete(name: string, question: string): Promise<DeleteQuestion> {
    await this.page.getByRole("button", { name: `Delete ${name}` }).click();
    const dialog = this.page.getByRole("alertdialog", { name: question });
    await expect(dialog).toBeVisible();
    return new DeleteQuestion(dialog);
  }
}

/**
 * A tab that adds records through `addLabel`: a button that opens its form in place (Content
 * Blocks, Site Settings) or a link to an editor page (Careers, Courses). Either is ready once
 * React has hydrated that control.
 */
export function tabWithAdd(
  page: Page,
  {
    path,
    heading,
    addLabel,
    add,
  }: { path: string; heading: string | RegExp; addLabel: string; add: "button" | "link" },
): CmsTab {
  return new CmsTab(page, { path, heading, control: page.getByRole(add, { name: addLabel }) });
}

/** The "Are you sure…?" dialog a Delete button opens. */
export class DeleteQuestion {
  constructor(readonly dialog: Locator) {}

  /** Cancel: the dialog closes and nothing is deleted. */
  async cancel(): Promise<void> {
    await this.dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(this.dialog).toBeHidden();
  }

  async confirm(): Promise<void> {
    await this.dialog.getByRole("button", { name: "Delete" }).click();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
