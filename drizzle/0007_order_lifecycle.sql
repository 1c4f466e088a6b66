CREATE TABLE "order_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_event_known" CHECK ("order_event"."event" in ('placed', 'paid', 'shipped', 'cancelled', 'expired', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "receipt_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counter_single" CHECK ("receipt_counter"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "payment_intent" DROP CONSTRAINT "payment_intent_status_known";--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "receipt_number" integer;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_event_purchase_idx" ON "order_event" USING btree ("purchase_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_idx" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipt_number_idx" ON "purchase" USING btree ("receipt_number");--> statement-breakpoint
ALTER TABLE "payment_intent" ADD CONSTRAINT "payment_intent_status_known" CHECK ("payment_intent"."status" in ('requires_payment_method', 'succeeded', 'refunded', 'canceled'));--> statement-breakpoint
-- Orders placed before the timeline existed start theirs with when they were placed.
INSERT INTO "order_event" ("purchase_id", "event", "actor", "at") SELECT "id", 'placed', 'customer', "created_at" FROM "purchase";
