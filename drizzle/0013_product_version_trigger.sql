-- The database keeps product.version (ADR 020): every UPDATE of a product row, whoever writes it
-- (the admin's edit, the order statement, a cancel, the hold expiry, a hand-written fix), leaves
-- it one above what the row had, so no statement can forget it or set it. The ETag and If-Match
-- of product edits and the catalogue's fingerprint (ADR 007) read it.
CREATE OR REPLACE FUNCTION bump_product_version() RETURNS trigger AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_version BEFORE UPDATE ON product
  FOR EACH ROW EXECUTE FUNCTION bump_product_version();
