-- Each web process caches a signed-in user's session and dashboard reads (db/user-read-cache.ts).
-- Whatever changes what those reads answer, from whichever process, names the user on the
-- "user_changed" channel, and every process drops that user's cached reads (db/listener.ts).
CREATE OR REPLACE FUNCTION "notify_user_changed"() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('user_changed', COALESCE(NEW."id", OLD."id")::text);
  ELSE
    PERFORM pg_notify('user_changed', COALESCE(NEW."user_id", OLD."user_id")::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER DELETE OR UPDATE OF "user_id", "expires_at" ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "comparisons_changed"
  AFTER INSERT OR DELETE OR UPDATE OF "user_id", "status", "overall_score", "same_routine", "activity_type", "created_at"
  ON "comparisons"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
