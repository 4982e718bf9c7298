/**
 * The Careers tab's form (SPEC.md "Careers Management", sections 4 and 5), shared by the dialog in
 * the browser and the action on the server, so both apply the same rules and messages. The fields
 * and their rules are declared in content-kinds/job-opening.ts.
 */
import { z } from "./zod";
import { jobOpening } from "../content-kinds/job-opening";
import { formShapeOf } from "../content-kinds/define-kind";
import { idField } from "./id";

export { CAREER_LIMITS, parseRequirements, requirementsToText } from "../content-kinds/job-opening";

export const careerFormSchema = z.object({
  ...formShapeOf(jobOpening),
  // The Active switch's hidden input: "true" or "false" (absent means the default, active).
  isActive: z
    .enum(["true", "false", "on"])
    .default("true")
    .transform((value) => value !== "false"),
});

export type CareerInput = z.output<typeof careerFormSchema>;

export const careerIdSchema = z.object({ id: idField("Career not found") });
