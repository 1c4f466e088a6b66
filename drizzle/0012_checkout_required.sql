ALTER TABLE "payment_intent" DROP CONSTRAINT "payment_intent_purchase_id_purchase_id_fk";
--> statement-breakpoint
DROP INDEX "payment_intent_purchase_idx";--> statement-breakpoint
DROP INDEX "purchase_transaction_idx";--> statement-breakpoint
DROP INDEX "purchase_receipt_number_idx";--> statement-breakpoint
ALTER TABLE "payment_intent" ALTER COLUMN "checkout_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ALTER COLUMN "checkout_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intent" DROP COLUMN "purchase_id";--> statement-breakpoint
ALTER TABLE "purchase" DROP COLUMN "receipt_number";