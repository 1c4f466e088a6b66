-- Issue 36 (docs/decisions/055, docs/features.md "Refunds"): a refund of units also records the
-- promotions' discount those units had (their cumulative share of the line's discount_cents, as
-- for tax, src/server/modules/aftersale/refund-split.ts). It is not part of the amount: net_cents
-- is already the goods after the discount, as charged. 0 for refunds of an amount and older ones.
ALTER TABLE "refund" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_discount_not_negative" CHECK ("discount_cents" >= 0);
