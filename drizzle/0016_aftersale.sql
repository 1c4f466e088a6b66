CREATE TABLE "order_aftersale" (
	"purchase_id" uuid PRIMARY KEY NOT NULL,
	"paid_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"refund_reserved_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"returning_quantity" integer DEFAULT 0 NOT NULL,
	"serials" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_aftersale_refund_bounds" CHECK (0 <= "order_aftersale"."refunded_cents" and "order_aftersale"."refunded_cents" <= "order_aftersale"."refund_reserved_cents" and "order_aftersale"."refund_reserved_cents" <= "order_aftersale"."paid_cents"),
	CONSTRAINT "order_aftersale_return_bounds" CHECK (0 <= "order_aftersale"."returning_quantity" and "order_aftersale"."returning_quantity" <= "order_aftersale"."quantity"),
	CONSTRAINT "order_aftersale_serial_bounds" CHECK (0 <= "order_aftersale"."serials" and "order_aftersale"."serials" <= "order_aftersale"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_return" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reject_reason" text,
	"restocked" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_return_quantity_positive" CHECK ("order_return"."quantity" > 0),
	CONSTRAINT "order_return_status_known" CHECK ("order_return"."status" in ('requested', 'approved', 'rejected', 'received', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "recall" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"paid_from" timestamp with time zone NOT NULL,
	"paid_until" timestamp with time zone NOT NULL,
	"serial_from" text,
	"serial_to" text,
	"title" text NOT NULL,
	"hazard" text NOT NULL,
	"remedy" text NOT NULL,
	"withdrawn" boolean NOT NULL,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recall_notice" (
	"recall_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_notice_recall_id_user_id_pk" PRIMARY KEY("recall_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "refund_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchase_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"return_id" uuid,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refund_amount_positive" CHECK ("refund"."amount_cents" > 0),
	CONSTRAINT "refund_status_known" CHECK ("refund"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "warranty_registration" (
	"serial" text PRIMARY KEY NOT NULL,
	"purchase_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_event" DROP CONSTRAINT "order_event_known";--> statement-breakpoint
ALTER TABLE "order_aftersale" ADD CONSTRAINT "order_aftersale_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return" ADD CONSTRAINT "order_return_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return" ADD CONSTRAINT "order_return_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall" ADD CONSTRAINT "recall_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notice" ADD CONSTRAINT "recall_notice_recall_id_recall_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recall"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_notice" ADD CONSTRAINT "recall_notice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_registration" ADD CONSTRAINT "warranty_registration_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_registration" ADD CONSTRAINT "warranty_registration_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_purchase_idx" ON "order_return" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "order_return_status_idx" ON "order_return" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "recall_notice_user_idx" ON "recall_notice" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_number_idx" ON "refund" USING btree ("number");--> statement-breakpoint
CREATE INDEX "refund_purchase_idx" ON "refund" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_return_idx" ON "refund" USING btree ("return_id") WHERE "refund"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "warranty_registration_purchase_idx" ON "warranty_registration" USING btree ("purchase_id");--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_known" CHECK ("order_event"."event" in ('placed', 'paid', 'shipped', 'cancelled', 'expired', 'refunded', 'return_requested', 'return_approved', 'return_rejected', 'return_received', 'warranty_registered'));