CREATE TABLE "admin_test_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suite" text NOT NULL,
	"total" integer NOT NULL,
	"passed" integer NOT NULL,
	"failed" integer NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"success_rate" real NOT NULL,
	"duration_ms" integer NOT NULL,
	"results" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_collaborators" (
	"analysis_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"added_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_collaborators_analysis_id_user_id_pk" PRIMARY KEY("analysis_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "analysis_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"analysis_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_metadata" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"backup_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tables_included" jsonb NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"storage_key" text,
	"backup_size" bigint,
	"original_size" bigint,
	"compression_ratio" real,
	"manifest" jsonb,
	"error_message" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deploy_checklist" (
	"item" text PRIMARY KEY NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"environment" text NOT NULL,
	"version" text NOT NULL,
	"commit" text,
	"status" text NOT NULL,
	"checks" jsonb NOT NULL,
	"error" text,
	"triggered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "property_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"area_m2" real NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_test_reports" ADD CONSTRAINT "admin_test_reports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_collaborators" ADD CONSTRAINT "analysis_collaborators_analysis_id_property_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."property_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_collaborators" ADD CONSTRAINT "analysis_collaborators_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_collaborators" ADD CONSTRAINT "analysis_collaborators_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_comments" ADD CONSTRAINT "analysis_comments_analysis_id_property_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."property_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_comments" ADD CONSTRAINT "analysis_comments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_metadata" ADD CONSTRAINT "backup_metadata_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deploy_checklist" ADD CONSTRAINT "deploy_checklist_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_triggered_by_user_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_rooms" ADD CONSTRAINT "property_rooms_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_test_reports_created_idx" ON "admin_test_reports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "analysis_collaborators_user_idx" ON "analysis_collaborators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analysis_comments_analysis_created_idx" ON "analysis_comments" USING btree ("analysis_id","created_at");--> statement-breakpoint
CREATE INDEX "backup_metadata_created_idx" ON "backup_metadata" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deployments_env_created_idx" ON "deployments" USING btree ("environment","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "property_rooms_property_idx" ON "property_rooms" USING btree ("property_id","position");