CREATE TABLE "setting_versions" (
	"system_id" text NOT NULL,
	"section" text NOT NULL,
	"version" integer NOT NULL,
	"value" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_from" integer,
	CONSTRAINT "setting_versions_system_id_section_version_pk" PRIMARY KEY("system_id","section","version")
);
--> statement-breakpoint
ALTER TABLE "setting_versions" ADD CONSTRAINT "setting_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;