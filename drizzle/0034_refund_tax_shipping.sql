-- Issue 35 (docs/decisions/054): what a refund returned, split as the order was charged: the goods'
-- net and their tax, and (only when staff chose) the line's shipping share and its tax. `quantity`
-- is the units it paid back (0 for a refund of an amount). Refunds from before were all net.
ALTER TABLE "refund" ADD COLUMN "quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "net_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "with_shipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "refund" SET "net_cents" = "amount_cents";--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_parts_sum"
  CHECK ("quantity" >= 0 AND "net_cents" >= 0 AND "tax_cents" >= 0 AND "shipping_cents" >= 0
    AND "shipping_tax_cents" >= 0
    AND "amount_cents" = "net_cents" + "tax_cents" + "shipping_cents" + "shipping_tax_cents");--> statement-breakpoint
-- What a paid order can be refunded is what it cost the buyer (its amount with tax and shipping).
UPDATE "order_aftersale" a SET "paid_cents" = p."amount_cents"
  FROM "purchase" p WHERE p."id" = a."purchase_id" AND p."amount_cents" > a."paid_cents";
