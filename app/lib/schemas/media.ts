/** The media library's forms, shared by the Media tab, the picker and the server. */
import { z } from "./zod";

export const MEDIA_MESSAGES = {
  updated: "Image details saved",
  deleted: "Image deleted",
  saveFailed: "Failed to save the image details",
  deleteFailed: "Failed to delete the image",
  altRequired: "Describe the image in its alt text before placing it on a page",
} as const;

const focal = z.coerce
  .number("Choose a focal point between 0 and 1")
  .min(0, "Choose a focal point between 0 and 1")
  .max(1, "Choose a focal point between 0 and 1")
  .transform((value) => Math.round(value * 1000) / 1000);

export const mediaDetailsSchema = z.object({
  altText: z.string().trim().max(500, "Alt text must be at most 500 characters").default(""),
  caption: z.string().trim().max(1000, "Caption must be at most 1,000 characters").default(""),
  focalX: focal.default(0.5),
  focalY: focal.default(0.5),
});

/** The picker's one field: an image may not be placed until it has alt text. */
export const mediaAltSchema = z.object({
  altText: z.string().trim().min(1, MEDIA_MESSAGES.altRequired).max(500, "Alt text must be at most 500 characters"),
});
