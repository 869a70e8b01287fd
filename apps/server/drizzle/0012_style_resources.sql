CREATE TABLE "base_maps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"layers" text,
	"layer" text,
	"matrix_set" text,
	"format" text,
	"attribution" text,
	"min_zoom" integer DEFAULT 0 NOT NULL,
	"max_zoom" integer DEFAULT 18 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "base_maps_zoom_range" CHECK (0 <= "base_maps"."min_zoom" and "base_maps"."min_zoom" <= "base_maps"."max_zoom" and "base_maps"."max_zoom" <= 24),
	CONSTRAINT "base_maps_type" CHECK ("base_maps"."type" in ('XYZ', 'WMS', 'WMTS')),
	CONSTRAINT "base_maps_default_enabled" CHECK ("base_maps"."enabled" or not "base_maps"."is_default")
);
--> statement-breakpoint
CREATE TABLE "colour_schemes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"primary" text NOT NULL,
	"colours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"top" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dictionary_id" uuid NOT NULL,
	"parent_id" uuid,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "icons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classification" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_dictionary_id_dictionaries_id_fk" FOREIGN KEY ("dictionary_id") REFERENCES "public"."dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_parent_id_dict_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dict_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "base_maps_name_unique" ON "base_maps" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "base_maps_default_unique" ON "base_maps" USING btree ("is_default") WHERE "base_maps"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "colour_schemes_name_unique" ON "colour_schemes" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "colour_schemes_top_unique" ON "colour_schemes" USING btree ("top") WHERE "colour_schemes"."top";--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_code_unique" ON "dict_items" USING btree ("dictionary_id","code");--> statement-breakpoint
CREATE INDEX "dict_items_parent_idx" ON "dict_items" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionaries_code_unique" ON "dictionaries" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "icons_name_unique" ON "icons" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "icons_storage_key_unique" ON "icons" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "icons_classification_idx" ON "icons" USING btree ("classification","name");