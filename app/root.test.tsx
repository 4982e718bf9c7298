// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

afterEach(cleanup);

/** The root error boundary, as React Router shows it when a route fails. */
describe("root error boundary", () => {
  it("shows a friendly page, with no error details, when a loader throws", async () => {
    // Depending on its mode React Router may log the thrown error; that is not the page's concern.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => null,
        ErrorBoundary,
        loader: () => {
          throw new Error("secret internal detail: relation users does not exist");
        },
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: "Something went wrong on our side" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    expect(document.body.textContent).not.toContain("secret internal detail");
  });

  it("shows the not-found texts for a thrown 404", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => null,
        ErrorBoundary,
        loader: () => {
          throw new Response("Not found", { status: 404 });
        },
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
    expect(screen.getByText("404")).toBeTruthy();
  });
});
