-- Catalogue search (docs/decisions: search in PostgreSQL). Not in schema.ts: drizzle cannot
-- express an extension, a generated tsvector column or operator-class indexes; queries reach
-- search_vector through raw SQL in catalog-search.service.ts.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "name"), 'A') ||
  setweight(to_tsvector('english'::regconfig, "description"), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "product_search_vector_idx" ON "product" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "product_name_trgm_idx" ON "product" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "product_price_idx" ON "product" ("price_cents", "seq");
