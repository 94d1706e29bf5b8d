-- Issue 18 (staff tools for content): stored rich text is rewritten to a safe subset by the
-- database whoever writes it (app.sanitize_html on events, organization_info, achievements,
-- activities), and an event's maximum attendees counts registrants and their guests.
begin;
select plan(53);
select tests.seed();

-- The rewriter itself.
select is(app.sanitize_html('<p>Hello <script>alert(1)</script>world</p>'), '<p>Hello world</p>',
  'a script goes with its content');
select is(app.sanitize_html('<p onclick="alert(1)" class="x">Hi</p>'), '<p>Hi</p>',
  'event handlers and other attributes are removed from allowed tags');
select is(app.sanitize_html('<img src=x onerror=alert(1)>Photo'), 'Photo',
  'an image with an event handler is removed (images are not part of rich text)');
select is(app.sanitize_html('a<iframe src="https://evil.example"></iframe>b<object data="x"></object>c<embed src="x">d'), 'abcd',
  'iframes, objects and embeds are removed');
select is(app.sanitize_html('<svg><script>alert(1)</script><a href="javascript:alert(1)">x</a></svg>ok'), 'ok',
  'foreign content (svg) is removed with everything inside it');
select is(app.sanitize_html('<a href="javascript:alert(1)">click</a>'), '<a>click</a>',
  'a javascript: link loses its address');
select is(app.sanitize_html('<a href="java&#115;cript:alert(1)">x</a><a href=" javascript:alert(1)">y</a>'), '<a>x</a><a>y</a>',
  'entity-encoded and space-prefixed javascript: addresses are refused too');
select is(app.sanitize_html('<a href="https://havyaka.org/x?a=1&amp;b=2" target="_blank">site</a>'),
  '<a href="https://havyaka.org/x?a=1&amp;b=2" rel="noopener noreferrer nofollow">site</a>',
  'an https link is kept, with rel noopener and no target');
select is(app.sanitize_html('<a href="data:text/html,<script>alert(1)</script>">d</a>'), '<a>d</a>',
  'a data: link is refused');
select is(app.sanitize_html('<p style="text-align: center">c</p><p style="color: red; background: url(javascript:x)">r</p>'),
  '<p style="text-align: center">c</p><p>r</p>', 'only text alignment survives in style');
select is(app.sanitize_html('<img/src=x onerror=alert(1)>'), '&lt;img/src=x onerror=alert(1)>',
  'a malformed tag is written as text, not guessed at');
select is(app.sanitize_html('<scr<script>ipt>alert(1)</script>'), '&lt;scr',
  'a nested script trick leaves no script');
select is(app.sanitize_html('x<!-- <script>alert(1)</script> -->y<!DOCTYPE html>z'), 'xyz',
  'comments and doctypes are removed');
select is(app.sanitize_html('before<script>alert(1)'), 'before', 'an unclosed script hides the rest, which is dropped');
select is(app.sanitize_html('<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok<Style>p{}</STYLE>'), 'ok',
  'tag names are matched whatever their case');
select is(app.sanitize_html('1 < 2 & 3 > 2'), '1 &lt; 2 & 3 > 2', 'a lone < in text is escaped');
select is(
  app.sanitize_html('<h2>Programme</h2><p style="text-align: justify"><strong>Bold</strong> <em>it</em> <s>old</s></p><ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>quote</p></blockquote><p>line<br>break</p>'),
  '<h2>Programme</h2><p style="text-align: justify"><strong>Bold</strong> <em>it</em> <s>old</s></p><ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>quote</p></blockquote><p>line<br>break</p>',
  'everything the editor toolbar makes is kept as it is');
select is(app.sanitize_html(app.sanitize_html('<a href="https://x.example" onclick=1>l</a><p style="TEXT-ALIGN:RIGHT">r</p>a<b')),
  app.sanitize_html('<a href="https://x.example" onclick=1>l</a><p style="TEXT-ALIGN:RIGHT">r</p>a<b'),
  'sanitising sanitised HTML changes nothing');
select is(app.sanitize_html(null), null, 'null stays null');

-- Through the table, as the people who may write it (a REST write runs exactly this).
select tests.act_as(tests.actor('event_manager'));
select lives_ok($$insert into public.events (title, description, event_date, event_type)
  values ('Scripted', '<p>Join us</p><script>document.title="owned"</script><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
          current_date + 3, 'social')$$,
  'an event manager writes a description full of script');
select is((select description from public.events where title = 'Scripted'), '<p>Join us</p>',
  'and the stored description holds none of it');
update public.events set description = '<p onmouseover="alert(1)">Updated</p><a href="javascript:void(0)">x</a>' where title = 'Scripted';
select is((select description from public.events where title = 'Scripted'), '<p>Updated</p><a>x</a>',
  'an update is sanitised the same way');
select throws_ok($$update public.events set description = '<p>  </p><p>&nbsp;</p>' where title = 'Scripted'$$,
  '23514', null, 'a description of empty paragraphs is no description (Description is required)');
select throws_ok($$update public.events set description = '<script>alert(1)</script>' where title = 'Scripted'$$,
  '23514', null, 'nor is one that was only a script');
select tests.act_as_superuser();

select tests.act_as(tests.actor('content_manager'));
update public.organization_info set content = '<p>About us</p><script>alert(1)</script>' where section = 'about';
select is((select content from public.organization_info where section = 'about'), '<p>About us</p>',
  'organization content is sanitised');
update public.achievements set description = '<p>Gold<iframe src="//evil.example"></iframe></p>' where title = 'Award';
select is((select description from public.achievements where title = 'Award'), '<p>Gold</p>',
  'achievement descriptions are sanitised');
update public.activities set description = '<b onclick=x>Yoga</b>' where title = 'Yoga';
select is((select description from public.activities where title = 'Yoga'), '<b>Yoga</b>',
  'activity descriptions are sanitised');
select tests.act_as_superuser();

-- Capacity counts guests.
update public.events set max_attendees = 12 where title = 'Open event';
-- The fixture registered ten people (one per actor but anon); one more with one guest fills it.
select is((select people from public.event_attendance((select id from public.events where title = 'Open event'))), 9,
  'event_attendance counts the people registered');
select tests.act_as(tests.actor('user'));
select tests.changes_rows(format($$update public.event_registrations set guests = 3 where user_id = '%s'$$, tests.actor('user')), 1,
  'a registrant brings three guests while places are left');
select is((select people from public.event_attendance((select id from public.events where title = 'Open event'))), 12,
  'the count includes the guests');
select throws_ok(format($$update public.event_registrations set guests = 4 where user_id = '%s'$$, tests.actor('user')),
  '23514', 'This event is full', 'one more guest than places left is refused');
select tests.changes_rows(format($$update public.event_registrations set guests = 1 where user_id = '%s'$$, tests.actor('user')), 1,
  'fewer guests is always fine');
select tests.act_as_superuser();
select tests.act_as_anon();
select is((select max_attendees from public.event_attendance((select id from public.events where title = 'Cancelled event'))), null,
  'visitors learn nothing of a cancelled event');
select tests.act_as_superuser();

-- Sandesha editors: admins make an approved member an editor and back; nobody else can, and
-- no other type moves through this door.
select tests.act_as(tests.actor('sandesha_manager'));
select throws_ok(format($$select public.set_sandesh_editor('%s', true)$$, tests.actor('user')),
  '42501', null, 'a Sandesha manager does not choose editors');
select tests.act_as(tests.actor('content_manager'));
select throws_ok(format($$select public.set_sandesh_editor('%s', true)$$, tests.actor('user')),
  '42501', null, 'nor does a content manager');
select tests.act_as(tests.actor('admin'));
select is((public.set_sandesh_editor(tests.actor('user'), true)).type, 'havyaka_sandesh_manager',
  'an admin makes an approved member an editor');
select tests.act_as(tests.actor('user'));
select ok(app.can_manage_sandesha(), 'who may then manage the magazine');
select tests.act_as(tests.actor('admin'));
select is((public.set_sandesh_editor(tests.actor('user'), false)).type, 'member',
  'and returns them to member');
select throws_ok(format($$select public.set_sandesh_editor('%s', true)$$, tests.actor('event_manager')),
  '23514', null, 'another staff account is not turned into an editor');
select throws_ok(format($$select public.set_sandesh_editor('%s', true)$$, tests.actor('pending')),
  '23514', null, 'nor is an unapproved account');
select throws_ok(format($$select public.set_sandesh_editor('%s', false)$$, tests.actor('event_manager')),
  '23514', null, 'and only an editor can be removed as one');
select tests.act_as_superuser();

-- Announcements: admins and content managers send them; each approved account of the
-- audience gets a notification; only send_announcement writes the history.
create temp table audience_sizes as
  select (select count(*)::int from public.users where status = 'approved' and type in ('member', 'member_viewer')) as members,
         (select count(*)::int from public.users where status = 'approved') as everyone;
grant select on audience_sizes to public;
select tests.act_as(tests.actor('event_manager'));
select throws_ok($$select public.send_announcement('Hello', 'To all', 'everyone')$$,
  '42501', null, 'an event manager does not send announcements');
select tests.act_as(tests.actor('user'));
select throws_ok($$insert into public.announcements (title, message, audience) values ('x', 'y', 'everyone')$$,
  '42501', null, 'nobody writes the history directly');
select is((select count(*)::int from public.announcements), 0, 'and a member reads none of it');
select tests.act_as(tests.actor('content_manager'));
select is((public.send_announcement('Ugadi', 'Join us at the Bhavan', 'members', '/events')).recipients,
  (select members from audience_sizes),
  'a content manager announces to the members: one notification per approved member');
select tests.act_as_superuser();
select is((select count(*)::int from public.notifications n where n.title = 'Ugadi'),
  (select members from audience_sizes), 'and only to them');
select tests.act_as(tests.actor('content_manager'));
select throws_ok($$select public.send_announcement('x', 'y', 'visitors')$$, '23514', null,
  'an audience is one of everyone, members, students, matrimony');
select throws_ok($$select public.send_announcement('x', 'y', 'everyone', 'javascript:alert(1)')$$, '23514', null,
  'a link is a path or an http(s) address');
select tests.act_as(tests.actor('admin'));
select is((public.send_announcement('Notice', 'Office closed on Monday')).recipients,
  (select everyone from audience_sizes), 'an admin announces to everyone');
select is((select count(*)::int from public.announcement_deliveries(array(select id from public.announcements))), 2,
  'the history has delivery counts for both');
select tests.act_as_superuser();

-- The test page's notification: staff only, to themselves.
select tests.act_as(tests.actor('user'));
select throws_ok($$select public.send_test_push()$$, '42501', null, 'a member sends no test notification');
select tests.act_as(tests.actor('event_manager'));
select is(public.send_test_push(), 0, 'a staff member without a subscribed device gets no push');
select is((select count(*)::int from public.notifications where title = 'Test notification' and user_id = tests.actor('event_manager')), 1,
  'but the in-app notification, to themselves only');
select tests.act_as_superuser();

select * from finish();
rollback;
