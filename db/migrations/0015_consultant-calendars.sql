CREATE TABLE "calendar_busy_times" (
	"calendar_id" uuid NOT NULL,
	"consultant_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"consultant_id" uuid PRIMARY KEY NOT NULL,
	"token_digest" text NOT NULL,
	"sealed_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_digest_unique" UNIQUE("token_digest")
);
--> statement-breakpoint
CREATE TABLE "calendar_writes" (
	"calendar_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"written_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_writes_calendar_id_appointment_id_pk" PRIMARY KEY("calendar_id","appointment_id")
);
--> statement-breakpoint
CREATE TABLE "consultant_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"shown_url" text NOT NULL,
	"collection_url" text,
	"username" text,
	"sealed_secret" text NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"trusted_until" timestamp with time zone,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"busy_fingerprint" text,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_calendar_id_consultant_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."consultant_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD CONSTRAINT "calendar_writes_calendar_id_consultant_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."consultant_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD CONSTRAINT "calendar_writes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_calendars" ADD CONSTRAINT "consultant_calendars_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_times_consultant_idx" ON "calendar_busy_times" USING btree ("consultant_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_writes_due_idx" ON "calendar_writes" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultant_calendars_consultant_idx" ON "consultant_calendars" USING btree ("consultant_id");--> statement-breakpoint
CREATE INDEX "consultant_calendars_next_sync_idx" ON "consultant_calendars" USING btree ("next_sync_at");