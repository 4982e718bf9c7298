ALTER TABLE "careers" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "training_courses" ADD COLUMN "document" jsonb;