import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestRules } from "./request-rules.server";

/** A route table like the site's: a page, a page with an action, a resource route, an API, a catch-all. */
const routes = {
  root: { id: "root", path: "", module: { default: () => null } },
  home: { id: "home", parentId: "root", index: true, module: { default: () => null, loader: () => null } },
  cms: { id: "cms", parentId: "root", path: "cms", module: { default: () => null, action: () => null } },
  "cms-index": { id: "cms-index", parentId: "cms", index: true, module: { default: () => null } },
  robots: { id: "robots", parentId: "root", path: "robots.txt", module: { loader: () => null } },
  chat: { id: "chat", parentId: "root", path: "api/chat", module: { action: () => null } },
  splat: { id: "splat", parentId: "root", path: "*", module: { default: () => null } },
} as unknown as ServerBuild["routes"];

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(requestRules(() => Promise.resolve({ routes }), ["/healthz"]));
  // What React Router would do: read the body to its end, then answer.
  app.use((req, res) => {
    req.resume();
    req.on("end", () => res.type("text/plain").send(`reached ${req.method} ${req.originalUrl}`));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** node:http, because fetch cannot send TRACE (nor a Content-Length that is not the body's). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("methods (RFC 9110)", () => {
  it("answers TRACE with 405 and Allow, never reaching the app", async () => {
    const answer = await send("TRACE", "/");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answer.body).toBe("Method not allowed. This address answers GET, HEAD, OPTIONS.");
  });

  it("answers OPTIONS with 204 and what the address takes", async () => {
    for (const [path, allow] of [
      ["/", "GET, HEAD, OPTIONS"],
      ["/cms", "GET, HEAD, POST, OPTIONS"],
      ["/api/chat", "POST, OPTIONS"],
      ["/robots.txt", "GET, HEAD, OPTIONS"],
      ["/healthz", "GET, HEAD, OPTIONS"],
    ] as const) {
      const answer = await send("OPTIONS", path);
      expect(answer.status, path).toBe(204);
      expect(answer.headers.allow, path).toBe(allow);
    }
  });

  it("answers a method the address does not take with a plain 405 and Allow", async () => {
    const robots = await send("POST", "/robots.txt", { "Content-Type": "text/plain" }, "x");
    expect(robots.status).toBe(405);
    expect(robots.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(robots.body).not.toContain("Unexpected Server Error");

    const chat = await send("GET", "/api/chat");
    expect(chat.status).toBe(405);
    expect(chat.headers.allow).toBe("POST, OPTIONS");

    expect((await send("PUT", "/cms", {}, "")).status).toBe(405);
    // A form posted to an index route that has no action of its own.
    expect((await send("POST", "/cms?index", {}, "")).headers.allow).toBe("GET, HEAD, OPTIONS");
  });

  it("lets what the address takes through", async () => {
    expect((await send("POST", "/cms", { "Content-Type": "text/plain" }, "a=b")).body).toBe("reached POST /cms");
    expect((await send("GET", "/no/such/page")).body).toBe("reached GET /no/such/page");
    expect((await send("POST", "/cms.data", {}, "")).body).toBe("reached POST /cms.data");
  });
});

describe("addresses and bodies", () => {
  it("answers an address with a NUL or text that is not UTF-8 with 400", async () => {
    for (const path of ["/content/a%00b", "/careers?q=%FF", "/search?q=%C3"]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(400);
      expect(answer.body).toContain("cannot be read");
    }
    expect((await send("GET", "/careers?q=caf%C3%A9")).status).toBe(200);
  });

  it("answers a Content-Length over the address's cap with 413 before reading, and closes the connection", async () => {
    const answer = await send("POST", "/api/chat", { "Content-Length": String(50 * 1024 * 1024) });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.body).toContain("at most 128 KB");
  });
});
