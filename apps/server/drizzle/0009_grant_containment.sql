-- Containment of grants (ARCHITECTURE.md "Identity and permission"): every change to a user's account
-- or to anything that decides what a user may do is journalled here by triggers, inside the
-- transaction that makes it. The transaction's actor (set_config('portal.actor', …, true)) must have
-- the change checked before it commits (services/permission/access/containment/); a transaction
-- that changes these tables without declaring its actor, or without the check, cannot commit.
-- Rows live only inside their transaction: the check deletes them, so other sessions never see any.
CREATE TABLE "change_journal" (
	"tbl" text NOT NULL,
	"pk" text NOT NULL,
	-- The row as it was before the transaction first changed it; null when the transaction created it.
	"old" jsonb,
	-- '<kind>:<id>' of the old and new row: user, group, org, position, role or menu.
	"keys" text[] NOT NULL,
	PRIMARY KEY ("tbl", "pk")
);
--> statement-breakpoint
CREATE FUNCTION journal_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	-- TG_ARGV[0]: the primary key's columns, comma-separated; TG_ARGV[1]: 'kind:column' pairs, comma-separated.
	pk_cols text[] := string_to_array(TG_ARGV[0], ',');
	old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
	new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
	row_keys text[] := '{}';
	spec text;
	old_pk text;
	new_pk text;
BEGIN
	IF current_setting('portal.actor', true) = 'system' THEN
		RETURN NULL;
	END IF;
	FOREACH spec IN ARRAY string_to_array(TG_ARGV[1], ',') LOOP
		IF old_row ->> split_part(spec, ':', 2) IS NOT NULL THEN
			row_keys := row_keys || (split_part(spec, ':', 1) || ':' || (old_row ->> split_part(spec, ':', 2)));
		END IF;
		IF new_row ->> split_part(spec, ':', 2) IS NOT NULL THEN
			row_keys := row_keys || (split_part(spec, ':', 1) || ':' || (new_row ->> split_part(spec, ':', 2)));
		END IF;
	END LOOP;
	IF old_row IS NOT NULL THEN
		old_pk := (SELECT string_agg(old_row ->> c, '|' ORDER BY o) FROM unnest(pk_cols) WITH ORDINALITY AS k(c, o));
		INSERT INTO change_journal VALUES (TG_TABLE_NAME, old_pk, old_row, row_keys)
			ON CONFLICT ("tbl", "pk") DO UPDATE SET "keys" = change_journal."keys" || excluded."keys";
	END IF;
	IF new_row IS NOT NULL THEN
		new_pk := (SELECT string_agg(new_row ->> c, '|' ORDER BY o) FROM unnest(pk_cols) WITH ORDINALITY AS k(c, o));
		IF old_pk IS DISTINCT FROM new_pk THEN
			INSERT INTO change_journal VALUES (TG_TABLE_NAME, new_pk, NULL, row_keys)
				ON CONFLICT ("tbl", "pk") DO UPDATE SET "keys" = change_journal."keys" || excluded."keys";
		END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION refuse_unchecked_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM change_journal) THEN
		RAISE EXCEPTION 'A change of users or grants was not checked for containment: run it through the permission module''s change transaction (or as the system)'
			USING ERRCODE = 'PT001';
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- One journalling trigger and one deferred commit check per table; `events` and `condition` leave out
-- changes that cannot alter what anyone may do (a sign-in updating its TOTP step, a menu's title).
CREATE FUNCTION journal_table(tbl text, pk_cols text, key_specs text, events text, condition text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I FOR EACH ROW %s EXECUTE FUNCTION journal_change(%L, %L)',
		tbl || '_' || lower(replace(events, ' OR ', '_')) || '_journal', events, tbl, condition, pk_cols, key_specs);
	EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER %s ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW %s EXECUTE FUNCTION refuse_unchecked_change()',
		tbl || '_' || lower(replace(events, ' OR ', '_')) || '_checked', events, tbl, condition);
END $$;
--> statement-breakpoint
SELECT journal_table('users', 'id', 'user:id', 'INSERT OR DELETE', '');--> statement-breakpoint
SELECT journal_table('users', 'id', 'user:id', 'UPDATE', 'WHEN (OLD.* IS DISTINCT FROM NEW.*)');--> statement-breakpoint
SELECT journal_table('user_roles', 'user_id,role_id', 'user:user_id', 'INSERT OR UPDATE OR DELETE', '');--> statement-breakpoint
SELECT journal_table('group_users', 'group_id,user_id', 'user:user_id', 'INSERT OR UPDATE OR DELETE', '');--> statement-breakpoint
SELECT journal_table('user_positions', 'user_id,position_id', 'user:user_id', 'INSERT OR UPDATE OR DELETE', '');--> statement-breakpoint
SELECT journal_table('user_secondary_orgs', 'user_id,org_id', 'user:user_id', 'INSERT OR UPDATE OR DELETE', '');--> statement-breakpoint
SELECT journal_table('group_roles', 'group_id,role_id', 'group:group_id', 'INSERT OR UPDATE OR DELETE', '');--> statement-breakpoint
SELECT journal_table('groups', 'id', 'group:id', 'DELETE', '');--> statement-breakpoint
SELECT journal_table('groups', 'id', 'group:id', 'UPDATE', 'WHEN (OLD.actived IS DISTINCT FROM NEW.actived)');--> statement-breakpoint
SELECT journal_table('org_roles', 'org_id,role_id', 'org:org_id', 'INSERT OR UPDATE OR DELETE', '');--> statement-breakpoint
SELECT journal_table('organizations', 'id', 'org:id', 'DELETE', '');--> statement-breakpoint
SELECT journal_table('organizations', 'id', 'org:id', 'UPDATE', 'WHEN (OLD.path IS DISTINCT FROM NEW.path)');--> statement-breakpoint
SELECT journal_table('position_roles', 'position_id,role_id', 'position:position_id', 'INSERT OR UPDATE OR DELETE', '');--> statement-breakpoint
SELECT journal_table('roles', 'id', 'role:id', 'INSERT OR DELETE', '');--> statement-breakpoint
SELECT journal_table('roles', 'id', 'role:id', 'UPDATE', 'WHEN (OLD.all_resources IS DISTINCT FROM NEW.all_resources)');--> statement-breakpoint
SELECT journal_table('role_menus', 'role_id,menu_id', 'role:role_id', 'INSERT OR UPDATE OR DELETE', '');--> statement-breakpoint
SELECT journal_table('menus', 'id', 'menu:id', 'INSERT OR DELETE', '');--> statement-breakpoint
SELECT journal_table('menus', 'id', 'menu:id', 'UPDATE', 'WHEN (OLD.resource IS DISTINCT FROM NEW.resource OR OLD.api IS DISTINCT FROM NEW.api)');--> statement-breakpoint
SELECT journal_table('sign_in_sessions', 'id', 'user:user_id', 'UPDATE', 'WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)');--> statement-breakpoint
SELECT journal_table('totp_authenticators', 'user_id', 'user:user_id', 'DELETE', '');--> statement-breakpoint
DROP FUNCTION journal_table(text, text, text, text, text);
