CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid,
	"email" text,
	"role" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_tokens_kind_check" CHECK ("account_tokens"."kind" in ('invitation', 'password_reset')),
	CONSTRAINT "account_tokens_target_check" CHECK (("account_tokens"."kind" = 'invitation' and "account_tokens"."email" is not null and "account_tokens"."role" is not null and "account_tokens"."user_id" is null)
        or ("account_tokens"."kind" = 'password_reset' and "account_tokens"."user_id" is not null and "account_tokens"."email" is null and "account_tokens"."role" is null)),
	CONSTRAINT "account_tokens_role_check" CHECK ("account_tokens"."role" is null or "account_tokens"."role" in ('admin', 'editor', 'support')),
	CONSTRAINT "account_tokens_email_normalised_check" CHECK ("account_tokens"."email" is null or ("account_tokens"."email" = lower("account_tokens"."email") and "account_tokens"."email" !~ '\s')),
	CONSTRAINT "account_tokens_expiry_check" CHECK ("account_tokens"."expires_at" > "account_tokens"."created_at")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_token_hash_unique" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_id_idx" ON "account_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_tokens_email_idx" ON "account_tokens" USING btree ("email");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('notification', 'acknowledgement', 'order_confirmation', 'invitation', 'password_reset'));