-- Issue 40, item 17: a business website typed without a scheme ('udupisweets.example') is
-- stored with https:// in front; the database still refuses anything that is not an absolute
-- http(s) address.
begin;
select plan(9);
select tests.seed();

select is(app.web_address('udupisweets.example'), 'https://udupisweets.example', 'a bare host gets https://');
select is(app.web_address(' www.udupi-sweets.in/menu?x=1 '), 'https://www.udupi-sweets.in/menu?x=1',
  'with www, a path and a query, trimmed');
select is(app.web_address('http://udupisweets.example'), 'http://udupisweets.example', 'a scheme is kept');
select is(app.web_address('javascript:alert(1)'), 'javascript:alert(1)', 'another scheme is left for the check to refuse');
select is(app.web_address('not a site'), 'not a site', 'words are left for the check to refuse');
select is(app.web_address(''), null, 'empty is none');

insert into public.business_listings (business_name, website) values ('Udupi Sweets', 'udupisweets.example');
select is((select website from public.business_listings where business_name = 'Udupi Sweets'),
  'https://udupisweets.example', 'a listing stores the typed host as an https address');
update public.business_listings set website = 'shop.udupisweets.example' where business_name = 'Udupi Sweets';
select is((select website from public.business_listings where business_name = 'Udupi Sweets'),
  'https://shop.udupisweets.example', 'and on update');
select throws_ok($$update public.business_listings set website = 'javascript:alert(1)' where business_name = 'Udupi Sweets'$$,
  '23514', null, 'anything but an http(s) address is still refused');

select * from finish();
rollback;
