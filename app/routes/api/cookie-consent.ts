import { data } from "react-router";
import { consentRecordSchema } from "~/lib/schemas/cookie-consent";
import { recordCookieConsent } from "~/server/contact/cookie-consents.server";
import { getDb } from "~/server/platform/db/database.server";
import { RateLimiter } from "~/server/platform/rate-limit/rate-limit.server";
import type { Route } from "./+types/cookie-consent";

/** 20 choices a minute from one address is far more than a person makes. */
const limiter = new RateLimiter("cookie-consent", 20, 60_000);
const MAX_BODY_BYTES = 1024;

/** Records a visitor's cookie choice in cookie_consents (SPEC.md section 7). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

  const limit = await limiter.hit(context.clientAddress);
  if (!limit.allowed) {
    return data(
      { error: "Too many requests. Please wait a moment and try again." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return data({ error: "The request is too large." }, { status: 413 });
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return data({ error: "The request body must be JSON." }, { status: 400 });
  }
  const parsed = consentRecordSchema.safeParse(json);
  if (!parsed.success) {
    return data(
      { error: "Invalid consent choice.", issues: parsed.error.issues.map((issue) => issue.path.join(".")) },
      { status: 400 },
    );
  }

  const record = await recordCookieConsent(await getDb(), parsed.data);
  return data({ id: record.id }, { status: 201 });
}

export function loader() {
  return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
