CREATE TABLE "bot_sessions" (
	"bot_id" text NOT NULL,
	"bot_alias_id" text NOT NULL,
	"locale_id" text NOT NULL,
	"session_id" text NOT NULL,
	"session_state" jsonb NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interpretations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"turns" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bot_sessions_bot_id_bot_alias_id_locale_id_session_id_pk" PRIMARY KEY("bot_id","bot_alias_id","locale_id","session_id")
);
--> statement-breakpoint
CREATE INDEX "bot_sessions_expires_idx" ON "bot_sessions" USING btree ("expires_at");