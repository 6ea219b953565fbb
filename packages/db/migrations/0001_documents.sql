CREATE TABLE "document_pages" (
	"document_id" uuid NOT NULL,
	"page_number" integer NOT NULL,
	"text" text NOT NULL,
	"method" text NOT NULL,
	"confidence" real,
	CONSTRAINT "document_pages_document_id_page_number_pk" PRIMARY KEY("document_id","page_number")
);
--> statement-breakpoint
ALTER TABLE "property_documents" ALTER COLUMN "property_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "storage_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "sha256" text NOT NULL;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "quarantine_reason" text;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "pages_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "document_type_label" text;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "type_confidence" real;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "key_fields" jsonb;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "confidence" real;--> statement-breakpoint
ALTER TABLE "property_documents" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_pages" ADD CONSTRAINT "document_pages_document_id_property_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."property_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_documents_user_idx" ON "property_documents" USING btree ("user_id","created_at" DESC NULLS LAST);