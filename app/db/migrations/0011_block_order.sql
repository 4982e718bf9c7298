ALTER TABLE "content_blocks" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "content_blocks_type_order_idx" ON "content_blocks" USING btree ("block_type","sort_order");--> statement-breakpoint
-- Existing blocks keep the order the public site showed them in until now: by name within their type.
UPDATE "content_blocks" AS b SET "sort_order" = ranked.position
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "block_type" ORDER BY "name", "created_at") - 1 AS position
  FROM "content_blocks"
) AS ranked
WHERE b."id" = ranked."id";
