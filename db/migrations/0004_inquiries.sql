CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"phone_country" text NOT NULL,
	"business_type" text NOT NULL,
	"other_business" text DEFAULT '' NOT NULL,
	"required_services" text[] NOT NULL,
	"industry" text NOT NULL,
	"other_industry" text DEFAULT '' NOT NULL,
	"timezone" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"preferred_call_time" timestamp,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_services_present" CHECK (cardinality("inquiries"."required_services") > 0)
);
--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("created_at");