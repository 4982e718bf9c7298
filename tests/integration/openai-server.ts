/**
 * An OpenAI-compatible model server on loopback, for tests: it speaks the part of the Chat
 * Completions API the site assistant uses (POST /v1/chat/completions with a JSON body and a bearer
 * key, answered with a server-sent-event stream of `chat.completion.chunk` objects ending in
 * `data: [DONE]`, or with one `chat.completion`), records every request, and can be told to fail
 * the ways real model servers fail: an HTTP 500, a stream that breaks off into something that is
 * not JSON, and silence. The real `openai` SDK is pointed at it with OPENAI_BASE_URL
 * (`http://127.0.0.1:<port>/v1`; the SDK appends `/chat/completions`).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedModelRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body as sent (the SDK sends model, messages, stream, max_tokens, ...). */
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    stream?: boolean;
    max_tokens?: number;
    max_completion_tokens?: number;
    temperature?: number;
    [key: string]: unknown;
  };
  /**
   * Settles when the exchange is over: `finished` is true when the server sent the whole answer,
   * false when the connection closed before that (the client gave up or went away).
   */
  closed: Promise<{ finished: boolean }>;
}

/** How the server answers a completion request. */
export type ModelBehaviour =
  /** A stream: one chunk per token, `delayMs` apart (default 0), then `[DONE]`. */
  | { kind: "stream"; tokens: string[]; delayMs?: number }
  /** One non-streamed `chat.completion` (what a server that ignores `stream: true` sends). */
  | { kind: "json"; content: string }
  /** An OpenAI-style error body with status 500. */
  | { kind: "status500" }
  /** A stream whose event after `tokens` (default one token) is not JSON (`data: {not json`). */
  | { kind: "malformed"; tokens?: string[] }
  /**
   * Silence: with `headers` (default true) the stream's headers and then `tokens` (default none)
   * are sent, and then never another byte; without, no response at all.
   */
  | { kind: "hang"; headers?: boolean; tokens?: string[] };

export interface FakeModel {
  /** The base URL for OPENAI_BASE_URL, ending in `/v1`. */
  baseURL: string;
  /** The key the server accepts as `Authorization: Bearer <apiKey>`; others get a 401. */
  apiKey: string;
  /** Every request, in order of arrival, authorised or not. */
  requests: RecordedModelRequest[];
  /** How requests are answered unless `queue` has an entry (the next request takes the first). */
  behaviour: ModelBehaviour;
  queue: ModelBehaviour[];
  /** Resolves with the `count`-th request (1-based) once it has arrived; at once if it already has. */
  requestArrived(count: number): Promise<RecordedModelRequest>;
  /** Forgets the recorded requests and queue, and goes back to `behaviour` (default a short stream). */
  reset(behaviour?: ModelBehaviour): void;
  /** Closes every connection (hanging ones included) and stops listening. */
  close(): Promise<void>;
}

const DEFAULT_BEHAVIOUR: ModelBehaviour = { kind: "stream", tokens: ["Hello", " from", " the", " model."] };

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function startFakeModel({ apiKey = "test-key" }: { apiKey?: string } = {}): Promise<FakeModel> {
  let completionCount = 0;
  const waiters: { count: number; resolve: (request: RecordedModelRequest) => void }[] = [];

  const state: FakeModel = {
    baseURL: "",
    apiKey,
    requests: [],
    behaviour: DEFAULT_BEHAVIOUR,
    queue: [],
    requestArrived(count) {
      const arrived = state.requests[count - 1];
      if (arrived) return Promise.resolve(arrived);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    reset(behaviour = DEFAULT_BEHAVIOUR) {
      state.requests.length = 0;
      state.queue.length = 0;
      state.behaviour = behaviour;
      waiters.length = 0;
    },
    close: async () => {},
  };

  function record(request: RecordedModelRequest) {
    state.requests.push(request);
    for (const waiter of [...waiters]) {
      if (state.requests.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(state.requests[waiter.count - 1]!);
      }
    }
  }

  async function answer(behaviour: ModelBehaviour, model: string, response: http.ServerResponse) {
    completionCount += 1;
    const id = `chatcmpl-loopback${completionCount}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, string>, finishReason: string | null = null) =>
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created,
        model,
        system_fingerprint: null,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      })}\n\n`;
    const startStream = () => {
      response.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache",
        Connection: "keep-alive",
      });
      // The first chunk names the role, as OpenAI's do.
      response.write(chunk({ role: "assistant", content: "" }));
    };
    // The response's close, not the request's: a request closes as soon as its body has been read.
    let closed = false;
    response.on("close", () => (closed = true));

    switch (behaviour.kind) {
      case "stream": {
        startStream();
        for (const [index, token] of behaviour.tokens.entries()) {
          if (index > 0 && behaviour.delayMs) await sleep(behaviour.delayMs);
          if (closed) return;
          response.write(chunk({ content: token }));
        }
        response.write(chunk({}, "stop"));
        response.end("data: [DONE]\n\n");
        return;
      }
      case "json": {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(
          JSON.stringify({
            id,
            object: "chat.completion",
            created,
            model,
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: behaviour.content, refusal: null },
                logprobs: null,
                finish_reason: "stop",
              },
            ],
            usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
          }),
        );
        return;
      }
      case "status500": {
        response.writeHead(500, { "Content-Type": "application/json" });
        response.end(
          JSON.stringify({
            error: {
              message: "The server had an error while processing your request. Sorry about that!",
              type: "server_error",
              param: null,
              code: null,
            },
          }),
        );
        return;
      }
      case "malformed": {
        startStream();
        for (const token of behaviour.tokens ?? ["Partly"]) response.write(chunk({ content: token }));
        response.write("data: {not json\n\n");
        response.end("data: [DONE]\n\n");
        return;
      }
      case "hang": {
        if (behaviour.headers === false) return;
        startStream();
        for (const token of behaviour.tokens ?? []) response.write(chunk({ content: token }));
        // Then nothing: the connection stays open until the client gives up or the server closes.
        return;
      }
    }
  }

  const server = http.createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (piece: string) => (text += piece));
    request.on("end", () => {
      const path = (request.url ?? "").split("?")[0]!;
      let body: RecordedModelRequest["body"] = {};
      try {
        body = JSON.parse(text || "{}") as RecordedModelRequest["body"];
      } catch {
        // Recorded as empty; answered below.
      }
      const closed = new Promise<{ finished: boolean }>((resolve) =>
        response.on("close", () => resolve({ finished: response.writableFinished })),
      );
      record({ method: request.method ?? "", path, headers: request.headers, body, closed });
      const reply = (status: number, error: { message: string; type: string; code: string | null }) => {
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ error: { ...error, param: null } }));
      };

      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return reply(401, {
          message: "Incorrect API key provided.",
          type: "invalid_request_error",
          code: "invalid_api_key",
        });
      }
      if (request.method !== "POST" || path !== "/v1/chat/completions") {
        return reply(404, {
          message: `Unknown request URL: ${request.method} ${path}.`,
          type: "invalid_request_error",
          code: null,
        });
      }
      if (!Array.isArray(body.messages) || typeof body.model !== "string") {
        return reply(400, {
          message: "'messages' and 'model' are required.",
          type: "invalid_request_error",
          code: null,
        });
      }
      const behaviour = state.queue.shift() ?? state.behaviour;
      answer(behaviour, body.model, response).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.baseURL = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
