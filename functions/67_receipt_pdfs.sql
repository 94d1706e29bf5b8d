-- Receipt PDFs (issue 36): what the server's documents worker renders (templates/receipt.typ)
-- and where it stores it (receipts/{owner's id}/{receipt no with / as -}.pdf), the receipt e-mail
-- (templates/mail/receipt[.kn].txt), and a cancelled receipt rendered again marked CANCELLED.
-- The engine's side: server/migrations/0051_documents.sql, server/src/documents.

-- An amount in figures with Indian grouping: 12,34,567 (paise only when there are some: 12.50).
create or replace function app.indian_figures(amount numeric) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case when amount < 0 then '-' else '' end
      || case when length(w) > 3
              then regexp_replace(left(w, -3), '([0-9])(?=([0-9]{2})+$)', '\1,', 'g') || ',' || right(w, 3)
              else w end
      || case when abs(amount) % 1 <> 0 then '.' || lpad((round(abs(amount) % 1 * 100))::int::text, 2, '0') else '' end
    from (select trunc(abs(amount))::numeric(20, 0)::text as w) parts
$$;
comment on function app.indian_figures(numeric) is 'An amount with Indian digit grouping (12,34,567; 12.50), as receipts print it.';
grant execute on function app.indian_figures(numeric) to authenticated, service_role;

-- The rows the renderer reads (the role that migrates; no API role reads this view): every
-- field of receipt_documents, the words the template prints in both languages, the object name,
-- and the mail (only for an issued receipt: a cancelled one is rendered again, not mailed).
create or replace view app.receipt_pdf_rows as
select d.*,
       coalesce(d.user_id::text, 'staff') || '/' || replace(d.receipt_no, '/', '-') || '.pdf' as pdf_name,
       app.indian_figures(d.amount) as amount_figures,
       to_char(d.issued_on, 'DD-MM-YYYY') as issued_on_text,
       to_char(d.received_on, 'DD-MM-YYYY') as received_on_text,
       to_char(d.urn_80g_valid_from, 'DD-MM-YYYY') as urn_valid_from_text,
       to_char(d.urn_80g_valid_until, 'DD-MM-YYYY') as urn_valid_until_text,
       case d.mode when 'cash' then 'Cash' when 'cheque' then 'Cheque' when 'bank_transfer' then 'Bank transfer'
                   when 'upi' then 'UPI' when 'card' then 'Card' when 'online' then 'Online' when 'kind' then 'In kind'
                   else 'Other' end as mode_en,
       case d.mode when 'cash' then 'ನಗದು' when 'cheque' then 'ಚೆಕ್' when 'bank_transfer' then 'ಬ್ಯಾಂಕ್ ವರ್ಗಾವಣೆ'
                   when 'upi' then 'ಯುಪಿಐ' when 'card' then 'ಕಾರ್ಡ್' when 'online' then 'ಆನ್‌ಲೈನ್' when 'kind' then 'ವಸ್ತು ರೂಪದಲ್ಲಿ'
                   else 'ಇತರೆ' end as mode_kn,
       case when d.payment_type = 'membership' then 'Membership fee' else coalesce(d.purpose_label, 'Donation') end as purpose_en,
       case when d.payment_type = 'membership' then 'ಸದಸ್ಯತ್ವ ಶುಲ್ಕ' else coalesce(d.purpose_label_kn, d.purpose_label, 'ದೇಣಿಗೆ') end as purpose_kn,
       case d.ineligible_reason
         when 'not_a_donation' then 'This payment is not a donation and is not eligible for a deduction under section 80G (section 354 of the Income-tax Act, 2025).'
         when 'in_kind' then 'Donations in kind are not eligible for a deduction under section 80G (section 354 of the Income-tax Act, 2025).'
         when 'cash_over_limit' then 'Cash donations above ₹2,000 are not eligible for a deduction under section 80G (section 354 of the Income-tax Act, 2025).'
         when 'no_registration' then 'The trust had no valid 80G registration on the date received: this donation is not eligible for a deduction.'
       end as not_eligible_en,
       case d.ineligible_reason
         when 'not_a_donation' then 'ಈ ಪಾವತಿ ದೇಣಿಗೆಯಲ್ಲ; ಸೆಕ್ಷನ್ 80G (ಆದಾಯ ತೆರಿಗೆ ಕಾಯ್ದೆ, 2025ರ ಸೆಕ್ಷನ್ 354) ಅಡಿಯಲ್ಲಿ ಕಡಿತಕ್ಕೆ ಅರ್ಹವಲ್ಲ.'
         when 'in_kind' then 'ವಸ್ತು ರೂಪದ ದೇಣಿಗೆಗಳು ಸೆಕ್ಷನ್ 80G (ಆದಾಯ ತೆರಿಗೆ ಕಾಯ್ದೆ, 2025ರ ಸೆಕ್ಷನ್ 354) ಅಡಿಯಲ್ಲಿ ಕಡಿತಕ್ಕೆ ಅರ್ಹವಲ್ಲ.'
         when 'cash_over_limit' then '₹2,000ಕ್ಕಿಂತ ಹೆಚ್ಚಿನ ನಗದು ದೇಣಿಗೆಗಳು ಸೆಕ್ಷನ್ 80G (ಆದಾಯ ತೆರಿಗೆ ಕಾಯ್ದೆ, 2025ರ ಸೆಕ್ಷನ್ 354) ಅಡಿಯಲ್ಲಿ ಕಡಿತಕ್ಕೆ ಅರ್ಹವಲ್ಲ.'
         when 'no_registration' then 'ಸ್ವೀಕರಿಸಿದ ದಿನಾಂಕದಂದು ಟ್ರಸ್ಟ್‌ಗೆ ಮಾನ್ಯ 80G ನೋಂದಣಿ ಇರಲಿಲ್ಲ: ಈ ದೇಣಿಗೆ ಕಡಿತಕ್ಕೆ ಅರ್ಹವಲ್ಲ.'
       end as not_eligible_kn,
       -- The payer's address as entered, else their account's (not a staff member's who entered
       -- a walk-in's payment).
       case when d.status = 'issued'
            then coalesce(nullif(btrim(pay.payer_email), ''),
                          case when u.type <> all (app.staff_types()) then u.email end) end as mail_to,
       coalesce(u.preferred_language, 'en') as mail_language,
       d.receipt_no as mail_reference
  from public.receipt_documents d
  join public.payments pay on pay.id = d.payment_id
  left join public.users u on u.id = d.user_id;
comment on view app.receipt_pdf_rows is 'Receipts as the PDF renderer reads them (ops.declare_document receipt_pdf): fields, words, object name, mail.';
revoke all on app.receipt_pdf_rows from public;

-- A cancelled receipt is rendered again (the same file, marked CANCELLED).
create or replace function app.rerender_cancelled_receipt() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'cancelled' and old.status is distinct from 'cancelled' then
    new.pdf_path := null;
  end if;
  return new;
end
$$;
revoke execute on function app.rerender_cancelled_receipt() from public;
create or replace trigger receipts_rerender_cancelled before update of status on public.receipts
  for each row execute function app.rerender_cancelled_receipt();

select ops.declare_document('receipt_pdf', 'app.receipt_pdf_rows', 'id', 'receipt.typ', 'receipts', 'pdf_name',
                            'public.receipts', 'pdf_path', 'user_id', 'receipt', '/account/payments');
