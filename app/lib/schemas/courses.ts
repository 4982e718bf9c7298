/**
 * The CMS Courses tab's form (the fields of SPEC.md section 3 "Training course"), shared by
 * the dialog in the browser and the action on the server, so both apply the same rules and messages.
 * Prices are in pounds: positive, at most two decimal places, and an original price (the "was"
 * price of the saving) never below the price.
 */
import { z } from "./zod";
import { course } from "../content-kinds/course";
import { formShapeOf } from "../content-kinds/define-kind";
import { idField } from "./id";

export { COURSE_LIMITS, featuresToText } from "../content-kinds/course";

/** The declared fields (content-kinds/course.ts) and the Active switch; an original price never below the price. */
export const courseFormSchema = z
  .object({
    ...formShapeOf(course),
    // The Active switch's hidden input: "true" or "false" (absent means the default, active).
    isActive: z
      .enum(["true", "false", "on"])
      .default("true")
      .transform((value) => value !== "false"),
  })
  .superRefine((course, context) => {
    if (course.originalPrice !== null && course.originalPrice < course.price) {
      context.addIssue({
        code: "custom",
        path: ["originalPrice"],
        message: "Original price cannot be lower than the price",
      });
    }
  });

export type CourseInput = z.output<typeof courseFormSchema>;

export const courseIdSchema = z.object({ id: idField("Course not found") });
