CREATE TABLE "account_creations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ip_address" text NOT NULL,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_creations_network_created_idx" ON "account_creations" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "account_creations_created_idx" ON "account_creations" USING btree ("created_at");