CREATE TABLE "data_version" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"products" bigint DEFAULT 0 NOT NULL,
	"reviews" bigint DEFAULT 0 NOT NULL,
	"categories" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- ADR 031: the database counts the committed writes of the tables the caches serve, so the shared
-- data version check (ADR 016) reads three sums of 64 tiny rows instead of aggregating every
-- product. Each counter belongs to a slot of backends (pg_backend_pid() % 64): two writers meet on
-- one row only when their backends share a slot, and then only for the commit itself.
INSERT INTO "data_version" ("slot") SELECT s FROM generate_series(0, 63) AS s;
--> statement-breakpoint
-- Adds 1 to the column TG_ARGV[0] of this backend's slot, once per transaction and column (a
-- transaction-local setting remembers which columns it has already counted).
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger AS $$
DECLARE
  kind text := TG_ARGV[0];
  counted text := coalesce(current_setting('toolhouse.data_version_counted', true), '');
BEGIN
  IF position(',' || kind || ',' IN counted) > 0 THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('toolhouse.data_version_counted', coalesce(nullif(counted, ''), ',') || kind || ',', true);
  INSERT INTO "data_version" AS v ("slot", "products", "reviews", "categories")
  VALUES (pg_backend_pid() % 64, (kind = 'products')::int, (kind = 'reviews')::int,
    (kind = 'categories')::int)
  ON CONFLICT ("slot") DO UPDATE SET
    "products" = v."products" + excluded."products",
    "reviews" = v."reviews" + excluded."reviews",
    "categories" = v."categories" + excluded."categories";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Deferred to the commit, after every other lock of the transaction is held: the counter row is
-- locked last and only until the commit ends, so it adds no deadlock and almost no waiting.
CREATE CONSTRAINT TRIGGER product_data_version AFTER INSERT OR UPDATE OR DELETE ON "product"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version('products');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER review_data_version AFTER INSERT OR UPDATE OR DELETE ON "review"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version('reviews');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER category_data_version AFTER INSERT OR UPDATE OR DELETE ON "category"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version('categories');
--> statement-breakpoint
-- TRUNCATE fires no row trigger: it counts at once.
CREATE TRIGGER product_data_version_truncate AFTER TRUNCATE ON "product"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('products');
--> statement-breakpoint
CREATE TRIGGER review_data_version_truncate AFTER TRUNCATE ON "review"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('reviews');
--> statement-breakpoint
CREATE TRIGGER category_data_version_truncate AFTER TRUNCATE ON "category"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('categories');
