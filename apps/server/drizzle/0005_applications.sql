CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instant" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"category" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pathname" text,
	"app_url" text,
	"open_type" text DEFAULT 'Current' NOT NULL,
	"app_category" text,
	"redirect" text,
	"icon" text,
	"description" text,
	"state" text DEFAULT 'enabled' NOT NULL,
	"owner_id" uuid,
	"menu_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_instant_unique" UNIQUE("instant"),
	CONSTRAINT "applications_menu_id_unique" UNIQUE("menu_id")
);
--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_owner_idx" ON "applications" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "applications_sort_idx" ON "applications" USING btree ("sort","name");--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menus_application_idx" ON "menus" USING btree ("application_id");