ALTER TABLE "careers" ADD COLUMN "description_html" text;--> statement-breakpoint
ALTER TABLE "careers" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "training_courses" ADD COLUMN "description_html" text;--> statement-breakpoint
ALTER TABLE "training_courses" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "careers" ADD CONSTRAINT "careers_draft_object_check" CHECK ("careers"."draft" is null or jsonb_typeof("careers"."draft") = 'object');--> statement-breakpoint
ALTER TABLE "training_courses" ADD CONSTRAINT "training_courses_draft_object_check" CHECK ("training_courses"."draft" is null or jsonb_typeof("training_courses"."draft") = 'object');