/**
 * Toasts for server outcomes: an action redirects with a short message in a signed "flash" cookie,
 * and the root loader reads it once and clears it (the Epic Stack's redirectWithToast pattern).
 */
import { createCookie, data, redirect } from "react-router";
import { z } from "zod";
import { getEnv } from "./env.server";
import { getSessionSecret } from "./secrets.server";
import type { SiteCookieName } from "./http/site-cookies.server";

export const toastSchema = z.object({
  // Tells two identical toasts apart, so the page shows each one.
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["success", "error", "info", "message"]).default("message"),
  title: z.string().max(200).optional(),
  description: z.string().max(500),
  // An "Undo" button (a delete's toast restores at once): the CMS form it posts, whose
  // anti-forgery token the page adds. Only addresses under /cms, so a toast cannot post elsewhere.
  undo: z
    .object({
      action: z.string().regex(/^\/cms\/[a-z/-]+$/),
      fields: z.record(z.string().max(40), z.string().max(2000)),
    })
    .optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

let flashCookie: ReturnType<typeof createCookie> | undefined;

function getFlashCookie() {
  flashCookie ??= createCookie("toast" satisfies SiteCookieName, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().isProduction && getEnv().publicUrl.startsWith("https:"),
    secrets: [getSessionSecret()],
    maxAge: 60,
  });
  return flashCookie;
}

export async function toastHeaders(toast: ToastInput): Promise<Headers> {
  return new Headers({ "Set-Cookie": await getFlashCookie().serialize(toastSchema.parse(toast)) });
}

/** Data for the page, and a toast shown once the page has the result (the root loader reads it). */
export async function dataWithToast<T>(value: T, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", (await toastHeaders(toast)).get("Set-Cookie") ?? "");
  return data(value, { ...init, headers });
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", (await toastHeaders(toast)).get("Set-Cookie") ?? "");
  return redirect(url, { ...init, headers });
}

/** The pending toast of this request, if any, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = getFlashCookie();
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (value === null || value === undefined) return { toast: null, headers: null };
  const parsed = toastSchema.safeParse(value);
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}
