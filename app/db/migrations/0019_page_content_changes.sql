-- Page content rows are edited in the database, not through the application, and the application
-- caches them (app/server/content/page-content.server.ts). Every change tells each app instance to
-- forget its copies, on the channel its cache invalidation listens on.
CREATE FUNCTION "notify_page_content_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('cache_invalidation', 'page-content:');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "page_content_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "page_content"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_content_change"();
