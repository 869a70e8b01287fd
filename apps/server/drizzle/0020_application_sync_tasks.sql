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
ALTER TABLE "application_sync_tasks" ADD CONSTRAINT "application_sync_tasks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_sync_tasks" ADD CONSTRAINT "application_sync_tasks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_sync_tasks_application_idx" ON "application_sync_tasks" USING btree ("application_id");