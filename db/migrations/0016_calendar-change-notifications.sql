-- A connected calendar whose busy times (or health) changed names its consultant
-- ("calendar:<consultant id>"), so each process forgets that consultant's free slots and the lists
-- (app/kept/catalogue.server.ts), as a booking does. A sync that read the same busy times and
-- stays healthy tells no one.
CREATE OR REPLACE FUNCTION notify_calendar_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('catalogue_changes', 'calendar:' || OLD.consultant_id);
  ELSIF TG_OP = 'INSERT'
    OR NEW.busy_fingerprint IS DISTINCT FROM OLD.busy_fingerprint
    OR (NEW.last_error IS NULL) <> (OLD.last_error IS NULL)
    OR NEW.trusted_until IS DISTINCT FROM OLD.trusted_until AND (OLD.trusted_until IS NULL OR OLD.trusted_until < now())
    OR NEW.last_synced_at IS DISTINCT FROM OLD.last_synced_at AND OLD.last_synced_at IS NULL THEN
    PERFORM pg_notify('catalogue_changes', 'calendar:' || NEW.consultant_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER consultant_calendars_notify_change
AFTER INSERT OR UPDATE OR DELETE ON consultant_calendars
FOR EACH ROW EXECUTE FUNCTION notify_calendar_change();
