CREATE TABLE "payment_event" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intent" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"client_secret" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"last_error_code" text,
	"card_brand" text,
	"card_last4" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intent_status_known" CHECK ("payment_intent"."status" in ('requires_payment_method', 'succeeded', 'refunded')),
	CONSTRAINT "payment_intent_amount_positive" CHECK ("payment_intent"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_intent" ADD CONSTRAINT "payment_intent_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intent_purchase_idx" ON "payment_intent" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intent_client_secret_idx" ON "payment_intent" USING btree ("client_secret");