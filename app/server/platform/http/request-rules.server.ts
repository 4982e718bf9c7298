/**
 * What every request must be before React Router sees it, answered at once with a plain message
 * when it is not (RFC 9110):
 * - an address whose text cannot be read (a NUL, or percent-escapes that are not UTF-8) gets 400:
 *   it would otherwise reach a database query and fail there as a 500;
 * - OPTIONS gets 204 with `Allow`; a method the address does not answer (TRACE among them, which
 *   the Fetch API cannot even represent) gets 405 with `Allow`;
 * - a body whose Content-Length is over the address's cap (`body-limits.server.ts`) gets 413
 *   before a byte of it is read. Chunked bodies, which announce no length, are counted as they are
 *   read by `request-body.server.ts`.
 * Any answer given before the request's body was read to its end closes the connection, so the
 * unread rest is never read (Node would otherwise keep the socket waiting on it).
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Request, RequestHandler, Response } from "express";
import type { ServerBuild } from "react-router";
import { logger } from "../logger.server";
import { methodsOfRoutes } from "./allowed-methods.server";
import { bodyLimitFor } from "./body-limits.server";
import { BODY_MESSAGES, decodeText, percentDecode } from "./request-body.server";

export const ADDRESS_MESSAGE =
  "The address contains characters that cannot be read (a NUL character or text that is not valid UTF-8).";

/** Whether the request's path or query, once its percent-escapes are decoded, is text we can use. */
export function isReadableAddress(url: string): boolean {
  try {
    // "+" is a space only in a query, and a space is harmless: decoding it either way is the same test.
    decodeText(percentDecode(url));
    return true;
  } catch {
    return false;
  }
}

/**
 * How long a connection whose body was refused unread stays open after the answer, discarding
 * what still arrives. Closing at once would make the kernel answer the unread bytes with a reset,
 * and a reset can destroy the answer before the client has read it (Apache's "lingering close"
 * exists for the same reason).
 */
const LINGER_MS = 2_000;

/** Connections answered before their body was read, now throwing away what still arrives. */
const lingering = new WeakSet<Socket>();

/**
 * Replaces Node's close-after-answer for this request: the answer is sent and the sending side
 * closed as usual, then the rest of the body is read and thrown away (nothing is kept) for at most
 * LINGER_MS before the connection is destroyed.
 */
function closeAfterLingering(req: Request): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = function (this: Socket) {
    lingering.add(this);
    this.end();
    // Whoever was reading the body (React Router's stream) lets go, so nothing is buffered.
    req.removeAllListeners("data");
    req.on("data", () => undefined);
    req.resume();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}

/**
 * The HTTP server's "clientError" listener: Node's own answer (400, or 431 for oversized headers,
 * 408 for a request that took too long), except on a lingering connection. There the bytes after a
 * body whose Content-Length understated it are read as a malformed second request; Node would then
 * destroy the socket at once, and the reset could take the 413 already sent with it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (lingering.has(socket)) return;
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const reason = STATUS_CODES[status] ?? "Bad Request";
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function answer(res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  res
    .status(status)
    .set({ "Cache-Control": "no-store", ...headers })
    .type("text/plain")
    .send(message);
}

/** Whether the request carries a body (by its framing headers, before any of it is read). */
function hasBody(headers: { "content-length"?: string; "transfer-encoding"?: string }): boolean {
  return Boolean(headers["transfer-encoding"]) || Number(headers["content-length"] ?? 0) > 0;
}

/**
 * @param loadBuild the React Router build, whose route table says which methods each address takes
 * @param ownPaths addresses Express answers itself with GET (/healthz, /metrics)
 */
export function requestRules(
  loadBuild: () => Promise<Pick<ServerBuild, "routes">>,
  ownPaths: readonly string[],
): RequestHandler {
  let routes: ServerBuild["routes"] | undefined;
  let methodsFor: ((pathname: string, search: string) => readonly string[]) | undefined;
  const allowed = async (pathname: string, search: string): Promise<readonly string[] | undefined> => {
    try {
      const build = await loadBuild();
      // In development the build changes under us; in production this is the same object every time.
      if (build.routes !== routes) {
        routes = build.routes;
        methodsFor = methodsOfRoutes(build.routes, ownPaths);
      }
      return methodsFor?.(pathname, search);
    } catch (error) {
      logger.error({ err: error }, "could not read the route table for the allowed methods");
      return undefined;
    }
  };

  return (req, res, next) => {
    if (hasBody(req.headers)) {
      // Answering before the body is read to its end: tell the client the connection ends here.
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        if (!req.complete) {
          this.setHeader("Connection", "close");
          closeAfterLingering(req);
        }
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }

    const url = req.originalUrl;
    if (!isReadableAddress(url)) return answer(res, 400, ADDRESS_MESSAGE);
    const [pathname = "/", search = ""] = url.split(/\?(.*)/s);

    const limit = bodyLimitFor(pathname);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) return answer(res, 413, BODY_MESSAGES.tooLarge(limit));

    void allowed(pathname, search).then((methods) => {
      if (!methods) return next();
      const allow = methods.join(", ");
      if (req.method === "OPTIONS") {
        res.status(204).set({ Allow: allow, "Cache-Control": "no-store" }).end();
        return;
      }
      if (methods.includes(req.method)) return next();
      answer(res, 405, `Method not allowed. This address answers ${allow}.`, { Allow: allow });
    }, next);
  };
}
