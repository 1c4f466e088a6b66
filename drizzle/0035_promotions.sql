-- Issue 36 (docs/decisions/055): promotions, their codes and their uses.
--
-- A promotion's definition is part of the pricing tables: every change of one bumps
-- pricing_settings.version, so the pricing step reloads them and a quote made before the change is
-- answered "Prices changed". Its uses are its `promotion_use` rows not released; a promotion with a
-- `usage_limit` has its row locked by the order statement that claims a use, as a single-use code's
-- row is (claim_promotion_uses below), so limits hold exactly. Nothing counts on those rows: no
-- checkout writes a promotion's row, and releasing a use writes only its use row.
CREATE TABLE "promotion" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "kind" text NOT NULL,
  "percent_ppm" integer,
  "amount_cents" integer,
  "target_kind" text DEFAULT 'all' NOT NULL,
  "target_ids" text[] DEFAULT '{}' NOT NULL,
  "buy_kind" text,
  "buy_ids" text[] DEFAULT '{}' NOT NULL,
  "buy_quantity" integer,
  "get_quantity" integer,
  "min_subtotal_cents" integer,
  "min_quantity" integer,
  "first_order_only" boolean DEFAULT false NOT NULL,
  "starts_at" timestamp with time zone,
  "ends_at" timestamp with time zone,
  "usage_limit" integer,
  "per_customer_limit" integer,
  "exclusive" boolean DEFAULT false NOT NULL,
  "priority" integer DEFAULT 0 NOT NULL,
  "code_mode" text DEFAULT 'automatic' NOT NULL,
  "status" text DEFAULT 'active' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promotion_kind" CHECK ("kind" IN ('percent_off', 'amount_off', 'free_shipping', 'buy_x_get_y', 'spend_threshold')),
  CONSTRAINT "promotion_target_kind" CHECK ("target_kind" IN ('all', 'categories', 'products', 'variants', 'platforms')),
  CONSTRAINT "promotion_buy_kind" CHECK ("buy_kind" IS NULL OR "buy_kind" IN ('all', 'categories', 'products', 'variants', 'platforms')),
  CONSTRAINT "promotion_code_mode" CHECK ("code_mode" IN ('automatic', 'code')),
  CONSTRAINT "promotion_status" CHECK ("status" IN ('active', 'paused', 'ended')),
  CONSTRAINT "promotion_percent" CHECK ("percent_ppm" IS NULL OR "percent_ppm" BETWEEN 1 AND 1000000),
  CONSTRAINT "promotion_amounts" CHECK (coalesce("amount_cents", 1) > 0 AND coalesce("min_subtotal_cents", 1) > 0
    AND coalesce("buy_quantity", 1) > 0 AND coalesce("get_quantity", 1) > 0 AND coalesce("min_quantity", 1) > 0),
  CONSTRAINT "promotion_limits" CHECK (coalesce("usage_limit", 1) > 0 AND coalesce("per_customer_limit", 1) > 0)
);--> statement-breakpoint
CREATE INDEX "promotion_status_idx" ON "promotion" ("status", "priority");--> statement-breakpoint

-- A batch of generated single-use codes (for its CSV export).
CREATE TABLE "promotion_code_batch" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "promotion_id" uuid NOT NULL REFERENCES "promotion"("id") ON DELETE CASCADE,
  "prefix" text DEFAULT '' NOT NULL,
  "count" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "promotion_code_batch_promotion_idx" ON "promotion_code_batch" ("promotion_id", "created_at");--> statement-breakpoint

-- A code of a promotion: its shared code (max_uses null: the promotion's limits only) or one of a
-- batch's single-use codes (max_uses 1). Unique whatever the case.
CREATE TABLE "promotion_code" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "promotion_id" uuid NOT NULL REFERENCES "promotion"("id") ON DELETE CASCADE,
  "batch_id" uuid REFERENCES "promotion_code_batch"("id") ON DELETE CASCADE,
  "code" text NOT NULL,
  "max_uses" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promotion_code_max_uses" CHECK (coalesce("max_uses", 1) > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_code_code_idx" ON "promotion_code" (upper("code"));--> statement-breakpoint
CREATE INDEX "promotion_code_promotion_idx" ON "promotion_code" ("promotion_id", "batch_id");--> statement-breakpoint

-- A checkout's use of a promotion, with the discount it gave. Released (released_at) when the
-- checkout's orders all end unpaid (cancelled or expired): the use no longer counts.
CREATE TABLE "promotion_use" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "promotion_id" uuid NOT NULL REFERENCES "promotion"("id") ON DELETE CASCADE,
  "code_id" uuid REFERENCES "promotion_code"("id") ON DELETE SET NULL,
  "checkout_id" uuid NOT NULL REFERENCES "checkout"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL,
  "discount_cents" integer NOT NULL,
  "shipping_discount_cents" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "released_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "promotion_use_customer_idx" ON "promotion_use" ("promotion_id", "user_id") WHERE "released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "promotion_use_checkout_idx" ON "promotion_use" ("checkout_id");--> statement-breakpoint
CREATE INDEX "promotion_use_code_idx" ON "promotion_use" ("code_id") WHERE "released_at" IS NULL AND "code_id" IS NOT NULL;--> statement-breakpoint

CREATE TRIGGER promotion_pricing_version AFTER INSERT OR UPDATE OR DELETE ON "promotion"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_pricing_version();--> statement-breakpoint

-- A checkout's discount and the promotions it was placed with ([] before issue 36), and each
-- order line's share of the discount: `amount_cents` (what a payment sums and a refund returns)
-- is the line after its discount.
ALTER TABLE "checkout" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "promotions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_discount_in_line"
  CHECK ("discount_cents" >= 0 AND "discount_cents" <= "total_cents");--> statement-breakpoint
ALTER TABLE "purchase" DROP COLUMN "amount_cents";--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "amount_cents" integer GENERATED ALWAYS AS
  ("total_cents" - "discount_cents" + "tax_cents" + "shipping_cents" + "shipping_tax_cents") STORED NOT NULL;--> statement-breakpoint

-- Checks that a checkout may claim a use of each promotion (and code) it applies, all or none:
-- locks the rows whose limit must hold (a promotion with a usage limit, a single-use code) in
-- promotion id order (after the checkout's variant rows), then counts their uses not released. The
-- lock is held until the checkout commits with its use rows, so the next claimer counts them: the
-- count is exact. The per-customer count and first order are exact because the checkout locked the
-- account's row first. Returns null when every use may be claimed, else '<problem>:<promotion id>'
-- (ended, not_started, used_up, customer_used, first_order, gone). A function, so that each of its
-- reads takes a snapshot after the locks it waited for (as change_stock does, docs/decisions/023).
CREATE OR REPLACE FUNCTION claim_promotion_uses(p_user text, p_uses jsonb)
RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  claim record;
  promo record;
  code_row record;
  earlier bigint;
BEGIN
  IF p_uses IS NULL OR jsonb_array_length(p_uses) = 0 THEN
    RETURN NULL;
  END IF;
  FOR claim IN
    SELECT u.promotion_id, u.code_id
    FROM jsonb_to_recordset(p_uses) AS u(promotion_id uuid, code_id uuid)
    ORDER BY u.promotion_id
  LOOP
    SELECT * INTO promo FROM promotion WHERE id = claim.promotion_id;
    IF NOT FOUND THEN
      RETURN 'gone:' || claim.promotion_id;
    END IF;
    IF promo.usage_limit IS NOT NULL THEN
      SELECT * INTO promo FROM promotion WHERE id = claim.promotion_id FOR NO KEY UPDATE;
    END IF;
    IF promo.status <> 'active' OR (promo.ends_at IS NOT NULL AND promo.ends_at <= now()) THEN
      RETURN 'ended:' || claim.promotion_id;
    END IF;
    IF promo.starts_at IS NOT NULL AND promo.starts_at > now() THEN
      RETURN 'not_started:' || claim.promotion_id;
    END IF;
    IF promo.usage_limit IS NOT NULL THEN
      SELECT count(*) INTO earlier FROM promotion_use
      WHERE promotion_id = claim.promotion_id AND released_at IS NULL;
      IF earlier >= promo.usage_limit THEN
        RETURN 'used_up:' || claim.promotion_id;
      END IF;
    END IF;
    IF promo.per_customer_limit IS NOT NULL THEN
      SELECT count(*) INTO earlier FROM promotion_use
      WHERE promotion_id = claim.promotion_id AND user_id = p_user AND released_at IS NULL;
      IF earlier >= promo.per_customer_limit THEN
        RETURN 'customer_used:' || claim.promotion_id;
      END IF;
    END IF;
    IF promo.first_order_only AND EXISTS (SELECT FROM purchase
        WHERE user_id = p_user AND status NOT IN ('cancelled', 'expired')) THEN
      RETURN 'first_order:' || claim.promotion_id;
    END IF;
    IF claim.code_id IS NOT NULL THEN
      SELECT * INTO code_row FROM promotion_code WHERE id = claim.code_id;
      IF NOT FOUND OR code_row.promotion_id <> claim.promotion_id THEN
        RETURN 'gone:' || claim.promotion_id;
      END IF;
      IF code_row.max_uses IS NOT NULL THEN
        PERFORM FROM promotion_code WHERE id = claim.code_id FOR NO KEY UPDATE;
        SELECT count(*) INTO earlier FROM promotion_use
        WHERE code_id = claim.code_id AND released_at IS NULL;
        IF earlier >= code_row.max_uses THEN
          RETURN 'used_up:' || claim.promotion_id;
        END IF;
      END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- The buyer's side of the promotions, for the pricing step's one query (docs/decisions/055):
-- whether they have a live order, their uses of promotions limited per customer, the uses of
-- promotions limited in all, and the codes typed (upper-cased) with their uses. A PL/pgSQL
-- function, so that its plans are kept per connection: planned inline, these subqueries doubled
-- the pricing query's planning time on every call.
CREATE OR REPLACE FUNCTION promotion_state(p_user text, p_codes text[])
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
    'hasOrdered', EXISTS (SELECT FROM purchase
      WHERE purchase.user_id = p_user AND purchase.status NOT IN ('cancelled', 'expired')),
    'customerUses', coalesce((SELECT jsonb_object_agg(u.promotion_id, u.n)
      FROM (SELECT pu.promotion_id, count(*) AS n
        FROM promotion_use pu JOIN promotion pr ON pr.id = pu.promotion_id
        WHERE pr.per_customer_limit IS NOT NULL AND pr.status = 'active'
          AND pu.user_id = p_user AND pu.released_at IS NULL
        GROUP BY pu.promotion_id) AS u), '{}'::jsonb),
    'promotionUses', coalesce((SELECT jsonb_object_agg(pr.id, (SELECT count(*) FROM promotion_use pu
        WHERE pu.promotion_id = pr.id AND pu.released_at IS NULL))
      FROM promotion pr WHERE pr.usage_limit IS NOT NULL AND pr.status = 'active'), '{}'::jsonb),
    'codes', coalesce((SELECT jsonb_agg(jsonb_build_object('codeId', c.id, 'code', c.code,
        'promotionId', c.promotion_id, 'maxUses', c.max_uses,
        'uses', CASE WHEN c.max_uses IS NULL THEN 0 ELSE (SELECT count(*) FROM promotion_use pu
          WHERE pu.code_id = c.id AND pu.released_at IS NULL) END))
      FROM promotion_code c WHERE upper(c.code) = ANY(p_codes)), '[]'::jsonb));
END;
$$;
