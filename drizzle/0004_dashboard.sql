CREATE TABLE "web_vital" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"device" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "web_vital_time_idx" ON "web_vital" USING btree ("created_at","route","metric");