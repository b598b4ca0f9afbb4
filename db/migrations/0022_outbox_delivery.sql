DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
-- Messages already waiting get the priority enqueueEmails now gives their kind (outbox.server.ts).
UPDATE "outbox" SET "priority" = 0 WHERE "status" = 'pending' AND "kind" IN ('password-reset', 'invitation');--> statement-breakpoint
UPDATE "outbox" SET "priority" = 1 WHERE "status" = 'pending' AND "kind" IN ('appointment-reminder-hour', 'appointment-reminder-day', 'waitlist-offer');--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","priority","created_at");
