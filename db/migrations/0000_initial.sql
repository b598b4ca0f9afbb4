CREATE TABLE "app_metadata" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_types" (
	"type" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"image" text NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"roi_basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_roi_range" CHECK ("projects"."roi_basis_points" between -10000 and 100000)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_type_project_types_type_fk" FOREIGN KEY ("type") REFERENCES "public"."project_types"("type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_type_idx" ON "projects" USING btree ("type");