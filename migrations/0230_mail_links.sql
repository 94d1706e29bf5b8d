-- Events, issue 37 item 1 (and money's mails): the mails the app writes in SQL link to their page
-- (auth.mail_outbox.link, server/migrations/0053_mail_links.sql): a waitlist offer to the event,
-- where it is accepted or declined; a refund or a Form 10BE to the payer's payments page.
-- app.mail_notice gains the link: the old signature goes (on a database that has it), and
-- functions/66_money_refunds.sql creates the new one at the end of the same start.
drop function if exists app.mail_notice(text, text, text, jsonb, text);
