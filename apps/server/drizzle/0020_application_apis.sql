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
ALTER TABLE "application_api_authorizations" ADD CONSTRAINT "application_api_authorizations_api_id_application_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."application_apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_api_authorizations" ADD CONSTRAINT "application_api_authorizations_caller_application_id_applications_id_fk" FOREIGN KEY ("caller_application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_api_authorizations" ADD CONSTRAINT "application_api_authorizations_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_apis" ADD CONSTRAINT "application_apis_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_api_authorizations_caller_unique" ON "application_api_authorizations" USING btree ("api_id","caller_application_id");--> statement-breakpoint
CREATE INDEX "application_api_authorizations_caller_idx" ON "application_api_authorizations" USING btree ("caller_application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_apis_path_unique" ON "application_apis" USING btree ("application_id","method","path");