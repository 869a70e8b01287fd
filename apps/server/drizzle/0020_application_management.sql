CREATE TABLE "application_api_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_id" uuid NOT NULL,
	"caller_application_id" uuid NOT NULL,
	"expires_at" timestamp with time zone,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_apis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"summary" text,
	"description" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"responses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_sync_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"requested_by" uuid,
	"tree" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"report" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "page_model_versions" (
	"page_model_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_model_versions_page_model_id_version_pk" PRIMARY KEY("page_model_id","version")
);
--> statement-breakpoint
CREATE TABLE "page_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "grant_types" jsonb DEFAULT '["authorization_code","refresh_token"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "application_api_authorizations" ADD CONSTRAINT "application_api_authorizations_api_id_application_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."application_apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_api_authorizations" ADD CONSTRAINT "application_api_authorizations_caller_application_id_applications_id_fk" FOREIGN KEY ("caller_application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_api_authorizations" ADD CONSTRAINT "application_api_authorizations_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_apis" ADD CONSTRAINT "application_apis_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_sync_tasks" ADD CONSTRAINT "application_sync_tasks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_sync_tasks" ADD CONSTRAINT "application_sync_tasks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_model_versions" ADD CONSTRAINT "page_model_versions_page_model_id_page_models_id_fk" FOREIGN KEY ("page_model_id") REFERENCES "public"."page_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_model_versions" ADD CONSTRAINT "page_model_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_models" ADD CONSTRAINT "page_models_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_api_authorizations_caller_unique" ON "application_api_authorizations" USING btree ("api_id","caller_application_id");--> statement-breakpoint
CREATE INDEX "application_api_authorizations_caller_idx" ON "application_api_authorizations" USING btree ("caller_application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_apis_path_unique" ON "application_apis" USING btree ("application_id","method","path");--> statement-breakpoint
CREATE INDEX "application_sync_tasks_application_idx" ON "application_sync_tasks" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_models_application_name_unique" ON "page_models" USING btree ("application_id","name");--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_application_kind_idx" ON "oauth_clients" USING btree ("application_id","kind");