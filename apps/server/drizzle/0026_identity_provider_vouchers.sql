ALTER TABLE "identity_providers" ADD COLUMN "last_edited_by" uuid;--> statement-breakpoint
ALTER TABLE "third_options" ADD COLUMN "auto_link_by" uuid;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_last_edited_by_users_id_fk" FOREIGN KEY ("last_edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_options" ADD CONSTRAINT "third_options_auto_link_by_users_id_fk" FOREIGN KEY ("auto_link_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;