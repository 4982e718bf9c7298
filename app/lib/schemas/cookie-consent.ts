/** The cookie choice a browser reports to /api/cookie-consent, checked on the server. */
import { CONSENT_CHOICES } from "../enums";
import { z } from "./zod";

export const consentRecordSchema = z.object({
  choice: z.enum(CONSENT_CHOICES),
  functional: z.boolean(),
  performance: z.boolean(),
  targeting: z.boolean(),
});
export type ConsentRecordInput = z.infer<typeof consentRecordSchema>;
