-- Amounts in words (issue 36), a property test: for thousands of amounts (random, and every
-- edge of the Indian groups), reading the words back gives the number, in English and in
-- Kannada; plus known spellings a reader checks by eye.
begin;
select plan(16);

-- Reads English words back: units and tens add, Hundred multiplies the group, Thousand and
-- Lakh close a group, Crore multiplies all that came before.
create function pg_temp.read_en(words text) returns bigint language plpgsql immutable as $$
declare
  vocab jsonb := '{"one":1,"two":2,"three":3,"four":4,"five":5,"six":6,"seven":7,"eight":8,"nine":9,"ten":10,
    "eleven":11,"twelve":12,"thirteen":13,"fourteen":14,"fifteen":15,"sixteen":16,"seventeen":17,"eighteen":18,
    "nineteen":19,"twenty":20,"thirty":30,"forty":40,"fifty":50,"sixty":60,"seventy":70,"eighty":80,"ninety":90}';
  total bigint := 0;
  cur bigint := 0;
  w text;
begin
  if words = 'Zero' then return 0; end if;
  foreach w in array regexp_split_to_array(lower(words), '[ -]') loop
    case w
      when 'hundred' then cur := cur * 100;
      when 'thousand' then total := total + cur * 1000; cur := 0;
      when 'lakh' then total := total + cur * 100000; cur := 0;
      when 'crore' then total := (total + cur) * 10000000; cur := 0;
      else
        if not vocab ? w then raise exception 'unknown word %', w; end if;
        cur := cur + (vocab ->> w)::bigint;
    end case;
  end loop;
  return total + cur;
end
$$;

-- Kannada: 1..99 are single words (an independent list here), hundreds are single words too
-- (ಐನೂರು, or ಐನೂರ before more), ಸಾವಿರ(ದ) and ಲಕ್ಷ(ದ) close a group, ಕೋಟಿ multiplies.
create function pg_temp.read_kn(words text) returns bigint language plpgsql immutable as $$
declare
  units text[] := array['ಒಂದು', 'ಎರಡು', 'ಮೂರು', 'ನಾಲ್ಕು', 'ಐದು', 'ಆರು', 'ಏಳು', 'ಎಂಟು', 'ಒಂಬತ್ತು', 'ಹತ್ತು',
    'ಹನ್ನೊಂದು', 'ಹನ್ನೆರಡು', 'ಹದಿಮೂರು', 'ಹದಿನಾಲ್ಕು', 'ಹದಿನೈದು', 'ಹದಿನಾರು', 'ಹದಿನೇಳು', 'ಹದಿನೆಂಟು', 'ಹತ್ತೊಂಬತ್ತು',
    'ಇಪ್ಪತ್ತು', 'ಇಪ್ಪತ್ತೊಂದು', 'ಇಪ್ಪತ್ತೆರಡು', 'ಇಪ್ಪತ್ತಮೂರು', 'ಇಪ್ಪತ್ತನಾಲ್ಕು', 'ಇಪ್ಪತ್ತೈದು', 'ಇಪ್ಪತ್ತಾರು', 'ಇಪ್ಪತ್ತೇಳು',
    'ಇಪ್ಪತ್ತೆಂಟು', 'ಇಪ್ಪತ್ತೊಂಬತ್ತು', 'ಮೂವತ್ತು', 'ಮೂವತ್ತೊಂದು', 'ಮೂವತ್ತೆರಡು', 'ಮೂವತ್ತಮೂರು', 'ಮೂವತ್ತನಾಲ್ಕು', 'ಮೂವತ್ತೈದು',
    'ಮೂವತ್ತಾರು', 'ಮೂವತ್ತೇಳು', 'ಮೂವತ್ತೆಂಟು', 'ಮೂವತ್ತೊಂಬತ್ತು', 'ನಲವತ್ತು', 'ನಲವತ್ತೊಂದು', 'ನಲವತ್ತೆರಡು', 'ನಲವತ್ತಮೂರು',
    'ನಲವತ್ತನಾಲ್ಕು', 'ನಲವತ್ತೈದು', 'ನಲವತ್ತಾರು', 'ನಲವತ್ತೇಳು', 'ನಲವತ್ತೆಂಟು', 'ನಲವತ್ತೊಂಬತ್ತು', 'ಐವತ್ತು', 'ಐವತ್ತೊಂದು',
    'ಐವತ್ತೆರಡು', 'ಐವತ್ತಮೂರು', 'ಐವತ್ತನಾಲ್ಕು', 'ಐವತ್ತೈದು', 'ಐವತ್ತಾರು', 'ಐವತ್ತೇಳು', 'ಐವತ್ತೆಂಟು', 'ಐವತ್ತೊಂಬತ್ತು', 'ಅರವತ್ತು',
    'ಅರವತ್ತೊಂದು', 'ಅರವತ್ತೆರಡು', 'ಅರವತ್ತಮೂರು', 'ಅರವತ್ತನಾಲ್ಕು', 'ಅರವತ್ತೈದು', 'ಅರವತ್ತಾರು', 'ಅರವತ್ತೇಳು', 'ಅರವತ್ತೆಂಟು',
    'ಅರವತ್ತೊಂಬತ್ತು', 'ಎಪ್ಪತ್ತು', 'ಎಪ್ಪತ್ತೊಂದು', 'ಎಪ್ಪತ್ತೆರಡು', 'ಎಪ್ಪತ್ತಮೂರು', 'ಎಪ್ಪತ್ತನಾಲ್ಕು', 'ಎಪ್ಪತ್ತೈದು', 'ಎಪ್ಪತ್ತಾರು',
    'ಎಪ್ಪತ್ತೇಳು', 'ಎಪ್ಪತ್ತೆಂಟು', 'ಎಪ್ಪತ್ತೊಂಬತ್ತು', 'ಎಂಬತ್ತು', 'ಎಂಬತ್ತೊಂದು', 'ಎಂಬತ್ತೆರಡು', 'ಎಂಬತ್ತಮೂರು', 'ಎಂಬತ್ತನಾಲ್ಕು',
    'ಎಂಬತ್ತೈದು', 'ಎಂಬತ್ತಾರು', 'ಎಂಬತ್ತೇಳು', 'ಎಂಬತ್ತೆಂಟು', 'ಎಂಬತ್ತೊಂಬತ್ತು', 'ತೊಂಬತ್ತು', 'ತೊಂಬತ್ತೊಂದು', 'ತೊಂಬತ್ತೆರಡು',
    'ತೊಂಬತ್ತಮೂರು', 'ತೊಂಬತ್ತನಾಲ್ಕು', 'ತೊಂಬತ್ತೈದು', 'ತೊಂಬತ್ತಾರು', 'ತೊಂಬತ್ತೇಳು', 'ತೊಂಬತ್ತೆಂಟು', 'ತೊಂಬತ್ತೊಂಬತ್ತು'];
  hundreds text[] := array['ನೂರು', 'ಇನ್ನೂರು', 'ಮುನ್ನೂರು', 'ನಾನೂರು', 'ಐನೂರು', 'ಆರುನೂರು', 'ಏಳುನೂರು', 'ಎಂಟುನೂರು', 'ಒಂಬೈನೂರು'];
  total bigint := 0;
  cur bigint := 0;
  w text;
  i int;
begin
  if words = 'ಸೊನ್ನೆ' then return 0; end if;
  foreach w in array regexp_split_to_array(words, ' ') loop
    if w in ('ಸಾವಿರ', 'ಸಾವಿರದ') then total := total + cur * 1000; cur := 0;
    elsif w in ('ಲಕ್ಷ', 'ಲಕ್ಷದ') then total := total + cur * 100000; cur := 0;
    elsif w = 'ಕೋಟಿ' then total := (total + cur) * 10000000; cur := 0;
    else
      i := array_position(units, w);
      if i is not null then
        cur := cur + i;
      else
        i := coalesce(array_position(hundreds, w), array_position(hundreds, w || 'ು'));
        if i is null then raise exception 'unknown word %', w; end if;
        cur := cur + i * 100;
      end if;
    end if;
  end loop;
  return total + cur;
end
$$;

create temporary table samples as
select distinct n from (
  select (random() * 10 ^ (1 + random() * 10))::bigint as n from generate_series(1, 3000)
  union all select unnest(array[0, 1, 9, 10, 11, 19, 20, 21, 99, 100, 101, 110, 999, 1000, 1001, 9999, 10000, 99999, 100000,
    100001, 999999, 1000000, 9999999, 10000000, 10000001, 99999999, 100000000, 999999999, 1234567890, 99999999999])::bigint
) s;

select is((select count(*)::int from samples where pg_temp.read_en(app.number_in_words(n, 'en')) <> n), 0,
  'English: the words of every sample read back as the number');
select is((select count(*)::int from samples where pg_temp.read_kn(app.number_in_words(n, 'kn')) <> n), 0,
  'Kannada: the words of every sample read back as the number');
select is((select count(*)::int from samples where app.number_in_words(n, 'kn') ~ '[A-Za-z0-9]'), 0,
  'Kannada words are all Kannada');
select is((select count(*)::int from samples where n > 0 and app.number_in_words(n, 'en') ~ '(^ | $|  |Zero)'), 0,
  'English words have single spaces and no zero inside');

select is(app.number_in_words(1234567, 'en'), 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven', 'lakh, as Indians write it');
select is(app.number_in_words(123456789, 'en'), 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine',
  'crore');
select is(app.number_in_words(1000000000, 'en'), 'One Hundred Crore', 'a hundred crore');
select is(app.number_in_words(1234567, 'kn'), 'ಹನ್ನೆರಡು ಲಕ್ಷದ ಮೂವತ್ತನಾಲ್ಕು ಸಾವಿರದ ಐನೂರ ಅರವತ್ತೇಳು', 'Kannada lakh');
select is(app.number_in_words(200000, 'kn'), 'ಎರಡು ಲಕ್ಷ', 'a round lakh');
select is(app.number_in_words(10000000, 'kn'), 'ಒಂದು ಕೋಟಿ', 'a crore in Kannada');
select is(app.amount_in_words(2501, 'en'), 'Rupees Two Thousand Five Hundred One Only', 'a receipt''s English words');
select is(app.amount_in_words(2501, 'kn'), 'ಎರಡು ಸಾವಿರದ ಐನೂರ ಒಂದು ರೂಪಾಯಿಗಳು ಮಾತ್ರ', 'a receipt''s Kannada words');
select is(app.amount_in_words(12.40, 'en'), 'Rupees Twelve and Forty Paise Only', 'paise in English');
select is(app.amount_in_words(12.40, 'kn'), 'ಹನ್ನೆರಡು ರೂಪಾಯಿ ನಲವತ್ತು ಪೈಸೆ ಮಾತ್ರ', 'paise in Kannada');
select throws_ok($$select app.amount_in_words(-1)$$, '22023', null, 'a negative amount is refused');
select throws_ok($$select app.amount_in_words(1.005)$$, '22023', null, 'a fraction of a paisa is refused');

select * from finish();
rollback;
