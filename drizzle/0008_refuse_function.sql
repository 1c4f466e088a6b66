-- PostgreSQL has no RAISE outside a function: a single statement (the order, docs/decisions/015)
-- that must fail as a whole, so that nothing it wrote stays, calls this in the branch that refuses.
-- The SQLSTATE tells the app which refusal it was. VOLATILE (the default): never evaluated ahead.
CREATE OR REPLACE FUNCTION refuse(sqlstate text, reason text) RETURNS integer AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = sqlstate, MESSAGE = reason;
END;
$$ LANGUAGE plpgsql;
