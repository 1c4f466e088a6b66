-- Issue 36, docs/decisions/057: public pages and the catalogue API show an automatic promotion's
-- sale price, cached per products version (ADR 031). So a change of an automatic promotion counts
-- as a write of the catalogue (created, changed, deleted), and so does a use taken, released or
-- deleted (a promotion with a usage limit shows its sale price only while uses are left). A code
-- promotion never shows on public pages: its own changes count nothing. Deferred to the commit and
-- once per transaction, as every other counter (bump_data_version).
CREATE CONSTRAINT TRIGGER promotion_insert_data_version AFTER INSERT ON "promotion"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.code_mode = 'automatic')
  EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER promotion_delete_data_version AFTER DELETE ON "promotion"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.code_mode = 'automatic')
  EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER promotion_update_data_version AFTER UPDATE ON "promotion"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.code_mode = 'automatic' OR NEW.code_mode = 'automatic')
  EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
-- Uses: the checkout that takes one (or the transition that releases it) also changes stock, so it
-- counts as a products write already; this only makes it explicit, and costs nothing more (once per
-- transaction).
CREATE CONSTRAINT TRIGGER promotion_use_insert_data_version AFTER INSERT OR DELETE ON "promotion_use"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER promotion_use_release_data_version AFTER UPDATE ON "promotion_use"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.released_at IS DISTINCT FROM NEW.released_at)
  EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
-- TRUNCATE fires no row trigger: it counts at once.
CREATE TRIGGER promotion_data_version_truncate AFTER TRUNCATE ON "promotion"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
CREATE TRIGGER promotion_use_data_version_truncate AFTER TRUNCATE ON "promotion_use"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('products');
