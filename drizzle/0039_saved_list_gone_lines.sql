-- Issue 37, saved lists: a line whose variant is deleted stays in its list, named as the deletion
-- left it (as a basket's line does, issue 39), so putting the list into the basket skips it and
-- says which it was, and the list shows it as no longer available until a member removes it.
ALTER TABLE "saved_list_item" DROP CONSTRAINT "saved_list_item_variant_id_fkey";--> statement-breakpoint
ALTER TABLE "saved_list_item" ADD COLUMN "gone_name" text;--> statement-breakpoint
ALTER TABLE "saved_list_item" ADD COLUMN "gone_sku" text;--> statement-breakpoint
-- A deleted product: stamped BEFORE its row goes, while its name and variants are still there.
CREATE FUNCTION saved_list_item_product_gone() RETURNS trigger AS $$
BEGIN
  UPDATE "saved_list_item" i SET "gone_name" = OLD."name"
      || CASE WHEN v."label" = '' THEN '' ELSE ' (' || v."label" || ')' END,
    "gone_sku" = v."sku"
  FROM "variant" v
  WHERE v."product_id" = OLD."id" AND i."variant_id" = v."id" AND i."gone_name" IS NULL;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER product_gone_from_saved_lists BEFORE DELETE ON "product"
  FOR EACH ROW EXECUTE FUNCTION saved_list_item_product_gone();--> statement-breakpoint
-- A deleted variant of a product that stays.
CREATE FUNCTION saved_list_item_variant_gone() RETURNS trigger AS $$
BEGIN
  UPDATE "saved_list_item" SET "gone_name" = coalesce(
      (SELECT "name" FROM "product" WHERE "id" = OLD."product_id"), OLD."sku")
    || CASE WHEN OLD."label" = '' THEN '' ELSE ' (' || OLD."label" || ')' END,
    "gone_sku" = OLD."sku"
  WHERE "variant_id" = OLD."id" AND "gone_name" IS NULL;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER variant_gone_from_saved_lists AFTER DELETE ON "variant"
  FOR EACH ROW EXECUTE FUNCTION saved_list_item_variant_gone();
