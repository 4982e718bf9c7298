CREATE TABLE "revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"user_id" uuid,
	"user_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revisions_entity_kind_check" CHECK ("revisions"."entity_kind" in ('content', 'career', 'course')),
	CONSTRAINT "revisions_action_check" CHECK ("revisions"."action" in ('saved', 'published', 'unpublished', 'restored', 'scheduled')),
	CONSTRAINT "revisions_snapshot_object_check" CHECK (jsonb_typeof("revisions"."snapshot") = 'object')
);
--> statement-breakpoint
CREATE TABLE "scheduled_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "scheduled_actions_entity_kind_check" CHECK ("scheduled_actions"."entity_kind" in ('content', 'career', 'course')),
	CONSTRAINT "scheduled_actions_action_check" CHECK ("scheduled_actions"."action" in ('publish', 'unpublish'))
);
--> statement-breakpoint
ALTER TABLE "content" DROP CONSTRAINT "content_published_at_check";--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "last_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "draft" jsonb;--> statement-breakpoint
UPDATE "content" SET "last_published_at" = "published_at" WHERE "published_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_actions" ADD CONSTRAINT "scheduled_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revisions_entity_idx" ON "revisions" USING btree ("entity_kind","entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scheduled_actions_due_idx" ON "scheduled_actions" USING btree ("run_at") WHERE "scheduled_actions"."done_at" is null;--> statement-breakpoint
CREATE INDEX "scheduled_actions_entity_idx" ON "scheduled_actions" USING btree ("entity_kind","entity_id");--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_draft_object_check" CHECK ("content"."draft" is null or jsonb_typeof("content"."draft") = 'object');--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_published_at_check" CHECK ("content"."status" <> 'published' or "content"."published_at" is not null);