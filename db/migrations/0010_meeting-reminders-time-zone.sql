ALTER TABLE "appointments" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminder_day_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminder_hour_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- Appointments booked before meeting links existed get one, as the default MEETING_URL_TEMPLATE builds it.
UPDATE "appointments" SET "meeting_url" = 'https://meet.jit.si/VAHub-' || replace(gen_random_uuid()::text, '-', '') WHERE "meeting_url" IS NULL;