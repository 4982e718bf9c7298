/**
 * zod, as every schema of the app imports it. The Content-Security-Policy forbids eval, and zod
 * would otherwise probe for it in the browser (which reports the refusal) to compile faster object
 * parsers; the plain parsers are fast enough for forms.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
