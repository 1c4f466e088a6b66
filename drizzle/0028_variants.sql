-- Issue 34 (docs/decisions/047): what is sold is a variant. A product groups one or more variants;
-- the SKU, price, price breaks, minimum, stock, weight, dimensions, own pictures and the recall's
-- withdrawal belong to the variant. A kit is a variant made of other variants (variant_part): its
-- stock is what its parts allow, and selling it takes its parts' stock. The spec's product fields
-- are the default variant's (the lowest position): the view product_offer reads them.
ALTER TABLE "product" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "variant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "product"("id") ON DELETE cascade,
	"sku" text NOT NULL,
	"option_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"available_quantity" integer DEFAULT 0 NOT NULL,
	"price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"withdrawn" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variant_sku_format" CHECK ("sku" ~ '^[A-Za-z0-9._-]{1,40}$'),
	CONSTRAINT "variant_price_positive" CHECK ("price_cents" > 0),
	CONSTRAINT "variant_min_quantity_positive" CHECK ("min_quantity" >= 1),
	-- The last guard against overselling: stock can never go below zero, whatever the code does.
	CONSTRAINT "variant_available_not_negative" CHECK ("available_quantity" >= 0),
	CONSTRAINT "variant_weight_not_negative" CHECK ("weight_grams" >= 0),
	CONSTRAINT "variant_dimensions_positive" CHECK (
		coalesce("length_mm", 1) > 0 AND coalesce("width_mm", 1) > 0 AND coalesce("height_mm", 1) > 0),
	CONSTRAINT "variant_images_max" CHECK (cardinality("images") <= 8)
);--> statement-breakpoint
CREATE UNIQUE INDEX "variant_sku_idx" ON "variant" (lower("sku"));--> statement-breakpoint
CREATE INDEX "variant_product_idx" ON "variant" ("product_id", "position", "id");--> statement-breakpoint
-- A kit's parts. A deleted part leaves its row (part_id NULL, part_sku kept): the kit cannot be
-- sold until staff mend it, and the checkout names it.
CREATE TABLE "variant_part" (
	"kit_id" uuid NOT NULL REFERENCES "variant"("id") ON DELETE cascade,
	"part_id" uuid REFERENCES "variant"("id") ON DELETE set null,
	"part_sku" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "variant_part_quantity_positive" CHECK ("quantity" > 0),
	CONSTRAINT "variant_part_not_itself" CHECK ("part_id" IS NULL OR "part_id" <> "kit_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "variant_part_kit_part_idx" ON "variant_part" ("kit_id", lower("part_sku"));--> statement-breakpoint
CREATE INDEX "variant_part_part_idx" ON "variant_part" ("part_id");--> statement-breakpoint
-- Every product becomes its own default variant, with a SKU drawn from its insertion order.
INSERT INTO "variant" ("product_id", "sku", "price_cents", "min_quantity", "available_quantity",
	"price_breaks", "withdrawn", "version", "created_at", "updated_at")
SELECT "id", 'TH-' || lpad("seq"::text, 5, '0'), "price_cents", "min_quantity", "available_quantity",
	"price_breaks", "withdrawn", "version", "created_at", "updated_at"
FROM "product";--> statement-breakpoint
-- Orders record what was sold: the variant (null once deleted), its SKU and its label.
ALTER TABLE "purchase" ADD COLUMN "variant_id" uuid REFERENCES "variant"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "purchase" SET "variant_id" = v."id", "sku" = v."sku"
FROM "variant" v WHERE v."product_id" = "purchase"."product_id";--> statement-breakpoint
CREATE INDEX "purchase_variant_idx" ON "purchase" ("variant_id");--> statement-breakpoint
-- The stock an order took, [{ "variantId", "quantity" }]: its own variant's, or a kit's parts' as
-- the kit was made when sold. Cancelling, expiring and restocking a return give back exactly this.
ALTER TABLE "purchase" ADD COLUMN "stock_taken" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "purchase" SET "stock_taken" = jsonb_build_array(
	jsonb_build_object('variantId', "variant_id", 'quantity', "quantity"))
WHERE "variant_id" IS NOT NULL;--> statement-breakpoint
-- Quotes are for a variant.
ALTER TABLE "quote" ADD COLUMN "variant_id" uuid REFERENCES "variant"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "quote" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "quote" SET "variant_id" = v."id", "sku" = v."sku"
FROM "variant" v WHERE v."product_id" = "quote"."product_id";--> statement-breakpoint
-- Back-in-stock alerts are for a variant.
ALTER TABLE "stock_alert" ADD COLUMN "variant_id" uuid REFERENCES "variant"("id") ON DELETE cascade;--> statement-breakpoint
UPDATE "stock_alert" SET "variant_id" = v."id"
FROM "variant" v WHERE v."product_id" = "stock_alert"."product_id";--> statement-breakpoint
ALTER TABLE "stock_alert" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "stock_alert_product_user_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alert_variant_user_idx" ON "stock_alert" ("variant_id", "user_id");--> statement-breakpoint
CREATE INDEX "stock_alert_product_idx" ON "stock_alert" ("product_id");--> statement-breakpoint
-- A basket line is a variant (no foreign key, as for products: a deleted one's line stays, named).
ALTER TABLE "basket_line" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
UPDATE "basket_line" SET "variant_id" = coalesce(
	(SELECT v."id" FROM "variant" v WHERE v."product_id" = "basket_line"."product_id"),
	"basket_line"."product_id");--> statement-breakpoint
ALTER TABLE "basket_line" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "basket_line" DROP CONSTRAINT "basket_line_user_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "basket_line" ADD CONSTRAINT "basket_line_user_id_variant_id_pk" PRIMARY KEY ("user_id", "variant_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION basket_line_variant_gone() RETURNS trigger AS $$
BEGIN
  UPDATE "basket_line" SET "gone_product_name" = coalesce(
      (SELECT "name" FROM "product" WHERE "id" = OLD."product_id"), OLD."sku")
    || CASE WHEN OLD."label" = '' THEN '' ELSE ' (' || OLD."label" || ')' END
  WHERE "variant_id" = OLD."id" AND "gone_product_name" IS NULL;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER variant_gone_from_baskets AFTER DELETE ON "variant"
  FOR EACH ROW EXECUTE FUNCTION basket_line_variant_gone();--> statement-breakpoint
-- The product's gone trigger (0026) stamps the product's name; a variant's line keeps its label.
CREATE OR REPLACE FUNCTION basket_line_product_gone() RETURNS trigger AS $$
BEGIN
  UPDATE "basket_line" SET "gone_product_name" = OLD."name"
  WHERE "product_id" = OLD."id" AND "gone_product_name" IS NULL;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- The variant's version (ADR 020) is the database's, as the product's is.
CREATE TRIGGER variant_version BEFORE UPDATE ON "variant"
  FOR EACH ROW EXECUTE FUNCTION bump_product_version();--> statement-breakpoint
-- Variants and parts are catalogue data: the caches' data version counts them (ADR 031).
CREATE CONSTRAINT TRIGGER variant_data_version AFTER INSERT OR UPDATE OR DELETE ON "variant"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER variant_part_data_version AFTER INSERT OR UPDATE OR DELETE ON "variant_part"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
CREATE TRIGGER variant_data_version_truncate AFTER TRUNCATE ON "variant"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
-- The sale columns leave the product: the variant owns them now.
ALTER TABLE "product" DROP COLUMN "price_cents";--> statement-breakpoint
ALTER TABLE "product" DROP COLUMN "min_quantity";--> statement-breakpoint
ALTER TABLE "product" DROP COLUMN "available_quantity";--> statement-breakpoint
ALTER TABLE "product" DROP COLUMN "price_breaks";--> statement-breakpoint
ALTER TABLE "product" DROP COLUMN "withdrawn";--> statement-breakpoint
-- change_stock(ids, deltas), third version: the same ONE UPDATE with a snapshot of its own as
-- 0014 and 0027 (read their comments), now of variants: the one writer of available_quantity on
-- existing rows (src/server/modules/stock/stock-change.ts wraps it), returning each changed
-- variant with its stock before and after and its product's name.
DROP FUNCTION change_stock(uuid[], integer[]);--> statement-breakpoint
CREATE FUNCTION change_stock(variant_ids uuid[], deltas integer[])
RETURNS TABLE (id uuid, product_id uuid, sku text, name text, price_cents integer,
  min_quantity integer, withdrawn boolean, available_before integer, available_quantity integer,
  version integer)
LANGUAGE sql VOLATILE AS $$
  UPDATE variant SET available_quantity = variant.available_quantity + change.delta,
    updated_at = now()
  FROM unnest(variant_ids, deltas) AS change(id, delta), product
  WHERE variant.id = change.id AND product.id = variant.product_id
  RETURNING variant.id, variant.product_id, variant.sku,
    product.name || CASE WHEN variant.label = '' THEN '' ELSE ' (' || variant.label || ')' END,
    variant.price_cents, variant.min_quantity, variant.withdrawn,
    variant.available_quantity - change.delta, variant.available_quantity, variant.version
$$;--> statement-breakpoint
-- A variant as it can be sold: a kit's stock is what its parts allow (each part's stock divided by
-- how many the kit takes, the smallest), and it is withdrawn when itself or any part is; a kit of a
-- deleted part has none.
CREATE VIEW "variant_offer" AS
SELECT v."id", v."product_id", v."sku", v."option_values", v."label", v."position",
	v."price_cents", v."min_quantity", v."price_breaks", v."weight_grams", v."length_mm",
	v."width_mm", v."height_mm", v."images", v."version",
	CASE WHEN kit."parts" > 0 THEN kit."available" ELSE v."available_quantity" END AS "available_quantity",
	v."withdrawn" OR coalesce(kit."part_withdrawn", false) AS "withdrawn",
	kit."parts" > 0 AS "is_kit"
FROM "variant" v
CROSS JOIN LATERAL (
	SELECT count(*) AS "parts",
		coalesce(min(coalesce(p."available_quantity" / vp."quantity", 0)), 0)::integer AS "available",
		bool_or(p."id" IS NULL OR p."withdrawn") AS "part_withdrawn"
	FROM "variant_part" vp LEFT JOIN "variant" p ON p."id" = vp."part_id"
	WHERE vp."kit_id" = v."id"
) kit;--> statement-breakpoint
-- A product as the spec shows it: its own columns and its default variant's (the lowest position),
-- with the range of its variants' prices ("from $X") and how many it has. A product without a
-- variant is not shown. Its version is the product row's plus the default variant's, less one (a
-- new product is at 1): both only grow, so it changes whenever either does (an edit of both: 2).
CREATE VIEW "product_offer" AS
SELECT p."id", p."seq", p."name", p."description", p."image_url", p."images", p."category_id",
	p."platform", p."battery_included", p."options", p."created_at", p."updated_at",
	p."search_vector", d."id" AS "default_variant_id", d."sku", d."price_cents", d."min_quantity",
	d."available_quantity", d."price_breaks", d."withdrawn", d."weight_grams",
	p."version" + d."version" - 1 AS "version",
	range."min_price_cents", range."max_price_cents", range."variants"::integer AS "variants"
FROM "product" p
CROSS JOIN LATERAL (
	SELECT * FROM "variant_offer" vo WHERE vo."product_id" = p."id"
	ORDER BY vo."position", vo."id" LIMIT 1
) d
CROSS JOIN LATERAL (
	SELECT min(v."price_cents") AS "min_price_cents", max(v."price_cents") AS "max_price_cents",
		count(*) AS "variants"
	FROM "variant" v WHERE v."product_id" = p."id"
) range;
