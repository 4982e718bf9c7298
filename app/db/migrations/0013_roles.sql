-- Issue 18 (decision 019): the roles become Administrator, Editor and Support. The old "user" role
-- could do nothing but sign in and change its own password; such accounts become Support but are
-- deactivated (their sessions end), so no account gains access to customers' submissions and
-- orders without an administrator choosing it. Each change is kept in the audit log.
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
INSERT INTO "audit_log" ("user_id", "user_email", "action", "entity", "entity_id", "details")
SELECT NULL, 'migration 0013_roles', 'user.role', 'users', "id"::text,
  jsonb_build_object('from', 'user', 'role', 'support', 'deactivated', true, 'via', 'migration 0013_roles')
FROM "users" WHERE "role" = 'user';--> statement-breakpoint
DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "role" = 'user');--> statement-breakpoint
UPDATE "users" SET "role" = 'support', "is_active" = false, "updated_at" = now() WHERE "role" = 'user';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'editor', 'support'));
