import { createRequestHandler, type ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../logger.server";
import { logRouteError } from "./route-errors.server";

const SITE = "http://site.example";

/**
 * A build of one route whose action does what `action` says, with `logRouteError` as the entry's
 * handleError (as app/entry.server.tsx has it): React Router itself makes the errors logged here.
 */
function buildWith(action: () => unknown): ServerBuild {
  const root = { id: "root", path: "", hasAction: true, hasLoader: false, module: "/root.js" };
  return {
    entry: {
      module: {
        default: () => new Response("<html></html>", { headers: { "Content-Type": "text/html" } }),
        handleError: (error: unknown, { request }: { request: Request }) => logRouteError(error, request),
      },
    },
    routes: { root: { id: "root", path: "", module: { default: () => null, action } } },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: { root }, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

function post(path: string, origin: string): Request {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: "field=value",
  });
}

function spyOnLog() {
  return { warn: vi.spyOn(logger, "warn"), error: vi.spyOn(logger, "error") };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("React Router's refusal of an action from another origin", () => {
  it.each([
    ["a page's form", "/"],
    ["a data request", "/_root.data"],
  ])("is logged for %s as one warning with the method and path, without a stack", async (_name, path) => {
    const log = spyOnLog();
    const handler = createRequestHandler(
      buildWith(() => "done"),
      "production",
    );

    const response = await handler(post(path, "http://elsewhere.example"));

    expect(response.status).toBe(400);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
    const [fields, message] = log.warn.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(fields).toEqual({ method: "POST", path, status: 400, origin: "http://elsewhere.example" });
    expect(fields).not.toHaveProperty("err");
    expect(message).toMatch(/^React Router refused an action whose Origin/);
  });

  it("leaves every other error of an action an error, with its stack", async () => {
    const log = spyOnLog();
    const handler = createRequestHandler(
      buildWith(() => {
        throw new Error("Bad Request");
      }),
      "production",
    );

    // The same message as React Router's refusal of a data request, but from the site's own origin.
    await handler(post("/_root.data", SITE));

    expect(log.warn).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error), method: "POST", path: "/_root.data" }),
      "error in a loader or action",
    );
  });
});
