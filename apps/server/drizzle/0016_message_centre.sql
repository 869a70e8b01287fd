CREATE TABLE "message_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'disabled' NOT NULL,
	"description" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_sealed" text,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_channels_max_attempts" CHECK ("message_channels"."max_attempts" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "message_classifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_contents" (
	"message_id" uuid NOT NULL,
	"channel_id" text NOT NULL,
	"template_id" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"format" text NOT NULL,
	CONSTRAINT "message_contents_message_id_channel_id_pk" PRIMARY KEY("message_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "message_preferences" (
	"user_id" uuid NOT NULL,
	"classification_id" uuid NOT NULL,
	"channel_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_preferences_user_id_classification_id_channel_type_pk" PRIMARY KEY("user_id","classification_id","channel_type")
);
--> statement-breakpoint
CREATE TABLE "message_receivers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"channel_id" text NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"address" text,
	"state" text NOT NULL,
	"skip_reason" text,
	"job_id" uuid
);
--> statement-breakpoint
CREATE TABLE "message_targets" (
	"message_id" uuid NOT NULL,
	"object_type" text NOT NULL,
	"object_id" uuid NOT NULL,
	"name" text NOT NULL,
	"reached" integer NOT NULL,
	CONSTRAINT "message_targets_message_id_object_type_object_id_pk" PRIMARY KEY("message_id","object_type","object_id")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"channel_id" text NOT NULL,
	"classification_id" uuid,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"format" text DEFAULT 'text' NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"receivers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"source" text DEFAULT 'system' NOT NULL,
	"classification_id" uuid,
	"sender_id" uuid,
	"idempotency_scope" text NOT NULL,
	"idempotency_key" text,
	"named" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notice" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"inside_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_sign_in_codes" (
	"phone" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"code_hash" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "max_failures" integer;--> statement-breakpoint
ALTER TABLE "message_contents" ADD CONSTRAINT "message_contents_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_contents" ADD CONSTRAINT "message_contents_channel_id_message_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."message_channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_contents" ADD CONSTRAINT "message_contents_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_preferences" ADD CONSTRAINT "message_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_preferences" ADD CONSTRAINT "message_preferences_classification_id_message_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."message_classifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receivers" ADD CONSTRAINT "message_receivers_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receivers" ADD CONSTRAINT "message_receivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_targets" ADD CONSTRAINT "message_targets_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_channel_id_message_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."message_channels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_classification_id_message_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."message_classifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_classification_id_message_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."message_classifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_inside_message_id_inside_messages_id_fk" FOREIGN KEY ("inside_message_id") REFERENCES "public"."inside_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_sign_in_codes" ADD CONSTRAINT "sms_sign_in_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_channels_name_unique" ON "message_channels" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "message_classifications_code_unique" ON "message_classifications" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "message_classifications_name_unique" ON "message_classifications" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "message_receivers_unique" ON "message_receivers" USING btree ("message_id","channel_id","user_id");--> statement-breakpoint
CREATE INDEX "message_receivers_user_idx" ON "message_receivers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "message_receivers_job_idx" ON "message_receivers" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_name_unique" ON "message_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "message_templates_channel_idx" ON "message_templates" USING btree ("channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_idempotency_unique" ON "messages" USING btree ("idempotency_scope","idempotency_key");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The inbox is a channel too: built in, always started, no settings.
INSERT INTO "message_channels" ("id", "name", "type", "state") VALUES ('inApp', 'In-app', 'inApp', 'started') ON CONFLICT DO NOTHING;
