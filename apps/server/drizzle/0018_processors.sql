CREATE TABLE "oss_conversion_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversion_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"target_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "oss_conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket_id" uuid NOT NULL,
	"processor_name" text NOT NULL,
	"source_prefix" text NOT NULL,
	"target_prefix" text NOT NULL,
	"started_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oss_processors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oss_processors_name_valid" CHECK ("name" ~ '^[a-z0-9][a-z0-9_-]{0,62}$')
);
--> statement-breakpoint
ALTER TABLE "oss_conversion_items" ADD CONSTRAINT "oss_conversion_items_conversion_id_oss_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."oss_conversions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_conversions" ADD CONSTRAINT "oss_conversions_bucket_id_oss_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."oss_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_conversions" ADD CONSTRAINT "oss_conversions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_processors" ADD CONSTRAINT "oss_processors_bucket_id_oss_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."oss_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oss_conversion_items_conversion_idx" ON "oss_conversion_items" USING btree ("conversion_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "oss_processors_bucket_name_unique" ON "oss_processors" USING btree ("bucket_id","name");