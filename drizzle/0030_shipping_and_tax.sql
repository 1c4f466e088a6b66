-- Issue 35 (docs/decisions/050): delivery addresses, shipping rates and tax. Catalogue prices stay
-- net (without tax); the pricing step (POST /api/checkout/quote) adds shipping and tax per line and
-- keeps what it showed in checkout_quote; the order statement places exactly that or refuses.

-- What a variant is taxed as: standard, reduced (EU reduced VAT) or exempt.
ALTER TABLE "variant" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "variant" ADD CONSTRAINT "variant_tax_class_known"
  CHECK ("tax_class" in ('standard', 'reduced', 'exempt'));--> statement-breakpoint

-- Where the shop delivers: a zone is countries, optionally narrowed to regions ("US-AK").
CREATE TABLE "shipping_zone" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "countries" text[] NOT NULL,
  "regions" text[] DEFAULT '{}'::text[] NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shipping_zone_has_country" CHECK (cardinality("countries") >= 1)
);--> statement-breakpoint

-- How: a method of a zone with its rates. `rates` is a list of bands
-- {minWeightGrams?, maxWeightGrams?, minValueCents?, maxValueCents?, priceCents}: the first band
-- the checkout's weight and value fall in gives the price; no band, and the method does not apply.
CREATE TABLE "shipping_method" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "zone_id" uuid NOT NULL REFERENCES "shipping_zone"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "delivery_text" text DEFAULT '' NOT NULL,
  "rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "free_over_cents" integer,
  "collect" boolean DEFAULT false NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "shipping_method_zone_idx" ON "shipping_method" ("zone_id", "position");--> statement-breakpoint

-- The built-in tax table: a country's row (region '') and, where tax is by state or province, a
-- row per region. Rates in parts per million of the net amount (8.875% = 88750).
CREATE TABLE "tax_region" (
  "country" text NOT NULL,
  "region" text DEFAULT '' NOT NULL,
  "name" text NOT NULL,
  "standard_ppm" integer NOT NULL,
  "reduced_ppm" integer DEFAULT 0 NOT NULL,
  "collect" boolean DEFAULT false NOT NULL,
  "tax_shipping" boolean DEFAULT true NOT NULL,
  "prices_include_tax" boolean DEFAULT false NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "tax_region_pk" PRIMARY KEY ("country", "region"),
  CONSTRAINT "tax_region_rates" CHECK ("standard_ppm" BETWEEN 0 AND 1000000
    AND "reduced_ppm" BETWEEN 0 AND 1000000)
);--> statement-breakpoint

-- The shop's pricing settings, one row; `version` grows with every change of a zone, method, tax
-- row or these settings (triggers below), and a quote is placed only under the version it saw.
-- An order with a one-line address (the spec's form) is priced in `origin_country`, no region.
CREATE TABLE "pricing_settings" (
  "id" boolean PRIMARY KEY DEFAULT true NOT NULL,
  "version" bigint DEFAULT 1 NOT NULL,
  "origin_country" text DEFAULT 'US' NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "pricing_settings_one_row" CHECK ("id")
);--> statement-breakpoint
INSERT INTO "pricing_settings" ("id") VALUES (true);--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_pricing_version() RETURNS trigger AS $$
BEGIN
  UPDATE "pricing_settings" SET "version" = "version" + 1, "updated_at" = now();
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_own_pricing_version() RETURNS trigger AS $$
BEGIN
  NEW.version := OLD.version + 1;
  NEW.updated_at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER pricing_settings_version BEFORE UPDATE OF "origin_country"
  ON "pricing_settings" FOR EACH ROW EXECUTE FUNCTION bump_own_pricing_version();--> statement-breakpoint
CREATE TRIGGER shipping_zone_pricing_version AFTER INSERT OR UPDATE OR DELETE ON "shipping_zone"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();--> statement-breakpoint
CREATE TRIGGER shipping_method_pricing_version AFTER INSERT OR UPDATE OR DELETE ON "shipping_method"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();--> statement-breakpoint
CREATE TRIGGER tax_region_pricing_version AFTER INSERT OR UPDATE OR DELETE ON "tax_region"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();--> statement-breakpoint

-- What the pricing step showed a buyer, kept until it is placed or expires. Unlogged: a quote lost
-- in a crash is asked again (the buyer sees "Prices changed"), and it costs no WAL.
CREATE UNLOGGED TABLE "checkout_quote" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL,
  "pricing" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "checkout_quote_expires_idx" ON "checkout_quote" ("expires_at");--> statement-breakpoint

-- A checkout's delivery, shipping and tax as placed (null/0 for checkouts from before).
ALTER TABLE "checkout" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "shipping_method_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "shipping_method_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "shipping_delivery_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "total_cents" integer;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "tax_note" text;--> statement-breakpoint

-- An order line's tax and its share of the checkout's shipping (and that shipping's tax), to the
-- cent; `amount_cents` is what the line costs the buyer, and what a payment sums.
ALTER TABLE "purchase" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "tax_rate_ppm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "amount_cents" integer GENERATED ALWAYS AS
  ("total_cents" + "tax_cents" + "shipping_cents" + "shipping_tax_cents") STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_tax_not_negative"
  CHECK ("tax_cents" >= 0 AND "shipping_cents" >= 0 AND "shipping_tax_cents" >= 0);--> statement-breakpoint

-- A saved address's structured form (issue 35); null for addresses saved as one line before.
ALTER TABLE "saved_address" ADD COLUMN "postal" jsonb;
