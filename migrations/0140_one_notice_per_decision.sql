-- One notice per decision (issue 40): an approved or rejected application told the applicant
-- twice, once from app.announce_decision and once from a second trigger per table. The second
-- ones go (the member directory's lived inside app.record_member_approval, whose body in
-- functions/20_members.sql no longer notifies).
drop trigger if exists student_details_notify_decision on public.student_details;
drop trigger if exists matrimony_details_notify_decision on public.matrimony_details;
drop function if exists app.notify_application_decision();
