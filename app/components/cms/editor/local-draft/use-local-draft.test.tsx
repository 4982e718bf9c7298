// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RestoreDraftNotice } from "./restore-draft-notice";
import { forgetAllLocalDrafts, FORM_CHANGED_EVENT, useLocalDraft } from "./use-local-draft";

/** A form as the CMS's editors use it: its values come from the item, remounted on restore. */
function Editor({ version, title }: { version: string; title: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, string>>({ title });
  const [mount, setMount] = useState(0);
  const draft = useLocalDraft(formRef, "content:1", version);
  return (
    <>
      <RestoreDraftNotice
        draft={draft.offered}
        onRestore={() => {
          setValues(draft.restore());
          setMount((count) => count + 1);
        }}
        onDiscard={draft.discard}
      />
      <form ref={formRef} key={mount}>
        <input type="hidden" name="csrf" value="token" />
        <input aria-label="Title" name="title" defaultValue={values.title} />
        <input aria-label="Body" type="hidden" name="body" defaultValue={values.body ?? ""} />
      </form>
    </>
  );
}

const kept = () => JSON.parse(localStorage.getItem("cms-draft:content:1") ?? "null");

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useLocalDraft", () => {
  it("keeps what is typed, without the request's own fields, a moment after the change", () => {
    render(<Editor version="v1" title="Saved title" />);
    fireEvent.input(screen.getByLabelText("Title"), { target: { value: "Typed title" } });
    expect(kept()).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(kept().values).toEqual({ title: "Typed title", body: "" });
  });

  it("hears fields changed from script through the form-changed event", () => {
    render(<Editor version="v1" title="Saved title" />);
    const body = document.querySelector<HTMLInputElement>('input[name="body"]')!;
    body.value = "<p>From the editor</p>";
    body.dispatchEvent(new Event(FORM_CHANGED_EVENT, { bubbles: true }));
    act(() => vi.advanceTimersByTime(500));
    expect(kept().values.body).toBe("<p>From the editor</p>");
  });

  it("offers a kept copy on the next visit, and restoring it puts the text back in the form", () => {
    localStorage.setItem(
      "cms-draft:content:1",
      JSON.stringify({ values: { title: "Lost in a crash", body: "" }, savedAt: Date.UTC(2026, 10, 25, 14, 5) }),
    );
    render(<Editor version="v1" title="Saved title" />);
    expect(screen.getByRole("region", { name: "Unsaved changes" }).textContent).toContain("25 Nov 2026, 14:05");
    // Typing while the offer waits does not overwrite the kept copy.
    fireEvent.input(screen.getByLabelText("Title"), { target: { value: "x" } });
    act(() => vi.advanceTimersByTime(500));
    expect(kept().values.title).toBe("Lost in a crash");
    fireEvent.click(screen.getByRole("button", { name: "Restore unsaved changes" }));
    expect(screen.getByLabelText<HTMLInputElement>("Title").value).toBe("Lost in a crash");
    expect(screen.queryByRole("region", { name: "Unsaved changes" })).toBeNull();
  });

  it("keeps recording after a restore draws the form again", () => {
    localStorage.setItem("cms-draft:content:1", JSON.stringify({ values: { title: "Kept", body: "" }, savedAt: 1 }));
    render(<Editor version="v1" title="Saved title" />);
    fireEvent.click(screen.getByRole("button", { name: "Restore unsaved changes" }));
    fireEvent.input(screen.getByLabelText("Title"), { target: { value: "Kept, then typed on" } });
    act(() => vi.advanceTimersByTime(500));
    expect(kept().values.title).toBe("Kept, then typed on");
  });

  it("forgets a write still waiting when the copy is discarded (a save went through)", () => {
    function Saving() {
      const formRef = useRef<HTMLFormElement>(null);
      const draft = useLocalDraft(formRef, "content:1", "v1");
      return (
        <form ref={formRef}>
          <input aria-label="Title" name="title" defaultValue="" />
          <button type="button" onClick={draft.discard}>
            Saved
          </button>
        </form>
      );
    }
    render(<Saving />);
    fireEvent.input(screen.getByLabelText("Title"), { target: { value: "Typed just before saving" } });
    fireEvent.click(screen.getByRole("button", { name: "Saved" }));
    act(() => vi.advanceTimersByTime(500));
    expect(kept()).toBeNull();
  });

  it("does not offer a copy equal to what the form shows, and forgets it", () => {
    localStorage.setItem("cms-draft:content:1", JSON.stringify({ values: { title: "Same", body: "" }, savedAt: 1 }));
    render(<Editor version="v1" title="Same" />);
    expect(screen.queryByRole("region", { name: "Unsaved changes" })).toBeNull();
    expect(kept()).toBeNull();
  });

  it("forgets the copy when discarded, and when a save changes the item's version", () => {
    localStorage.setItem("cms-draft:content:1", JSON.stringify({ values: { title: "Old" }, savedAt: 1 }));
    const { rerender } = render(<Editor version="v1" title="Saved" />);
    fireEvent.click(screen.getByRole("button", { name: "Discard them" }));
    expect(kept()).toBeNull();

    fireEvent.input(screen.getByLabelText("Title"), { target: { value: "Typed" } });
    act(() => vi.advanceTimersByTime(500));
    expect(kept()).not.toBeNull();
    rerender(<Editor version="v2" title="Typed" />);
    expect(kept()).toBeNull();
  });

  it("signing out forgets every kept copy, and only those", () => {
    localStorage.setItem("cms-draft:content:1", "{}");
    localStorage.setItem("cms-draft:career:new", "{}");
    localStorage.setItem("theme", "dark");
    forgetAllLocalDrafts();
    expect(Object.keys(localStorage)).toEqual(["theme"]);
  });
});
