-- Issue 39, part 1: a recall's "withdrawn from sale" lasts until an admin lifts it. The product row
-- carries it (a checkout reads and locks that row anyway), the recall says when it was lifted and by
-- whom. A product withdrawn by a recall before this migration stays withdrawn.
ALTER TABLE "product" ADD COLUMN "withdrawn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recall" ADD COLUMN "lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recall" ADD COLUMN "lifted_by" text;--> statement-breakpoint
UPDATE "product" SET "withdrawn" = true
  WHERE "id" IN (SELECT "product_id" FROM "recall" WHERE "withdrawn");--> statement-breakpoint
-- Issue 39, part 2: a basket keeps a line whose product was deleted, so the checkout can refuse it
-- by name (409) instead of placing the rest. No foreign key: the line keeps the id of a product
-- that no longer exists, and the deletion stamps the product's name on it.
ALTER TABLE "basket_line" DROP CONSTRAINT "basket_line_product_id_product_id_fk";--> statement-breakpoint
ALTER TABLE "basket_line" ADD COLUMN "gone_product_name" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION basket_line_product_gone() RETURNS trigger AS $$
BEGIN
  UPDATE "basket_line" SET "gone_product_name" = OLD."name" WHERE "product_id" = OLD."id";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER product_gone_from_baskets AFTER DELETE ON "product"
  FOR EACH ROW EXECUTE FUNCTION basket_line_product_gone();
