-- Assertions of our own, beside pgTAP's.
--
-- tests.changes_rows(statement, rows, description): runs an INSERT, UPDATE or DELETE and passes
-- when it changed exactly `rows` rows. Use it instead of lives_ok for writes: row-level
-- security filters an UPDATE or DELETE to the rows the caller may touch, silently, so a write
-- a policy refuses "lives" having changed nothing; and ON CONFLICT DO NOTHING hides rows too.
-- A statement that fails is a failure, with its error.
create or replace function tests.changes_rows(statement text, expected bigint, description text) returns text
language plpgsql
as $$
declare
  changed bigint;
begin
  execute statement;
  get diagnostics changed = row_count;
  return is(changed, expected, description);
exception when others then
  return ok(false, description) || E'\n' || diag(format('    died: %s %s', sqlstate, sqlerrm));
end
$$;
