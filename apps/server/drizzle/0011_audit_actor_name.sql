-- The audit log keeps the actor's username as it was when they acted (it outlives a renamed or
-- deleted user). The platform's audit writer knows no module's tables, so the permission module,
-- which owns users, fills the name in as each entry is written.
CREATE FUNCTION audit_actor_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.actor_id IS NOT NULL AND NEW.actor_name IS NULL THEN
		NEW.actor_name := (SELECT username FROM users WHERE id = NEW.actor_id);
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_actor_name BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_actor_name();
