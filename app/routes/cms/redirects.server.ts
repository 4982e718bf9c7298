/**
 * The CMS Redirects view's server side (routes/cms/redirects.tsx): the list, and the action's
 * intents "create" and "delete". The rules (no loops, chains, off-site targets or live pages) are
 * the entity module's (server/content/redirects.server.ts), which refuses with a message.
 */
import { REDIRECT_MESSAGES } from "~/lib/schemas/redirects";
import { z } from "~/lib/schemas/zod";
import { idSchema } from "~/lib/schemas/id";
import { addRedirect, listRedirects, removeRedirect } from "~/server/content/redirects.server";
import { getEnv } from "~/server/platform/env.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { actionSucceeded, runCmsAction, type IntentHandlers } from "./cms-action.server";
import { readCmsList } from "./list-tab.server";

export async function redirectsView() {
  const { items, error } = await readCmsList(listRedirects, REDIRECT_MESSAGES.fetchFailed);
  return {
    redirects: items.map(({ id, fromPath, toPath, automatic, createdAt }) => ({
      id,
      fromPath,
      toPath,
      automatic,
      createdAt: createdAt.toISOString(),
    })),
    error,
  };
}

const typedSchema = z.object({ fromPath: z.string().max(2000).default(""), toPath: z.string().max(2000).default("") });

/** The Redirects tab's intents, each with its handler. */
export const redirectsIntents = {
  create: async ({ current, values, db }) => {
    const typed = typedSchema.parse(values);
    await addRedirect(db, current.user, typed, getEnv().publicUrl);
    return actionSucceeded("create", { description: REDIRECT_MESSAGES.added });
  },
  delete: async ({ current, values, db }) => {
    const id = z.object({ id: idSchema }).safeParse(values);
    if (!id.success || !(await removeRedirect(db, current.user, id.data.id))) {
      throw new ExpectedError(REDIRECT_MESSAGES.notFound, { status: 404 });
    }
    return actionSucceeded("delete", { description: REDIRECT_MESSAGES.removed });
  },
} satisfies IntentHandlers;

export function redirectsAction(request: Request) {
  const options = {
    permission: "redirects.edit",
    failureMessage: REDIRECT_MESSAGES.saveFailed,
    keepValues: true,
  } as const;
  return runCmsAction(request, options, redirectsIntents);
}
