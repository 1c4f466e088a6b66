-- change_stock(ids, deltas), second version (issue 33, docs/decisions/043): the same ONE UPDATE with
-- a snapshot of its own as drizzle/0014 (read its comment: statements that have ALREADY LOCKED the
-- product rows in product-id order change them here without walking their update chain again),
-- now returning each changed row with its stock before and after, so the one TypeScript entry
-- point (src/server/modules/stock/stock-change.ts) attaches every consequence of the change
-- (back-in-stock release, stock.low) in the same statement. The only writer of
-- available_quantity on existing rows (stock-writers.test.ts keeps it so).
DROP FUNCTION change_stock(uuid[], integer[]);--> statement-breakpoint
CREATE FUNCTION change_stock(product_ids uuid[], deltas integer[])
RETURNS TABLE (id uuid, name text, price_cents integer, min_quantity integer, withdrawn boolean,
  available_before integer, available_quantity integer, version integer)
LANGUAGE sql VOLATILE AS $$
  UPDATE product SET available_quantity = product.available_quantity + change.delta,
    updated_at = now()
  FROM unnest(product_ids, deltas) AS change(id, delta)
  WHERE product.id = change.id
  RETURNING product.id, product.name, product.price_cents, product.min_quantity, product.withdrawn,
    product.available_quantity - change.delta, product.available_quantity, product.version
$$;
