DROP INDEX "appointments_starts_idx";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "status" text GENERATED ALWAYS AS (case when "completed_at" is not null then 'completed' when "no_show_at" is not null then 'no_show' when "cancelled_at" is not null then 'cancelled' when "paid_at" is not null then 'paid' else 'booked' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower("name" || ' ' || "email")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_created_idx" ON "appointments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "appointments_status_starts_idx" ON "appointments" USING btree ("status","starts_at","id");--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("starts_at","id");