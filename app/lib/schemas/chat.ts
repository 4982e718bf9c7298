/**
 * What `POST /api/chat` accepts (SPEC.md section 7): the visitor's message and the conversation
 * before it, as role and content. Only the roles user and assistant: a visitor cannot send the
 * system prompt's instructions as history.
 */
import { CHAT_LIMITS, CHAT_MESSAGES } from "../chat/chat";
import { z } from "./zod";

export const chatRequestSchema = z.object({
  message: z
    .string(CHAT_MESSAGES.empty)
    .trim()
    .min(1, CHAT_MESSAGES.empty)
    .max(CHAT_LIMITS.messageLength, CHAT_MESSAGES.tooLong),
  conversationHistory: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"], CHAT_MESSAGES.invalidHistory),
        content: z
          .string(CHAT_MESSAGES.invalidHistory)
          .max(CHAT_LIMITS.historyEntryLength, CHAT_MESSAGES.invalidHistory),
      }),
      CHAT_MESSAGES.invalidHistory,
    )
    .max(CHAT_LIMITS.historyEntries, CHAT_MESSAGES.invalidHistory)
    .default([]),
});

export type ChatRequest = z.output<typeof chatRequestSchema>;
