-- change_stock(ids, deltas): adds each delta to its product's available stock, in ONE UPDATE run
-- with a snapshot of its own (a VOLATILE function's statement sees what committed before it ran),
-- and returns the ids it changed. For statements that have ALREADY LOCKED those product rows in
-- product-id order (the checkout statement, the hold-expiry sweep): their own UPDATE would find each
-- row again through the statement's older snapshot, at the version it had before the lock waited,
-- and walk its update chain a second time. When that old version still carries a live KEY SHARE
-- lock (a foreign-key check of a basket line or an order), the second walk queues for the old
-- version's tuple lock, which another order waiting for OUR lock holds: a deadlock (issue 22).
-- Here the UPDATE sees the version the statement locked and changes it without waiting.
-- No stock rule lives here: callers decide the deltas on the locked rows, and the CHECK on
-- available_quantity (never below 0) makes a wrong one fail the whole statement, never half of it.
CREATE OR REPLACE FUNCTION change_stock(product_ids uuid[], deltas integer[]) RETURNS SETOF uuid
LANGUAGE sql VOLATILE AS $$
  UPDATE product SET available_quantity = product.available_quantity + change.delta,
    updated_at = now()
  FROM unnest(product_ids, deltas) AS change(id, delta)
  WHERE product.id = change.id
  RETURNING product.id
$$;
