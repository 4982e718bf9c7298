import { data } from "react-router";
import { consentRecordSchema } from "~/lib/schemas/cookie-consent";
import { currentCookiePolicyVersion, recordCookieConsent } from "~/server/contact/cookie-consents.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { getDb } from "~/server/platform/db/database.server";
import { readJson, RequestBodyError } from "~/server/platform/http/request-body.server";
import { RateLimiter } from "~/server/platform/rate-limit/rate-limit.server";
import type { Route } from "./+types/cookie-consent";

/** 20 choices a minute from one address is far more than a person makes. */
const limiter = new RateLimiter("cookie-consent", 20, 60_000);

/** Records a visitor's cookie choice in cookie_consents (SPEC.md section 7); answers its id (the visitor's receipt). */
export async function action({ request, context }: Route.ActionArgs) {
  // Other methods never get here: the request rules answer them 405 (server/platform/http).
  const limit = await limiter.hit(context.clientAddress);
  if (!limit.allowed) {
    return data(
      { error: "Too many requests. Please wait a moment and try again." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  let json: unknown;
  try {
    json = await readJson(request);
  } catch (error) {
    if (error instanceof RequestBodyError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  const parsed = consentRecordSchema.safeParse(json);
  if (!parsed.success) {
    return data(
      { error: "Invalid consent choice.", issues: parsed.error.issues.map((issue) => issue.path.join(".")) },
      { status: 400 },
    );
  }

  // The version the site serves now (the layout's), recorded as the one this choice was made under.
  const version = currentCookiePolicyVersion(await getPublicSettings(getDb));
  const record = await recordCookieConsent(await getDb(), parsed.data, version);
  return data({ id: record.id, policyVersion: record.policyVersion }, { status: 201 });
}
