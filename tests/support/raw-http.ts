/**
 * HTTP as an attacker or a broken client sends it, which fetch refuses to: TRACE, a body streamed
 * chunked without end, a Content-Length that understates the body. Over node:http, one connection
 * per request.
 */
import http from "node:http";

export interface RawAnswer {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the body this client wrote before the answer came (or the connection closed). */
  sent: number;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** A body sent as it is. */
  body?: string | Buffer;
  /**
   * A body of `bytes` bytes of "a", streamed in 64 KiB writes, which stop as soon as the answer
   * arrives. Chunked unless `headers` names a Content-Length.
   */
  stream?: { bytes: number };
}

const CHUNK = Buffer.alloc(64 * 1024, "a");

export function rawRequest(origin: string, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    let settled = false;
    const settle = (answer: Omit<RawAnswer, "sent">) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, sent });
      outgoing.destroy();
    };
    const headers = { ...request.headers };
    // node:http frames a DELETE's (or OPTIONS') body with neither length nor chunks unless told.
    if (request.body !== undefined && !Object.keys(headers).some((name) => /^content-length$/i.test(name))) {
      headers["Content-Length"] = String(Buffer.byteLength(request.body));
    }
    /** The answer as far as it arrived: a reset after the status line still leaves the status. */
    let partial: Omit<RawAnswer, "sent"> = { status: 0, headers: {}, body: "" };
    const outgoing = http.request(
      { host: hostname, port, method: request.method, path: request.path, headers, agent: false },
      (response) => {
        answered = true;
        partial = { status: response.statusCode ?? 0, headers: response.headers, body: "" };
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (partial.body += chunk));
        const done = () => settle(partial);
        response.on("end", done);
        // The server may close the connection right after its answer: what arrived is the answer.
        response.on("error", done);
        response.on("aborted", done);
      },
    );
    outgoing.on("error", () => settle(partial));
    if (!request.stream) {
      outgoing.end(request.body);
      return;
    }
    const total = request.stream.bytes;
    const pump = () => {
      while (!answered && !settled && sent < total) {
        const piece = total - sent >= CHUNK.length ? CHUNK : CHUNK.subarray(0, total - sent);
        sent += piece.length;
        if (!outgoing.write(piece)) {
          outgoing.once("drain", pump);
          return;
        }
      }
      if (!answered && !settled) outgoing.end();
    };
    pump();
  });
}

/** The server's JSON log lines at error level (pino's 50) or above. */
export function errorLogLines(logs: string): Record<string, unknown>[] {
  return logs.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return typeof entry.level === "number" && entry.level >= 50 ? [entry] : [];
    } catch {
      return [];
    }
  });
}
