-- Every process keeps the consultant list and free slots in memory; a change to either table, made
-- by any process or by hand, tells them all to forget what they keep (app/infra/database-notifications.server.ts).
-- Statement-level, so a bulk change sends one notice; PostgreSQL delivers it when the change commits.
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER consultants_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON consultants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER appointments_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
