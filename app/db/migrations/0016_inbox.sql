CREATE TABLE "submission_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"author_id" uuid,
	"author_email" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_notes_body_not_blank" CHECK ("submission_notes"."body" ~ '\S')
);
--> statement-breakpoint
CREATE TABLE "submission_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"mail_id" uuid,
	"author_id" uuid,
	"author_email" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_replies_body_not_blank" CHECK ("submission_replies"."body" ~ '\S')
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "job" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submission_notes" ADD CONSTRAINT "submission_notes_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_notes" ADD CONSTRAINT "submission_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_replies" ADD CONSTRAINT "submission_replies_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_replies" ADD CONSTRAINT "submission_replies_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_replies" ADD CONSTRAINT "submission_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_notes_submission_idx" ON "submission_notes" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "submission_replies_submission_idx" ON "submission_replies" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "submission_replies_mail_idx" ON "submission_replies" USING btree ("mail_id");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_job_idx" ON "contact_submissions" USING btree ("job");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('notification', 'acknowledgement', 'order_confirmation', 'invitation', 'password_reset', 'account_security', 'submission_reply'));--> statement-breakpoint
-- Older rows (issue 18, decision 022): an application is known by the subject the job page prefills,
-- or by its CV (the form accepts one with applications only); one with a CV but another subject
-- names no job.
UPDATE "contact_submissions" SET "job" = coalesce(substring("subject" from '^Application for (.+) position$'), '')
  WHERE "subject" ~ '^Application for .+ position$' OR "attachment_url" IS NOT NULL;--> statement-breakpoint
-- Older rows no longer new were triaged by someone: they count as read.
UPDATE "contact_submissions" SET "read_at" = "updated_at" WHERE "status" <> 'new';
