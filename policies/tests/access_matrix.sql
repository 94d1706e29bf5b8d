-- Every cell of the access matrix in policies/README.md, checked against the database: the
-- rows each caller sees, and the rows each caller may insert, update and delete.
begin;
select plan((select count(*)::int from tests.matrix));
select tests.seed();

select ok(c.passed, format('%s %s as %s: %s', m.table_name, m.op, m.role_column, m.cell))
       || case when c.passed then '' else E'\n' || diag(c.detail) end
  from tests.matrix m
  cross join lateral tests.check_cell(m.table_name, m.op, m.role_column, m.cell) c
 order by m.table_name, array_position(array['select', 'insert', 'update', 'delete'], m.op), m.role_column;

select * from finish();
rollback;
