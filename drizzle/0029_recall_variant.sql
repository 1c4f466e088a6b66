-- Issue 34 (docs/decisions/047): a recall may name one variant by its SKU. Then only that variant
-- is withdrawn (when the recall withdraws) and only its buyers are told (their orders' variant or
-- SKU as sold, or a kit whose stock_taken held it); lifting it puts back only that variant, unless
-- another open recall still holds it. Without a SKU the recall is the whole product's, as before.
-- The SKU is kept as recalled when the variant is deleted later (variant_id then NULL).
ALTER TABLE "recall" ADD COLUMN "variant_id" uuid REFERENCES "variant"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "recall" ADD COLUMN "sku" text;--> statement-breakpoint
CREATE INDEX "recall_variant_idx" ON "recall" ("variant_id");
