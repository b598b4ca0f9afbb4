-- Every process keeps the consultant list and free slots in memory; a change to either table, made
-- by any process or by hand, tells them all to forget what they keep (server/api/catalogue-answers.ts).
-- Row-level, so a statement that changes nothing (a worker's periodic UPDATE finding no rows) says
-- nothing; PostgreSQL folds a transaction's identical notices into one and delivers it on commit.
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER consultants_catalogue_change AFTER INSERT OR UPDATE OR DELETE ON consultants
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER consultants_catalogue_truncate AFTER TRUNCATE ON consultants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER appointments_catalogue_change AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER appointments_catalogue_truncate AFTER TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
