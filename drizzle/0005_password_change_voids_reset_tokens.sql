-- Any password change (reset, change, set, or an operator's UPDATE) voids the account's outstanding
-- password-reset tokens, so a link mailed before the change no longer works. In the database, so
-- no way of changing a password can forget it.
CREATE OR REPLACE FUNCTION void_reset_tokens_on_password_change() RETURNS trigger AS $$
BEGIN
  IF NEW."password" IS NULL OR (TG_OP = 'UPDATE' AND OLD."password" IS NOT DISTINCT FROM NEW."password") THEN
    RETURN NEW;
  END IF;
  DELETE FROM "verification"
  WHERE "identifier" LIKE 'reset-password:%' AND "value" = NEW."user_id";
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER account_password_change_voids_reset_tokens
AFTER INSERT OR UPDATE OF "password" ON "account"
FOR EACH ROW
EXECUTE FUNCTION void_reset_tokens_on_password_change();
