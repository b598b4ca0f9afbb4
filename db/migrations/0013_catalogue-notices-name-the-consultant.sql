-- A change to an appointment names its consultant ("appointments:<consultant id>"), so each process
-- forgets the consultant list and that consultant's free slots only, not every consultant's
-- (server/api/catalogue-answers.ts). A change of consultant sends both ids. Changes to consultants
-- and truncations still name only their table, and everything is forgotten.
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'appointments' AND TG_LEVEL = 'ROW' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('catalogue_changes', 'appointments:' || OLD.consultant_id);
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.consultant_id IS DISTINCT FROM OLD.consultant_id) THEN
      PERFORM pg_notify('catalogue_changes', 'appointments:' || NEW.consultant_id);
    END IF;
  ELSE
    PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
