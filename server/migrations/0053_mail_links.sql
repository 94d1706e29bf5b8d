-- A mail written in SQL (by the app's functions, which do not know the site's address) may
-- carry the page it is about as a path on the site; the sender joins it to SITE_URL when it
-- delivers: a last line of the text, and a link in the HTML.
alter table auth.mail_outbox
  add column link text constraint mail_outbox_link_is_a_site_path check (link ~ '^/[A-Za-z0-9]' and length(link) <= 500);
comment on column auth.mail_outbox.link is
  'The page the mail is about, a path on the site (e.g. /events/<id>); delivered as SITE_URL joined with it.';
