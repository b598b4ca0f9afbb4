ALTER TABLE "calendar_writes" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD COLUMN "claimed_until" timestamp with time zone;