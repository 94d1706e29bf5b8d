-- Approved members who applied without a number of their own were still listed by their
-- application's NEW- reference; the HWT- number is their membership number (issue 40 item 8).
-- From now on the approval does this (app.prepare_member_directory_entry); this moves the
-- members approved before it.
update public.member_directory
   set membership_no = unique_id
 where approval_status = 'approved'
   and (membership_no is null or membership_no like 'NEW-%');
