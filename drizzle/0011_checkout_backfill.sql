-- Every order placed before checkouts existed becomes a checkout of one (docs/decisions/022): the
-- checkout takes the order's id (another table, so no clash; a Stripe intent made for the order
-- names it in its metadata), its time, payment and receipt number, numbered in the order the
-- orders were placed.
INSERT INTO "checkout" ("id", "user_id", "unpaid_orders", "transaction_id", "receipt_number",
  "created_at")
SELECT "id", "user_id", ("status" = 'pending' AND NOT "paid")::int, "transaction_id",
  "receipt_number", "created_at"
FROM "purchase" ORDER BY "created_at", "id";
--> statement-breakpoint
UPDATE "purchase" SET "checkout_id" = "id";
--> statement-breakpoint
UPDATE "payment_intent" SET "checkout_id" = "purchase_id";
--> statement-breakpoint
-- The account limits start from what the accounts hold; the order rate starts afresh.
INSERT INTO "account_orders" ("user_id", "unpaid_checkouts")
SELECT "user_id", count(*) FILTER (WHERE "unpaid_orders" > 0) FROM "checkout" GROUP BY "user_id";
