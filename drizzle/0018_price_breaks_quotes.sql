CREATE TABLE "quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"target_price_cents" integer,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"quoted_price_cents" integer,
	"expires_at" timestamp with time zone,
	"reply" text DEFAULT '' NOT NULL,
	"checkout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_status_known" CHECK ("quote"."status" in ('requested', 'quoted', 'accepted', 'declined', 'expired', 'withdrawn')),
	CONSTRAINT "quote_quantity_positive" CHECK ("quote"."quantity" > 0),
	CONSTRAINT "quote_target_positive" CHECK ("quote"."target_price_cents" IS NULL OR "quote"."target_price_cents" > 0),
	CONSTRAINT "quote_quoted_when_answered" CHECK ("quote"."status" IN ('requested', 'withdrawn', 'declined') OR ("quote"."quoted_price_cents" > 0 AND "quote"."expires_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "quote_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_event" ADD CONSTRAINT "quote_event_quote_id_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_number_idx" ON "quote" USING btree ("number");--> statement-breakpoint
CREATE INDEX "quote_user_idx" ON "quote" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_status_idx" ON "quote" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "quote_event_quote_idx" ON "quote_event" USING btree ("quote_id","at");