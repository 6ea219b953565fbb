-- UNLOGGED: counters live a minute and need no crash safety; without WAL a commit waits for no
-- disk flush, so counting every request does not serialise the server on fsync (bench:load).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performance_metrics" ALTER COLUMN "metric_value" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");