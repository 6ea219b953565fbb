DROP INDEX "property_analyses_user_created_idx";--> statement-breakpoint
CREATE INDEX "analysis_runs_user_status_idx" ON "analysis_runs" USING btree ("user_id","status","cached");--> statement-breakpoint
CREATE INDEX "property_analyses_user_created_id_idx" ON "property_analyses" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);