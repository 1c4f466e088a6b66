-- Issue 36, docs/decisions/057: public pages and the catalogue API show an automatic promotion's
-- sale price, cached per products version (ADR 031). So a change of an automatic promotion counts
-- as a write of the catalogue: created, deleted, or changed in anything but its `uses` counter;
-- and its `uses` reaching (or leaving, when a use is released) its usage limit, which starts or
-- stops its sale price. A code promotion never shows on public pages: its changes count nothing.
-- Deferred to the commit and once per transaction, as every other counter (bump_data_version).
CREATE CONSTRAINT TRIGGER promotion_insert_data_version AFTER INSERT ON "promotion"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.code_mode = 'automatic')
  EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER promotion_delete_data_version AFTER DELETE ON "promotion"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.code_mode = 'automatic')
  EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER promotion_update_data_version AFTER UPDATE ON "promotion"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.code_mode = 'automatic' OR NEW.code_mode = 'automatic')
    AND ((to_jsonb(OLD) - 'uses') IS DISTINCT FROM (to_jsonb(NEW) - 'uses')
      OR coalesce(OLD.uses >= OLD.usage_limit, false) IS DISTINCT FROM coalesce(NEW.uses >= NEW.usage_limit, false)))
  EXECUTE FUNCTION bump_data_version('products');--> statement-breakpoint
-- TRUNCATE fires no row trigger: it counts at once.
CREATE TRIGGER promotion_data_version_truncate AFTER TRUNCATE ON "promotion"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('products');
