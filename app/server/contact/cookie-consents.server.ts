/** Cookie consent records (cookie_consents): proof of what each visitor chose, and when. */
import { cookieConsents } from "../../../db/schema";
import { COOKIE_POLICY_VERSION } from "../../lib/cookie-consent";
import type { ConsentRecordInput } from "../../lib/schemas/cookie-consent";
import type { Database } from "../platform/db/db.server";

export async function recordCookieConsent(db: Database, input: ConsentRecordInput): Promise<{ id: string }> {
  // Only "customized" carries the visitor's own toggles; the other two choices fix every category.
  const categories =
    input.choice === "customized"
      ? { functional: input.functional, performance: input.performance, targeting: input.targeting }
      : {
          functional: input.choice === "accepted",
          performance: input.choice === "accepted",
          targeting: input.choice === "accepted",
        };
  const [row] = await db
    .insert(cookieConsents)
    .values({ choice: input.choice, strictlyNecessary: true, ...categories, policyVersion: COOKIE_POLICY_VERSION })
    .returning({ id: cookieConsents.id });
  if (!row) throw new Error("The consent record was not stored");
  return row;
}
