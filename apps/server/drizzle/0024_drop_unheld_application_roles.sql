-- An application's authorisation role (roles.application_id) belongs to one subject: a user, group or
-- organisation. When the last link to it goes (the subject was deleted, its links cascading), so does
-- the role, with its grants: none is left behind that no one holds and no route shows.
CREATE FUNCTION drop_unheld_application_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM roles r
	WHERE r.application_id IS NOT NULL
		AND r.id IN (SELECT role_id FROM gone)
		AND NOT EXISTS (SELECT 1 FROM user_roles l WHERE l.role_id = r.id)
		AND NOT EXISTS (SELECT 1 FROM group_roles l WHERE l.role_id = r.id)
		AND NOT EXISTS (SELECT 1 FROM org_roles l WHERE l.role_id = r.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_roles_drop_unheld AFTER DELETE ON user_roles REFERENCING OLD TABLE AS gone
	FOR EACH STATEMENT EXECUTE FUNCTION drop_unheld_application_roles();
--> statement-breakpoint
CREATE TRIGGER group_roles_drop_unheld AFTER DELETE ON group_roles REFERENCING OLD TABLE AS gone
	FOR EACH STATEMENT EXECUTE FUNCTION drop_unheld_application_roles();
--> statement-breakpoint
CREATE TRIGGER org_roles_drop_unheld AFTER DELETE ON org_roles REFERENCING OLD TABLE AS gone
	FOR EACH STATEMENT EXECUTE FUNCTION drop_unheld_application_roles();
