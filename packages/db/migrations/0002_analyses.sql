CREATE TABLE "analysis_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"analysis_type" text NOT NULL,
	"input" jsonb NOT NULL,
	"input_hash" text NOT NULL,
	"property_id" uuid,
	"analysis_id" uuid,
	"cached" boolean DEFAULT false NOT NULL,
	"error" text,
	"recoveries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "questionnaire" jsonb;--> statement-breakpoint
ALTER TABLE "property_analyses" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "property_analyses" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "property_analyses" ADD COLUMN "completeness" real;--> statement-breakpoint
ALTER TABLE "property_analyses" ADD COLUMN "viability_score" real;--> statement-breakpoint
ALTER TABLE "property_analyses" ADD COLUMN "input_hash" text;--> statement-breakpoint
ALTER TABLE "property_analyses" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "analysis_runs" ADD CONSTRAINT "analysis_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_runs" ADD CONSTRAINT "analysis_runs_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_runs" ADD CONSTRAINT "analysis_runs_analysis_id_property_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."property_analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_runs_user_created_idx" ON "analysis_runs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "analysis_runs_status_idx" ON "analysis_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "property_analyses_user_created_idx" ON "property_analyses" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "property_analyses_user_hash_idx" ON "property_analyses" USING btree ("user_id","input_hash");--> statement-breakpoint
ALTER TABLE "property_analyses" ADD CONSTRAINT "property_analyses_run_id_unique" UNIQUE("run_id");