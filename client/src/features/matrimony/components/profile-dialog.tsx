// One matrimony profile for staff: its photo (signed URL), the details that matter for the
// decision, and Approve / Reject.
import type { ReactNode } from 'react';
import { DecisionButtons } from '@/components/decision-buttons';
import { Modal } from '@/components/ui/modal';
import { formatDate, formatDateTime, formatInr } from '@/lib/display-format';
import { adminText as text } from '../admin-text';
import { useDecideProfile, useProfilePhoto, type ProfileRow } from '../api/admin-matrimony';
import { ageOn } from '../lib/matrimony-filters';

function Photo({ url, name }: { url: string | null; name: string }) {
  const photo = useProfilePhoto(url);
  if (!url) return <p className="text-sm text-stone-600">{text.noPhoto}</p>;
  if (photo.isPending) return <div className="h-60 w-48 animate-pulse rounded-md bg-stone-200" />;
  if (photo.isError) return <p className="text-sm text-red-800">{text.photoError}</p>;
  return (
    <img
      src={photo.data}
      alt={`${text.photo}: ${name}`}
      className="h-60 w-48 rounded-md object-cover"
      data-testid="profile-photo"
    />
  );
}

export function ProfileDialog({
  profile,
  canDecide,
  onClose,
}: {
  profile: ProfileRow;
  canDecide: boolean;
  onClose: () => void;
}) {
  const decide = useDecideProfile();
  const name = `${profile.first_name} ${profile.surname}`;
  const f = text.fields;
  const rows: [string, ReactNode][] = [
    [f.date_of_birth, `${formatDate(profile.date_of_birth)} (${ageOn(profile.date_of_birth)})`],
    [f.height, profile.height],
    [f.weight, profile.weight],
    [f.qualification, profile.qualification],
    [f.occupation, profile.occupation],
    [f.organization, profile.organization],
    [f.place, profile.place],
    [f.native_place, profile.native_place],
    [f.monthly_income, formatInr(profile.monthly_income)],
    [f.marital_status, profile.marital_status?.replace('_', ' ')],
    [f.gotra_nakshatra, profile.gotra_nakshatra],
    [f.email, profile.contacts?.email],
    [f.mobile_no, profile.contacts?.mobile_no],
    [f.address, profile.contacts?.address],
    [f.father_name, profile.father_name],
    [f.mother_name, profile.mother_name],
    [
      f.preferred_age,
      profile.preferred_age_from || profile.preferred_age_to
        ? `${profile.preferred_age_from ?? '?'}–${profile.preferred_age_to ?? '?'}`
        : null,
    ],
    [f.other_expectations, profile.other_expectations],
    [f.registration_date, formatDate(profile.registration_date)],
  ];

  return (
    <Modal
      title={name}
      titleClassName="text-2xl"
      description={
        <>
          {text.genderLabels[profile.gender] ?? profile.gender} ·{' '}
          {text.approvalLabels[profile.approval_status] ?? profile.approval_status}
          {profile.approved_at && ` · ${text.decidedOn(formatDateTime(profile.approved_at))}`}
        </>
      }
      closeLabel={text.close}
      onClose={onClose}
      className="bottom-4 max-w-3xl overflow-y-auto"
    >
      <div className="mt-4 flex flex-col gap-5 sm:flex-row">
        <Photo url={profile.photo_url} name={name} />
        <dl className="grid flex-1 gap-x-5 gap-y-2 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold text-stone-600 uppercase">{label}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>
      </div>
      {canDecide && (
        <div className="mt-5 flex gap-2">
          <DecisionButtons
            status={profile.approval_status}
            pending={decide.isPending}
            decide={(decision) => decide.mutateAsync({ id: profile.id, decision })}
            onDecided={onClose}
            labels={text}
          />
        </div>
      )}
    </Modal>
  );
}
