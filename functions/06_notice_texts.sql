-- The words of every notice the app writes for a person (bell, push, e-mail), in each language
-- (issue 35): one home for them, app.notice_texts, keyed by notice and language. Writers pass a
-- key and its values (app.notify_notice, app.announce_notice); each recipient gets the text of
-- their language (users.preferred_language; English when not chosen or not translated).
--
-- Templates: `{name}` is the value `name`; `{name?fallback}` says the fallback when the value is
-- missing or empty; `[ ... ]` is dropped whole when a value inside it is missing or empty.
-- Values are formatted in the recipient's language by their name's ending: `*_date` (a date:
-- 02 Dec 2026 / 2 ಡಿಸೆಂಬರ್ 2026), `*_at` (a moment, in Mumbai: 02 Dec 2026 18:30),
-- `*_month` (a date's month: December 2026 / ಡಿಸೆಂಬರ್ 2026); others as given.

create or replace view app.notice_texts (key, language, title, message) as
values
  -- Decisions on applications (28_application_decisions.sql).
  ('decision_approved_member', 'en', 'Your membership application is approved', 'Welcome! Sign in to open your dashboard.'),
  ('decision_approved_member', 'kn', 'ನಿಮ್ಮ ಸದಸ್ಯತ್ವ ಅರ್ಜಿ ಅನುಮೋದನೆಯಾಗಿದೆ', 'ಸುಸ್ವಾಗತ! ನಿಮ್ಮ ಫಲಕವನ್ನು ತೆರೆಯಲು ಲಾಗಿನ್ ಮಾಡಿ.'),
  ('decision_approved_student', 'en', 'Your educational aid application is approved', 'Welcome! Sign in to open your dashboard.'),
  ('decision_approved_student', 'kn', 'ನಿಮ್ಮ ಶೈಕ್ಷಣಿಕ ನೆರವಿನ ಅರ್ಜಿ ಅನುಮೋದನೆಯಾಗಿದೆ', 'ಸುಸ್ವಾಗತ! ನಿಮ್ಮ ಫಲಕವನ್ನು ತೆರೆಯಲು ಲಾಗಿನ್ ಮಾಡಿ.'),
  ('decision_approved_matrimony', 'en', 'Your matrimony profile is approved', 'Welcome! Sign in to open your dashboard.'),
  ('decision_approved_matrimony', 'kn', 'ನಿಮ್ಮ ವಿವಾಹ ಪ್ರೊಫೈಲ್ ಅನುಮೋದನೆಯಾಗಿದೆ', 'ಸುಸ್ವಾಗತ! ನಿಮ್ಮ ಫಲಕವನ್ನು ತೆರೆಯಲು ಲಾಗಿನ್ ಮಾಡಿ.'),
  ('decision_rejected_member', 'en', 'Your membership application was not approved', '{remarks?Please contact the trust office to know more.}'),
  ('decision_rejected_member', 'kn', 'ನಿಮ್ಮ ಸದಸ್ಯತ್ವ ಅರ್ಜಿ ಅನುಮೋದನೆಯಾಗಿಲ್ಲ', '{remarks?ಹೆಚ್ಚಿನ ವಿವರಗಳಿಗಾಗಿ ದಯವಿಟ್ಟು ಟ್ರಸ್ಟ್ ಕಚೇರಿಯನ್ನು ಸಂಪರ್ಕಿಸಿ.}'),
  ('decision_rejected_student', 'en', 'Your educational aid application was not approved', '{remarks?Please contact the trust office to know more.}'),
  ('decision_rejected_student', 'kn', 'ನಿಮ್ಮ ಶೈಕ್ಷಣಿಕ ನೆರವಿನ ಅರ್ಜಿ ಅನುಮೋದನೆಯಾಗಿಲ್ಲ', '{remarks?ಹೆಚ್ಚಿನ ವಿವರಗಳಿಗಾಗಿ ದಯವಿಟ್ಟು ಟ್ರಸ್ಟ್ ಕಚೇರಿಯನ್ನು ಸಂಪರ್ಕಿಸಿ.}'),
  ('decision_rejected_matrimony', 'en', 'Your matrimony profile was not approved', '{remarks?Please contact the trust office to know more.}'),
  ('decision_rejected_matrimony', 'kn', 'ನಿಮ್ಮ ವಿವಾಹ ಪ್ರೊಫೈಲ್ ಅನುಮೋದನೆಯಾಗಿಲ್ಲ', '{remarks?ಹೆಚ್ಚಿನ ವಿವರಗಳಿಗಾಗಿ ದಯವಿಟ್ಟು ಟ್ರಸ್ಟ್ ಕಚೇರಿಯನ್ನು ಸಂಪರ್ಕಿಸಿ.}'),
  -- Public news (69_notification_triggers.sql).
  ('event_new', 'en', 'New event: {title}', '{event_date}[ at {location}]'),
  ('event_new', 'kn', 'ಹೊಸ ಕಾರ್ಯಕ್ರಮ: {title}', '{event_date}[, {location}]'),
  ('album_new', 'en', 'New photos: {title}', '{description?A new album is in the gallery.}'),
  ('album_new', 'kn', 'ಹೊಸ ಫೋಟೋಗಳು: {title}', '{description?ಗ್ಯಾಲರಿಯಲ್ಲಿ ಹೊಸ ಆಲ್ಬಮ್ ಬಂದಿದೆ.}'),
  ('sandesha_new', 'en', 'Havyaka Sandesha: {title}', 'The {issue_month} issue is out.'),
  ('sandesha_new', 'kn', 'ಹವ್ಯಕ ಸಂದೇಶ: {title}', '{issue_month} ಸಂಚಿಕೆ ಪ್ರಕಟವಾಗಿದೆ.'),
  -- Event registrations, accounts waiting, connections (69_notification_triggers.sql).
  ('event_registered', 'en', 'Registered: {title}', 'You are registered for {title} on {event_date}.'),
  ('event_registered', 'kn', 'ನೋಂದಣಿ ಆಗಿದೆ: {title}', '{event_date} ರಂದು ನಡೆಯುವ {title} ಕಾರ್ಯಕ್ರಮಕ್ಕೆ ನಿಮ್ಮ ನೋಂದಣಿ ಆಗಿದೆ.'),
  ('event_registration_staff', 'en', 'New registration: {title}', '{who?Someone} registered.'),
  ('event_registration_staff', 'kn', 'ಹೊಸ ನೋಂದಣಿ: {title}', '{who?ಒಬ್ಬರು} ನೋಂದಾಯಿಸಿದ್ದಾರೆ.'),
  ('registration_pending_member', 'en', 'New member registration', '{who?A new applicant} is waiting for approval.'),
  ('registration_pending_member', 'kn', 'ಹೊಸ ಸದಸ್ಯತ್ವ ನೋಂದಣಿ', '{who?ಹೊಸ ಅರ್ಜಿದಾರರು} ಅನುಮೋದನೆಗಾಗಿ ಕಾಯುತ್ತಿದ್ದಾರೆ.'),
  ('registration_pending_student', 'en', 'New student registration', '{who?A new applicant} is waiting for approval.'),
  ('registration_pending_student', 'kn', 'ಹೊಸ ವಿದ್ಯಾರ್ಥಿ ನೋಂದಣಿ', '{who?ಹೊಸ ಅರ್ಜಿದಾರರು} ಅನುಮೋದನೆಗಾಗಿ ಕಾಯುತ್ತಿದ್ದಾರೆ.'),
  ('registration_pending_matrimony', 'en', 'New matrimony registration', '{who?A new applicant} is waiting for approval.'),
  ('registration_pending_matrimony', 'kn', 'ಹೊಸ ವಿವಾಹ ವೇದಿಕೆ ನೋಂದಣಿ', '{who?ಹೊಸ ಅರ್ಜಿದಾರರು} ಅನುಮೋದನೆಗಾಗಿ ಕಾಯುತ್ತಿದ್ದಾರೆ.'),
  ('connection_request', 'en', 'Connection request', '{who?A member} asks to connect with you.'),
  ('connection_request', 'kn', 'ಸಂಪರ್ಕದ ಕೋರಿಕೆ', '{who?ಒಬ್ಬ ಸದಸ್ಯರು} ನಿಮ್ಮೊಂದಿಗೆ ಸಂಪರ್ಕ ಕೇಳುತ್ತಿದ್ದಾರೆ.'),
  ('connection_accepted', 'en', 'Connection accepted', '{who?A member} accepted your request to connect.'),
  ('connection_accepted', 'kn', 'ಸಂಪರ್ಕ ಒಪ್ಪಿಗೆಯಾಗಿದೆ', '{who?ಒಬ್ಬ ಸದಸ್ಯರು} ನಿಮ್ಮ ಸಂಪರ್ಕದ ಕೋರಿಕೆಯನ್ನು ಒಪ್ಪಿದ್ದಾರೆ.'),
  -- Events: waitlist offers, reminders, changes (41_event_waitlist.sql, 42, 43).
  ('event_offer', 'en', 'A place is free: {title}',
   'A place for {title} ({event_date}[ at {event_time}]) is held for you until {until_at}. Accept or decline it on the event''s page.'),
  ('event_offer', 'kn', 'ಸ್ಥಾನ ಖಾಲಿಯಾಗಿದೆ: {title}',
   '{title} ({event_date}[ {event_time}]) ಕಾರ್ಯಕ್ರಮದಲ್ಲಿ ನಿಮಗಾಗಿ ಒಂದು ಸ್ಥಾನವನ್ನು {until_at} ರವರೆಗೆ ಕಾಯ್ದಿರಿಸಲಾಗಿದೆ. ಕಾರ್ಯಕ್ರಮದ ಪುಟದಲ್ಲಿ ಅದನ್ನು ಸ್ವೀಕರಿಸಿ ಅಥವಾ ನಿರಾಕರಿಸಿ.'),
  ('event_offer_expired', 'en', 'Offer expired: {title}',
   'The place held for you at {title} went to the next person on the waitlist.'),
  ('event_offer_expired', 'kn', 'ಅವಕಾಶದ ಅವಧಿ ಮುಗಿದಿದೆ: {title}',
   '{title} ಕಾರ್ಯಕ್ರಮದಲ್ಲಿ ನಿಮಗಾಗಿ ಕಾಯ್ದಿರಿಸಿದ್ದ ಸ್ಥಾನ ಕಾಯುವ ಪಟ್ಟಿಯಲ್ಲಿ ಮುಂದಿದ್ದವರಿಗೆ ಹೋಗಿದೆ.'),
  ('event_reminder_day_before', 'en', 'Tomorrow: {title}', '{title} is on {event_date}[ at {event_time}][, {location}].'),
  ('event_reminder_day_before', 'kn', 'ನಾಳೆ: {title}', '{title} ಕಾರ್ಯಕ್ರಮ {event_date}[, {event_time}] ರಂದು ನಡೆಯಲಿದೆ[ ({location})].'),
  ('event_reminder_two_hours', 'en', 'In two hours: {title}', '{title} starts at {event_time?the start of the day}[, {location}].'),
  ('event_reminder_two_hours', 'kn', 'ಇನ್ನೆರಡು ಗಂಟೆಗಳಲ್ಲಿ: {title}', '{title} ಕಾರ್ಯಕ್ರಮ[ {event_time} ಕ್ಕೆ] ಆರಂಭವಾಗುತ್ತದೆ[ ({location})].'),
  ('event_cancelled', 'en', 'Cancelled: {title}', '{title} ({event_date}[ at {event_time}]) is cancelled.'),
  ('event_cancelled', 'kn', 'ರದ್ದಾಗಿದೆ: {title}', '{title} ({event_date}[, {event_time}]) ಕಾರ್ಯಕ್ರಮ ರದ್ದಾಗಿದೆ.'),
  ('event_changed', 'en', 'Changed: {title}', '{title} is now on {event_date}[ at {event_time}][, {location}].'),
  ('event_changed', 'kn', 'ಬದಲಾವಣೆ: {title}', '{title} ಕಾರ್ಯಕ್ರಮ ಈಗ {event_date}[, {event_time}] ರಂದು ನಡೆಯಲಿದೆ[ ({location})].'),
  -- Money: refunds and Form 10BE (66_money_refunds.sql, 66_money_form_10be.sql).
  ('payment_refunded', 'en', 'Payment refunded: ₹{amount}',
   'Your payment of ₹{amount}[ ({reference})] was refunded: {reason}.[ Receipt {receipt_no} is cancelled; it keeps its number.] Your payments page shows it.'),
  ('payment_refunded', 'kn', 'ಪಾವತಿ ಹಿಂತಿರುಗಿಸಲಾಗಿದೆ: ₹{amount}',
   'ನಿಮ್ಮ ₹{amount}[ ({reference})] ಪಾವತಿಯನ್ನು ಹಿಂತಿರುಗಿಸಲಾಗಿದೆ: {reason}.[ ರಸೀದಿ {receipt_no} ರದ್ದಾಗಿದೆ; ಅದರ ಸಂಖ್ಯೆ ಉಳಿಯುತ್ತದೆ.] ನಿಮ್ಮ ಪಾವತಿಗಳ ಪುಟದಲ್ಲಿ ನೋಡಿ.'),
  ('form_10be_ready', 'en', 'Form 10BE for {fy} is ready',
   'Your certificate of donation (Form 10BE) for the financial year {fy} from the income-tax portal is on your payments page. Use it to claim the deduction in your return.'),
  ('form_10be_ready', 'kn', '{fy} ರ ಫಾರ್ಮ್ 10BE ಸಿದ್ಧವಾಗಿದೆ',
   'ಆದಾಯ ತೆರಿಗೆ ಪೋರ್ಟಲ್‌ನಿಂದ ಬಂದ {fy} ಆರ್ಥಿಕ ವರ್ಷದ ನಿಮ್ಮ ದೇಣಿಗೆ ಪ್ರಮಾಣಪತ್ರ (ಫಾರ್ಮ್ 10BE) ನಿಮ್ಮ ಪಾವತಿಗಳ ಪುಟದಲ್ಲಿದೆ. ನಿಮ್ಮ ರಿಟರ್ನ್‌ನಲ್ಲಿ ಕಡಿತ ಪಡೆಯಲು ಅದನ್ನು ಬಳಸಿ.');
comment on view app.notice_texts is
  'The words of every notice written for a person, per key and language (en, kn); templates filled by app.notice.';
revoke all on app.notice_texts from public;

-- The language a person reads (en when not chosen).
create or replace function app.user_language(person uuid) returns text
language sql stable
security definer
set search_path = ''
as $$ select coalesce((select u.preferred_language from public.users u where u.id = person), 'en') $$;
revoke execute on function app.user_language(uuid) from public;

-- A value of a notice, formatted for the language by its name's ending (see the top).
create or replace function app.notice_value(name text, value text, language text) returns text
language plpgsql stable
set search_path = ''
as $$
declare
  months_kn text[] := array['ಜನವರಿ', 'ಫೆಬ್ರವರಿ', 'ಮಾರ್ಚ್', 'ಏಪ್ರಿಲ್', 'ಮೇ', 'ಜೂನ್', 'ಜುಲೈ', 'ಆಗಸ್ಟ್',
                            'ಸೆಪ್ಟೆಂಬರ್', 'ಅಕ್ಟೋಬರ್', 'ನವೆಂಬರ್', 'ಡಿಸೆಂಬರ್'];
  day date;
  moment timestamp;
begin
  if value is null or value = '' then
    return null;
  end if;
  if name like '%\_date' then
    day := value::date;
    return case language when 'kn' then extract(day from day)::int || ' ' || months_kn[extract(month from day)::int] || ' ' || extract(year from day)::int
                         else to_char(day, 'DD Mon YYYY') end;
  elsif name like '%\_at' then
    moment := value::timestamptz at time zone 'Asia/Kolkata';
    return case language when 'kn' then extract(day from moment)::int || ' ' || months_kn[extract(month from moment)::int] || ' '
                                        || extract(year from moment)::int || ' ' || to_char(moment, 'HH24:MI')
                         else to_char(moment, 'DD Mon YYYY HH24:MI') end;
  elsif name like '%\_month' then
    day := value::date;
    return case language when 'kn' then months_kn[extract(month from day)::int] || ' ' || extract(year from day)::int
                         else to_char(day, 'FMMonth YYYY') end;
  end if;
  return value;
end
$$;
revoke execute on function app.notice_value(text, text, text) from public;

-- A template filled with values in a language: `{name}`, `{name?fallback}`, `[ optional ]`.
create or replace function app.fill_notice(template text, vals jsonb, language text) returns text
language plpgsql stable
set search_path = ''
as $$
declare
  result text := template;
  part text[];
  inner_text text;
  filled text;
  slot text[];
begin
  -- Optional parts: kept (brackets removed) when every value in them is given, else dropped.
  for part in select regexp_matches(template, '\[([^\]]*)\]', 'g') loop
    inner_text := part[1];
    filled := inner_text;
    for slot in select regexp_matches(inner_text, '\{(\w+)\}', 'g') loop
      if app.notice_value(slot[1], vals ->> slot[1], language) is null then
        filled := null;
        exit;
      end if;
    end loop;
    result := replace(result, '[' || inner_text || ']', coalesce(filled, ''));
  end loop;
  for slot in select regexp_matches(result, '\{(\w+)(\?[^}]*)?\}', 'g') loop
    result := replace(result, '{' || slot[1] || coalesce(slot[2], '') || '}',
      coalesce(app.notice_value(slot[1], vals ->> slot[1], language), substr(slot[2], 2), ''));
  end loop;
  return result;
end
$$;
revoke execute on function app.fill_notice(text, jsonb, text) from public;

-- The title and message of a notice in a language (English when it has no such translation).
create or replace function app.notice(key text, language text, vals jsonb, out title text, out message text)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  words record;
begin
  select t.title, t.message into words
    from app.notice_texts t
   where t.key = notice.key and t.language in (notice.language, 'en')
   order by t.language = notice.language desc
   limit 1;
  if not found then
    raise exception 'no notice text for %', key;
  end if;
  title := app.fill_notice(words.title, vals, language);
  message := app.fill_notice(words.message, vals, language);
end
$$;
revoke execute on function app.notice(text, text, jsonb) from public;
