// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { SubmissionDetailView } from "~/routes/cms/submissions.server";
import { SubmissionDetail } from "./submission-detail";

afterEach(cleanup);

/** What an anonymous sender can type: a tracking image, a heading and a link, over three lines. */
const MESSAGE = [
  '<img src="https://tracker.example/p.png"><h2>Action required</h2><a href="https://evil.example">x</a>',
  "Second line",
  "",
  "<script>window.__ran = 1</script>Last line",
].join("\n");

const at = { iso: "2026-01-05T10:00:00.000Z", text: "5 Jan 2026, 10:00" };

const submission: SubmissionDetailView = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "Mallory <b>M</b>",
  email: "mallory@example.com",
  phone: null,
  subject: "<h2>Invoice</h2>",
  status: "new",
  kind: "enquiry",
  job: null,
  attachmentFilename: null,
  created: at,
  message: MESSAGE,
  assigneeId: null,
  assigneeEmail: null,
  wasUnread: false,
  thread: [],
};

function renderDetail() {
  const Stub = createRoutesStub([
    { path: "/cms/submissions", Component: () => <SubmissionDetail selected={submission} handlers={[]} /> },
  ]);
  render(<Stub initialEntries={["/cms/submissions"]} />);
}

describe("a submission's message in the CMS", () => {
  it("is the text the visitor typed, line breaks kept, with none of its markup made into elements", async () => {
    renderDetail();
    const message = await screen.findByTestId("submission-message");
    expect(message.textContent).toBe(MESSAGE);
    expect(message.querySelectorAll("*")).toHaveLength(0);
    expect(message.className).toContain("whitespace-pre-wrap");
    expect(message.className).toContain("break-words");
  });

  it("adds no image, heading, link or script to the page, in the message or the sender's fields", async () => {
    renderDetail();
    const message = await screen.findByTestId("submission-message");
    expect(message.querySelector("img, h2, a, script")).toBeNull();
    expect(document.querySelector('img, script, a[href*="tracker.example"], a[href*="evil.example"]')).toBeNull();
    // The one heading of its level is the panel's own, the sender's name as text.
    expect([...document.querySelectorAll("h2")].map((heading) => heading.textContent)).toEqual(["Mallory <b>M</b>"]);
    expect(document.querySelector("b")).toBeNull();
    expect(screen.getByText("<h2>Invoice</h2>")).toBeTruthy();
  });
});
