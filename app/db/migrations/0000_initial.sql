CREATE TABLE "careers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'Full-time' NOT NULL,
	"experience" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "careers_type_check" CHECK ("careers"."type" in ('Full-time', 'Part-time', 'Contract', 'Internship')),
	CONSTRAINT "careers_title_not_blank" CHECK ("careers"."title" ~ '\S')
);
--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"attachment_url" text,
	"attachment_filename" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_submissions_status_check" CHECK ("contact_submissions"."status" in ('new', 'in_progress', 'resolved', 'spam')),
	CONSTRAINT "contact_submissions_attachment_pair_check" CHECK (("contact_submissions"."attachment_url" is null) = ("contact_submissions"."attachment_filename" is null))
);
--> statement-breakpoint
CREATE TABLE "content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"excerpt" text,
	"type" text DEFAULT 'page' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"featured_image_url" text,
	"meta_title" text,
	"meta_description" text,
	"author_id" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_type_check" CHECK ("content"."type" in ('page', 'blog_post', 'service', 'case_study')),
	CONSTRAINT "content_status_check" CHECK ("content"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "content_title_not_blank" CHECK ("content"."title" ~ '\S'),
	CONSTRAINT "content_slug_format_check" CHECK ("content"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "content_published_at_check" CHECK (("content"."status" = 'published') = ("content"."published_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "content_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"block_type" text DEFAULT 'testimonial' NOT NULL,
	"content_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_blocks_block_type_check" CHECK ("content_blocks"."block_type" in ('testimonial', 'feature', 'team_member', 'service_card', 'hero', 'cta')),
	CONSTRAINT "content_blocks_content_data_object_check" CHECK (jsonb_typeof("content_blocks"."content_data") = 'object'),
	CONSTRAINT "content_blocks_name_not_blank" CHECK ("content_blocks"."name" ~ '\S')
);
--> statement-breakpoint
CREATE TABLE "cookie_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"choice" text NOT NULL,
	"strictly_necessary" boolean DEFAULT true NOT NULL,
	"functional" boolean NOT NULL,
	"performance" boolean NOT NULL,
	"targeting" boolean NOT NULL,
	"policy_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cookie_consents_choice_check" CHECK ("cookie_consents"."choice" in ('accepted', 'rejected', 'customized')),
	CONSTRAINT "cookie_consents_strictly_necessary_check" CHECK ("cookie_consents"."strictly_necessary" = true)
);
--> statement-breakpoint
CREATE TABLE "navigation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"menu_position" text DEFAULT 'main' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "navigation_items_title_not_blank" CHECK ("navigation_items"."title" ~ '\S'),
	CONSTRAINT "navigation_items_url_not_blank" CHECK ("navigation_items"."url" ~ '\S')
);
--> statement-breakpoint
CREATE TABLE "page_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"excerpt" text,
	"featured_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" text DEFAULT '' NOT NULL,
	"setting_type" text DEFAULT 'text' NOT NULL,
	"description" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_setting_type_check" CHECK ("site_settings"."setting_type" in ('text', 'textarea', 'email', 'url', 'phone', 'number', 'boolean', 'json')),
	CONSTRAINT "site_settings_key_format_check" CHECK ("site_settings"."setting_key" ~ '^[a-z][a-z0-9_]*$')
);
--> statement-breakpoint
CREATE TABLE "training_courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"duration" text NOT NULL,
	"level" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"original_price" numeric(10, 2),
	"rating" numeric(2, 1),
	"students" integer DEFAULT 0 NOT NULL,
	"emoji" text DEFAULT '' NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"instructor" text,
	"last_updated" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_courses_name_not_blank" CHECK ("training_courses"."name" ~ '\S'),
	CONSTRAINT "training_courses_price_positive" CHECK ("training_courses"."price" > 0),
	CONSTRAINT "training_courses_original_price_check" CHECK ("training_courses"."original_price" is null or "training_courses"."original_price" >= "training_courses"."price"),
	CONSTRAINT "training_courses_rating_range" CHECK ("training_courses"."rating" is null or "training_courses"."rating" between 0 and 5),
	CONSTRAINT "training_courses_students_non_negative" CHECK ("training_courses"."students" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_normalised_check" CHECK ("users"."email" = lower("users"."email") and "users"."email" !~ '\s'),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'user'))
);
--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "careers_active_created_at_idx" ON "careers" USING btree ("is_active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_created_at_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_status_idx" ON "contact_submissions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "content_slug_unique" ON "content" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "content_status_published_at_idx" ON "content" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_updated_at_idx" ON "content" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_blocks_name_idx" ON "content_blocks" USING btree ("name");--> statement-breakpoint
CREATE INDEX "cookie_consents_created_at_idx" ON "cookie_consents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "navigation_items_menu_order_idx" ON "navigation_items" USING btree ("menu_position","is_active","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "page_content_slug_unique" ON "page_content" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_settings_setting_key_unique" ON "site_settings" USING btree ("setting_key");--> statement-breakpoint
CREATE INDEX "training_courses_active_name_idx" ON "training_courses" USING btree ("is_active","name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");