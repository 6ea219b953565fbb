CREATE TABLE "reference_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text,
	"rows_added" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"details" jsonb,
	"error" text,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"city" text,
	"state" text,
	"property_type" text,
	"label" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"as_of" text NOT NULL,
	"source" text NOT NULL,
	"cadence" text NOT NULL,
	"uncertain" boolean DEFAULT false NOT NULL,
	"note" text,
	"extra" jsonb,
	"origin" text NOT NULL,
	"import_id" uuid,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reference_imports" ADD CONSTRAINT "reference_imports_imported_by_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_rows" ADD CONSTRAINT "reference_rows_import_id_reference_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."reference_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_rows" ADD CONSTRAINT "reference_rows_imported_by_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reference_imports_created_idx" ON "reference_imports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reference_rows_series_idx" ON "reference_rows" USING btree ("series","as_of");