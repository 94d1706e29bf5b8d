// Staff's donor picker: a member (the register's name search, either script) or a saved donor
// (public.donor_matches), or a walk-in donor entered once (name as on PAN, address, PAN or
// Aadhaar into the vault, shown masked). A member without saved details may be given them.
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, controlClass } from '@/components/ui/field';
import { donorOfUser, useDonorSearch, type Donor } from '../api/money';
import { text } from '../text';
import { DonorForm } from './donor-form';

const t = text.picker;

/** Who a payment is from: a member's account (with their donor row, if saved) or a donor. */
export interface PickedDonor {
  name: string;
  memberId: string | null;
  userId: string | null;
  donor: Donor | null;
  email: string | null;
}

/** One kind of match (members, saved donors): each a button that picks it, or "none". */
function Matches({
  label,
  rows,
}: {
  label: string;
  rows: { key: string; name: string; detail: string | null; pick: () => void }[];
}) {
  return (
    <section aria-label={label}>
      <h3 className="text-sm font-semibold">{label}</h3>
      <ul className="grid gap-1">
        {rows.map((r) => (
          <li key={r.key}>
            <button
              type="button"
              className="w-full rounded-md border border-stone-200 bg-white p-2 text-left hover:border-orange-700"
              aria-label={t.choose(r.name)}
              onClick={r.pick}
            >
              {r.name} <span className="font-mono text-xs text-stone-600">{r.detail}</span>
            </button>
          </li>
        ))}
        {rows.length === 0 && <li className="text-sm text-stone-600">{t.none}</li>}
      </ul>
    </section>
  );
}

export function DonorPicker({
  value,
  onChange,
}: {
  value: PickedDonor | null;
  onChange: (picked: PickedDonor | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [walkIn, setWalkIn] = useState(false);
  const [details, setDetails] = useState(false);
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useDonorSearch(term);

  if (value) {
    return (
      <div
        className="grid gap-2 rounded-md border border-stone-300 bg-stone-50 p-3"
        data-testid="picked-donor"
      >
        <p>
          <span className="font-semibold">{value.name}</span>
          {value.donor && (
            <span className="ml-2 font-mono text-sm text-stone-700">{value.donor.id_masked}</span>
          )}
        </p>
        {value.userId && !value.donor && !details && (
          <p className="text-sm text-stone-700">
            {t.noDetails}{' '}
            <Button variant="ghost" className="min-h-9 px-2" onClick={() => setDetails(true)}>
              {t.addDetails}
            </Button>
          </p>
        )}
        {details && value.userId && (
          <DonorForm
            donor={null}
            forUser={value.userId}
            heading={t.addDetails}
            saveLabel={t.saveDetails}
            onSaved={(donor) => {
              setDetails(false);
              onChange({ ...value, donor, name: donor.name });
            }}
          />
        )}
        <div>
          <Button
            variant="secondary"
            className="min-h-9 px-3"
            onClick={() => {
              setDetails(false);
              onChange(null);
            }}
          >
            {t.change}
          </Button>
        </div>
      </div>
    );
  }

  if (walkIn) {
    return (
      <div className="grid gap-3 rounded-md border border-stone-300 p-3">
        <h3 className="font-semibold">{t.walkInHeading}</h3>
        <DonorForm
          donor={null}
          heading={t.walkInHeading}
          saveLabel={t.saveDetails}
          onSaved={(donor) => {
            setWalkIn(false);
            onChange({ name: donor.name, memberId: null, userId: null, donor, email: donor.email });
          }}
        />
        <div>
          <Button variant="ghost" onClick={() => setWalkIn(false)}>
            {t.change}
          </Button>
        </div>
      </div>
    );
  }

  const pickMember = async (m: {
    id: string;
    user_id: string | null;
    full_name: string | null;
  }) => {
    const donor = m.user_id ? await donorOfUser(m.user_id) : null;
    onChange({
      name: donor?.name ?? m.full_name ?? '',
      memberId: m.id,
      userId: m.user_id,
      donor,
      email: null,
    });
  };

  return (
    <div className="grid gap-3">
      <Field label={t.search} hint={t.hint}>
        <input
          type="search"
          className={controlClass}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </Field>
      {term.length >= 2 && found.data && (
        <div className="grid gap-2 sm:grid-cols-2">
          <Matches
            label={t.members}
            rows={found.data.members.map((m) => ({
              key: m.id!,
              name: m.full_name ?? '',
              detail: m.unique_id,
              pick: () =>
                void pickMember({ id: m.id!, user_id: m.user_id, full_name: m.full_name }),
            }))}
          />
          <Matches
            label={t.donors}
            rows={found.data.donors.map((d) => ({
              key: d.id,
              name: d.name,
              detail: d.id_masked,
              pick: () =>
                onChange({
                  name: d.name,
                  memberId: null,
                  userId: d.user_id,
                  donor: d,
                  email: d.email,
                }),
            }))}
          />
        </div>
      )}
      <div>
        <Button variant="secondary" onClick={() => setWalkIn(true)}>
          {t.walkIn}
        </Button>
      </div>
    </div>
  );
}
