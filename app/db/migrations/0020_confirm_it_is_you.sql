ALTER TABLE "pending_sign_ins" DROP CONSTRAINT "pending_sign_ins_kind_check";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session that exists already proved who it is when it began, not when this migration ran.
UPDATE "sessions" SET "confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "security_review_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_sign_ins" ADD CONSTRAINT "pending_sign_ins_kind_check" CHECK ("pending_sign_ins"."kind" in ('second_factor', 'passkey', 'passkey_registration', 'confirmation'));