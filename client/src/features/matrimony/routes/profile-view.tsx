// /profile/matrimony/{id}: an approved profile for an approved registrant (policies decide):
// the view is recorded once a day, the photo comes through a short-lived signed link, and
// contact details show only after a mutual (accepted) interest: they are stored apart
// (matrimony_contacts) and the database answers with them only then.
import { phoneForPeople } from '@/lib/validation/parsers';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FactList } from '@/components/ui/fact-list';
import { Card, ErrorState, LoadingState, NotFoundState, Page } from '@/components/ui/states';
import { toastOutcome } from '@/components/ui/toast-outcome';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { dataMessage } from '@/lib/errors';
import { ageOn } from '@/lib/validation/parsers';
import { formatInr } from '@/lib/validation/parsers';
import { recordView, useInterests, useSendInterest } from '../api/interests';
import { biodataLink, matrimonyKeys, useContacts, type Profile } from '../api/profiles';
import { ProfilePhoto } from '../components/profile-photo';
import { pagesText as t } from '../pages-text';
import { maritalLabel, text } from '../text';
import { fromSdk } from '@/lib/from-sdk';

const yn = (v: boolean | null) => (v === null ? '—' : v ? t.yes : t.no);

type FactRows = [string, string | null | undefined][];

/** The profile's facts that are given (a dash when none is). */
function Facts({ rows }: { rows: FactRows }) {
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (!shown.length) return <p className="text-sm text-stone-600">—</p>;
  return <FactList rows={shown} />;
}

/** A card of facts under a heading. */
function FactsCard({ title, rows }: { title: string; rows: FactRows }) {
  return (
    <Card>
      <h2 className="mb-3 font-serif text-xl font-bold">{title}</h2>
      <Facts rows={rows} />
    </Card>
  );
}

function InterestPanel({ profile, userId }: { profile: Profile; userId: string }) {
  const interests = useInterests(userId);
  const send = useSendInterest(userId);
  const [note, setNote] = useState('');
  const mine = interests.data?.filter((i) => i.otherUserId === profile.user_id) ?? [];
  const accepted = mine.find((i) => i.status === 'accepted');
  const sent = mine.find((i) => i.direction === 'sent');
  const received = mine.find((i) => i.direction === 'received');
  if (interests.isPending) return <LoadingState rows={1} height="h-16" />;
  if (accepted)
    return (
      <div>
        <p className="text-emerald-800">{t.interestAccepted}</p>
        {/* The conversation lives on the dashboard: this opens it there (issue 40). */}
        <ButtonLink
          to={`/dashboard/matrimony?conversation=${accepted.id}`}
          variant="secondary"
          className="mt-2"
        >
          {t.sendMessage}
        </ButtonLink>
      </div>
    );
  if (received?.status === 'pending')
    return (
      <p>
        {t.interestReceived}{' '}
        <ButtonLink to="/dashboard/matrimony" variant="secondary" className="mt-2">
          {t.openDashboard}
        </ButtonLink>
      </p>
    );
  if (sent) return <p>{sent.status === 'declined' ? t.interestDeclined : t.interestPending}</p>;
  return (
    <form
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const sendInterest = () => send.mutateAsync({ receiver: profile.user_id!, message: note });
        if (await toastOutcome(sendInterest, t.interestSent)) setNote('');
      }}
    >
      <Field label={t.interestMessage}>
        <textarea
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={send.isPending}>
        {t.sendInterest}
      </Button>
    </form>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  const profile = useQuery({
    queryKey: matrimonyKeys.profile(id),
    queryFn: fromSdk((db) =>
      db
        .from('matrimony_details')
        .select('*')
        .eq('id', id)
        .eq('approval_status', 'approved')
        .maybeSingle(),
    ),
  });
  const contacts = useContacts(profile.data?.id);
  // The other side may accept while this page is open: ask the database again then.
  const interests = useInterests(userId);
  const accepted = !!interests.data?.some(
    (i) => i.otherUserId === profile.data?.user_id && i.status === 'accepted',
  );
  const refetchContacts = contacts.refetch;
  useEffect(() => {
    if (accepted) void refetchContacts();
  }, [accepted, refetchContacts]);
  useEffect(() => {
    if (profile.data && profile.data.user_id !== userId)
      void recordView(profile.data.id).catch(() => undefined);
  }, [profile.data, userId]);

  const p = profile.data;
  const c = contacts.data;
  return (
    <Page>
      {profile.isPending && <LoadingState rows={3} />}
      {profile.isError && (
        <ErrorState message={dataMessage(profile.error)} onRetry={() => profile.refetch()} />
      )}
      {profile.isSuccess && !p && (
        <NotFoundState
          title={t.notFound}
          body={t.notFoundBody}
          back={{ to: '/matrimony/browse', label: t.backToBrowse }}
        />
      )}
      {p && (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-4">
            <ProfilePhoto
              url={p.photo_url}
              name={`${p.first_name} ${p.surname}`}
              className="h-96 w-full"
            />
            {p.user_id !== userId && (
              <Card>
                <InterestPanel profile={p} userId={userId} />
              </Card>
            )}
            <ButtonLink to="/matrimony/browse" variant="secondary">
              {t.backToBrowse}
            </ButtonLink>
          </div>
          <div className="space-y-6 lg:col-span-2">
            <div>
              <h1 className="font-serif text-3xl font-bold">
                {p.first_name} {p.surname}
              </h1>
              <p className="text-stone-700">
                {t.years(ageOn(p.date_of_birth))}
                {p.height ? ` · ${p.height}` : ''} · {maritalLabel(p.marital_status)}
              </p>
            </div>
            <FactsCard
              title={t.about}
              rows={[
                [text.fields.gotraNakshatra, p.gotra_nakshatra],
                [text.fields.nativePlace, p.native_place],
                [text.fields.bloodGroup, p.blood_group],
                [text.fields.weight, p.weight],
                [text.fields.vegetarianBrahmin, yn(p.vegetarian_brahmin)],
                [text.fields.smoking, yn(p.smoking)],
                [text.fields.horoscopeMatching, yn(p.horoscope_matching)],
                [text.fields.hobby, p.hobby],
                [text.fields.achievements, p.achievements],
              ]}
            />
            <FactsCard
              title={t.background}
              rows={[
                [text.fields.qualification, p.qualification],
                [text.fields.occupation, p.occupation],
                [text.fields.organization, p.organization],
                [text.fields.designation, p.designation],
                [text.fields.place, p.place],
                [
                  text.fields.monthlyIncome,
                  p.monthly_income === null ? null : formatInr(p.monthly_income),
                ],
              ]}
            />
            <FactsCard
              title={t.preferences}
              rows={[
                [
                  t.preferredAge,
                  p.preferred_age_from || p.preferred_age_to
                    ? `${p.preferred_age_from ?? '…'} – ${p.preferred_age_to ?? '…'}`
                    : null,
                ],
                [text.fields.preferredHeight, p.preferred_height],
                [text.fields.preferredQualification, p.preferred_qualification],
                [text.fields.preferredOccupation, p.preferred_occupation],
                [text.fields.preferredWorkLocation, p.preferred_work_location],
                [text.fields.otherExpectations, p.other_expectations],
              ]}
            />
            <FactsCard
              title={t.family}
              rows={[
                [text.fields.fatherName, p.father_name],
                [text.fields.motherName, p.mother_name],
                [text.fields.parentOrganization, p.parent_organization],
              ]}
            />
            <Card>
              <h2 className="mb-3 font-serif text-xl font-bold">{t.contact}</h2>
              {contacts.isPending ? (
                <LoadingState rows={1} height="h-16" />
              ) : contacts.isError ? (
                <ErrorState
                  message={dataMessage(contacts.error)}
                  onRetry={() => contacts.refetch()}
                />
              ) : c ? (
                <div data-testid="contact-details">
                  <Facts
                    rows={[
                      [text.fields.mobileNo, c.mobile_no && phoneForPeople(c.mobile_no)],
                      [text.fields.email, c.email],
                      [text.fields.telNo, c.tel_no && phoneForPeople(c.tel_no)],
                      [text.fields.contactPerson, c.contact_person],
                      [text.fields.contactNo, c.contact_no && phoneForPeople(c.contact_no)],
                      [text.fields.address, c.address],
                    ]}
                  />
                  {c.biodata_url && (
                    <Button
                      variant="secondary"
                      className="mt-3"
                      onClick={async () =>
                        window.open(await biodataLink(c.biodata_url!), '_blank', 'noopener')
                      }
                    >
                      {t.biodata}
                    </Button>
                  )}
                </div>
              ) : (
                <p className="text-stone-700" data-testid="contact-locked">
                  {t.contactLocked}
                </p>
              )}
            </Card>
          </div>
        </div>
      )}
    </Page>
  );
}
