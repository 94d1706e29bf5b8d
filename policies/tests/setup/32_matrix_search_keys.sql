-- Issue 35: the searched tables' name keys (migration 0180) are generated columns an insert
-- cannot write; the matrix's copied row leaves them to the database.
update tests.matrix_tables set insert_defaults = insert_defaults || '{name_key,name_skel}'
 where table_name in ('member_directory', 'student_details', 'matrimony_details', 'business_listings')
   and not ('name_key' = any (insert_defaults));
