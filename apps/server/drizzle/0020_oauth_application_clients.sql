ALTER TABLE "oauth_clients" ADD COLUMN "grant_types" jsonb DEFAULT '["authorization_code","refresh_token"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_application_kind_idx" ON "oauth_clients" USING btree ("application_id","kind");