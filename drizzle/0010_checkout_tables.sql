CREATE TABLE "account_orders" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unpaid_checkouts" integer DEFAULT 0 NOT NULL,
	"rate_hits" integer DEFAULT 0 NOT NULL,
	"rate_window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_orders_unpaid_not_negative" CHECK ("account_orders"."unpaid_checkouts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "checkout" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "checkout_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"po_reference" text,
	"unpaid_orders" integer NOT NULL,
	"transaction_id" text,
	"receipt_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_unpaid_orders_not_negative" CHECK ("checkout"."unpaid_orders" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_intent" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "account_orders" ADD CONSTRAINT "account_orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_number_idx" ON "checkout" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_transaction_idx" ON "checkout" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_receipt_number_idx" ON "checkout" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "checkout_user_idx" ON "checkout" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "payment_intent" ADD CONSTRAINT "payment_intent_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intent_open_idx" ON "payment_intent" USING btree ("checkout_id") WHERE "payment_intent"."status" = 'requires_payment_method';--> statement-breakpoint
CREATE INDEX "payment_intent_checkout_idx" ON "payment_intent" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "purchase_checkout_idx" ON "purchase" USING btree ("checkout_id");