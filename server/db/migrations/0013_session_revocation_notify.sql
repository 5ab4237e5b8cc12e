-- Every process caching sessions (server/sessions/cache.ts) hears, after the commit, that an account
-- or a session may have been revoked: on PostgreSQL through LISTEN on another connection (so an
-- admin's change on one instance, or `npm run users`, reaches every instance), on PGlite in-process.
-- Statement-level for users (any change: roles, password, name, deletion) and session deletion; a
-- session row updated only to slide its expiry forward notifies nothing (reads extend sessions).
CREATE FUNCTION "tf_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tf_auth', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "tf_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "tf_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_deleted" AFTER DELETE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "tf_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "tf_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_shortened" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (NEW."expires_at" < OLD."expires_at" OR NEW."absolute_expires_at" < OLD."absolute_expires_at"
    OR NEW."user_id" <> OLD."user_id" OR NEW."token_hash" <> OLD."token_hash")
  EXECUTE FUNCTION "tf_auth_changed"();
