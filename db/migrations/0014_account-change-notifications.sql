-- The embedded server keeps live sessions in memory (app/features/accounts/kept-sessions.server.ts).
-- A change to a session (revoked, deleted) or to its user (disabled, role, anything) names the user
-- ("user:<id>"), so the process forgets that user's sessions the moment it commits; a truncation
-- names its table, and everything is forgotten. New sessions say nothing: nothing is kept about a
-- token the database did not know.
CREATE OR REPLACE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    IF TG_TABLE_NAME = 'users' THEN
      PERFORM pg_notify('account_changes', 'user:' || OLD.id);
    ELSE
      PERFORM pg_notify('account_changes', 'user:' || OLD.user_id);
      IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
        PERFORM pg_notify('account_changes', 'user:' || NEW.user_id);
      END IF;
    END IF;
  ELSE
    PERFORM pg_notify('account_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_account_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_account_change();
--> statement-breakpoint
CREATE TRIGGER users_account_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
--> statement-breakpoint
CREATE TRIGGER sessions_account_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_account_change();
--> statement-breakpoint
CREATE TRIGGER sessions_account_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
