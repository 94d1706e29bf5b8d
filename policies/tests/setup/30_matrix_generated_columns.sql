-- Issue 16: matrimony_details has generated columns (height_cm, gotra, 0031) that an insert
-- cannot write; the matrix's copied row leaves them to the database.
update tests.matrix_tables set insert_defaults = insert_defaults || '{height_cm,gotra}'
 where table_name = 'matrimony_details' and not ('height_cm' = any (insert_defaults));
