/**
 * The editor page of a job opening or a course (/cms/careers/{id}, /cms/courses/{id}) as an editor
 * uses it: fill its fields, type a formatted description, save a draft, publish, and restore a
 * revision from its History.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, richTextEditor, waitForReact } from "../fixtures";

/** The labels that differ between the editors. */
export interface RecordEditorLabels {
  /** The required name field ("Title *" or "Name *"). */
  name: string;
  /** The rich-text description ("Description" or "Description *"). */
  description: string;
}

/** A run of description text: typed plain, in bold (Ctrl/Cmd+B around it), or as a line ended by Enter. */
export type DescriptionText = string | { bold: string } | { line: string };

export class RecordEditor {
  constructor(
    readonly page: Page,
    readonly labels: RecordEditorLabels,
  ) {}

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /**
   * Waits until the editor works: the form is hydrated and the rich-text description has loaded
   * (lazily, after hydration, in place of a plain textarea).
   */
  async ready(): Promise<Locator> {
    await waitForReact(this.field(this.labels.name));
    const description = richTextEditor(this.page, this.labels.description);
    await expect(description).toBeVisible();
    return description;
  }

  /** Fills text fields and chooses options: a `<select>` gets its option, anything else the text. */
  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      const field = this.field(label);
      const isSelect = (await field.and(this.page.locator("select")).count()) > 0;
      if (isSelect) await field.selectOption(value);
      else await field.fill(value);
    }
  }

  /** Types the description as an editor does: Markdown shortcuts, Enter, and Ctrl/Cmd+B for bold. */
  async typeDescription(runs: readonly DescriptionText[]): Promise<void> {
    await (await this.ready()).click();
    for (const run of runs) {
      if (typeof run === "string") {
        await this.page.keyboard.type(run);
      } else if ("bold" in run) {
        await this.page.keyboard.press("ControlOrMeta+b");
        await this.page.keyboard.type(run.bold);
        await this.page.keyboard.press("ControlOrMeta+b");
      } else {
        await this.page.keyboard.type(run.line);
        await this.page.keyboard.press("Enter");
      }
    }
  }

  async saveDraft(): Promise<void> {
    await this.page.getByRole("button", { name: "Save draft" }).click();
  }

  /** Saves a draft with the keyboard shortcut. */
  async saveDraftWithShortcut(): Promise<void> {
    await this.page.keyboard.press("ControlOrMeta+s");
  }

  async publish(): Promise<void> {
    await this.page.getByRole("button", { name: "Publish", exact: true }).click();
  }

  async publishChanges(): Promise<void> {
    await this.page.getByRole("button", { name: "Publish changes" }).click();
  }

  /** The publishing state shown above the form ("Published", "Published with unpublished changes"…). */
  status(): Locator {
    return this.page.getByTestId("publishing-status");
  }

  history(): Locator {
    return this.page.getByRole("region", { name: /^History/ });
  }

  /** Restores the oldest revision of the History as the draft. */
  async restoreOldestRevision(): Promise<void> {
    await this.history()
      .getByRole("listitem")
      .last()
      .getByRole("button", { name: /^Restore the revision of / })
      .click();
  }
}
