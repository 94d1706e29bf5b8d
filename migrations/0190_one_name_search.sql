-- The three per-table name searches became one (functions/07_name_search.sql: app.name_candidates and
-- app.name_matches); their security definer halves go.
drop function if exists app.student_name_candidates(text);
drop function if exists app.matrimony_name_candidates(text);
drop function if exists app.business_name_candidates(text);
