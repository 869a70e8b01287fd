CREATE TABLE "oss_access_keys" (
	"access_key_id" text PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text,
	"policy" jsonb NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oss_bucket_permissions" (
	"bucket_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"level" text NOT NULL,
	CONSTRAINT "oss_bucket_permissions_bucket_id_subject_type_subject_id_pk" PRIMARY KEY("bucket_id","subject_type","subject_id")
);
--> statement-breakpoint
CREATE TABLE "oss_buckets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid,
	"policy" text DEFAULT 'private' NOT NULL,
	"quota_bytes" bigint,
	"quota_objects" integer,
	"max_upload_bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oss_buckets_name_valid" CHECK ("oss_buckets"."name" ~ '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$')
);
--> statement-breakpoint
CREATE TABLE "oss_multipart_parts" (
	"upload_id" uuid NOT NULL,
	"part_number" integer NOT NULL,
	"size" bigint NOT NULL,
	"etag" text NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oss_multipart_parts_upload_id_part_number_pk" PRIMARY KEY("upload_id","part_number"),
	CONSTRAINT "oss_multipart_parts_number" CHECK ("oss_multipart_parts"."part_number" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "oss_multipart_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket_id" uuid NOT NULL,
	"key" text NOT NULL,
	"initiator_id" uuid,
	"access_key_id" text,
	"content_type" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oss_objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket_id" uuid NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"etag" text NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oss_request_rollups" (
	"bucket_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"bytes_in" bigint DEFAULT 0 NOT NULL,
	"bytes_out" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "oss_request_rollups_bucket_id_hour_method_pk" PRIMARY KEY("bucket_id","hour","method")
);
--> statement-breakpoint
ALTER TABLE "oss_access_keys" ADD CONSTRAINT "oss_access_keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_bucket_permissions" ADD CONSTRAINT "oss_bucket_permissions_bucket_id_oss_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."oss_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_buckets" ADD CONSTRAINT "oss_buckets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_multipart_parts" ADD CONSTRAINT "oss_multipart_parts_upload_id_oss_multipart_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."oss_multipart_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_multipart_uploads" ADD CONSTRAINT "oss_multipart_uploads_bucket_id_oss_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."oss_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_multipart_uploads" ADD CONSTRAINT "oss_multipart_uploads_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_objects" ADD CONSTRAINT "oss_objects_bucket_id_oss_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."oss_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oss_request_rollups" ADD CONSTRAINT "oss_request_rollups_bucket_id_oss_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."oss_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oss_access_keys_owner_idx" ON "oss_access_keys" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "oss_bucket_permissions_subject_idx" ON "oss_bucket_permissions" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oss_buckets_name_unique" ON "oss_buckets" USING btree ("name");--> statement-breakpoint
CREATE INDEX "oss_buckets_owner_idx" ON "oss_buckets" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "oss_multipart_uploads_bucket_key_idx" ON "oss_multipart_uploads" USING btree ("bucket_id","key" collate "C");--> statement-breakpoint
CREATE UNIQUE INDEX "oss_objects_bucket_key_unique" ON "oss_objects" USING btree ("bucket_id","key" collate "C");--> statement-breakpoint
CREATE UNIQUE INDEX "oss_objects_storage_key_unique" ON "oss_objects" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "oss_request_rollups_hour_idx" ON "oss_request_rollups" USING btree ("hour");