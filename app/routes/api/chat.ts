import { data } from "react-router";
import { CHAT_MESSAGES, type ChatResponse, type ChatStreamEvent } from "~/lib/chat/chat";
import { startChatTurn } from "~/server/assistant/chat.server";
import { getDb } from "~/server/platform/db/database.server";
import { readJson, RequestBodyError } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";
import type { Route } from "./+types/chat";

const noStore = { "Cache-Control": "no-store" };

function failure(status: number, error: string, headers: Record<string, string> = {}) {
  return data({ success: false, error } satisfies ChatResponse, { status, headers: { ...noStore, ...headers } });
}

/** One server-sent event: the event's type as its name, the rest as JSON data. */
function serverSentEvent({ type, ...rest }: ChatStreamEvent): string {
  return `event: ${type}\ndata: ${JSON.stringify(rest)}\n\n`;
}

/**
 * `POST /api/chat` (SPEC.md section 7, chat-with-ai): `{ message, conversationHistory }` in. With
 * `Accept: text/event-stream` the reply streams as server-sent events (see app/lib/chat/chat.ts);
 * otherwise it comes whole as `{ success, response, error }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Other methods never get here: the request rules answer them 405 (server/platform/http).
  let json: unknown;
  try {
    json = await readJson(request);
  } catch (error) {
    if (error instanceof RequestBodyError) return failure(error.status, error.message);
    throw error;
  }

  const streamed = request.headers.get("Accept")?.includes("text/event-stream") ?? false;
  let turn;
  try {
    turn = await startChatTurn(getDb, json, { clientAddress: context.clientAddress, signal: request.signal, streamed });
  } catch (error) {
    logger.error({ err: error }, "the assistant could not start a reply");
    return failure(500, CHAT_MESSAGES.failure);
  }
  if (!turn.ok) {
    const retry: Record<string, string> = turn.retryAfterSeconds
      ? { "Retry-After": String(turn.retryAfterSeconds) }
      : {};
    return failure(turn.status, turn.error, retry);
  }
  const { reply } = turn;

  if (!streamed) {
    try {
      let response = "";
      for await (const piece of reply) response += piece;
      if (!response.trim()) throw new Error("the model's reply was empty");
      return data({ success: true, response } satisfies ChatResponse, { headers: noStore });
    } catch (error) {
      logger.error({ err: error }, "the assistant's reply failed");
      return failure(502, CHAT_MESSAGES.failure);
    }
  }

  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: ChatStreamEvent) => {
        // A visitor who left has closed the stream; the model call is aborted through request.signal.
        if (!request.signal.aborted) controller.enqueue(encoder.encode(serverSentEvent(event)));
      };
      let response = "";
      try {
        for await (const text of reply) {
          response += text;
          send({ type: "delta", text });
        }
        if (!response.trim()) throw new Error("the model's reply was empty");
        send({ type: "done", success: true, response });
      } catch (error) {
        if (!request.signal.aborted) logger.error({ err: error }, "the assistant's streamed reply failed");
        send({ type: "error", success: false, error: CHAT_MESSAGES.failure });
      }
      if (!request.signal.aborted) controller.close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from holding the events back in its buffer.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
