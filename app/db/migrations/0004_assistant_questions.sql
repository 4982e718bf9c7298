CREATE TABLE "unanswered_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"times_asked" integer DEFAULT 1 NOT NULL,
	"first_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unanswered_questions_question_not_blank" CHECK ("unanswered_questions"."question" ~ '\S'),
	CONSTRAINT "unanswered_questions_times_asked_positive" CHECK ("unanswered_questions"."times_asked" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "unanswered_questions_question_unique" ON "unanswered_questions" USING btree ("question");--> statement-breakpoint
CREATE INDEX "unanswered_questions_last_asked_idx" ON "unanswered_questions" USING btree ("last_asked_at" DESC NULLS LAST);