import { ArrowLeft, CalendarDays, Mail, MapPin, Phone, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { SafeHtml } from '@/components/rich-text';
import { ButtonLink } from '@/components/ui/button';
import { loaded } from '@/components/ui/query-state';
import { LoadingState, NotFoundState } from '@/components/ui/states';
import { formatDate, imageSrcSet, imageUrl } from '@/lib/images';
import { isUuid, useEvent } from '../api/events';
import { descriptionToHtml } from '@/lib/stored-html';
import { text } from '../text';
import { EventRegistration } from './event-registration';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A <dl> holds only <div>s of <dt> and <dd>: the icon goes inside the term.
    <div className="grid grid-cols-[auto_1fr] gap-x-3">
      <dt className="contents">
        <span className="row-span-2 mt-0.5 text-orange-800">{icon}</span>
        <span className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
          {label}
        </span>
      </dt>
      <dd className="col-start-2 text-stone-900">{children}</dd>
    </div>
  );
}

export function EventNotFound() {
  return (
    <NotFoundState
      title={text.notFound}
      body={text.notFoundBody}
      back={{ to: '/events', label: text.backToEvents }}
    />
  );
}

/** An event's page; `children` (its albums) is composed by the route. */
export function EventDetails({
  eventId,
  children,
}: {
  eventId: string | undefined;
  children?: ReactNode;
}) {
  const valid = isUuid(eventId);
  const event = useEvent(valid ? eventId : '00000000-0000-0000-0000-000000000000');
  if (!valid) return <EventNotFound />;
  const ready = loaded(event, {
    loading: <LoadingState label={text.loadingEvent} />,
    errorTitle: text.loadEventError,
    errorMessage: text.loadEventErrorBody,
  });
  if (!ready.ok) return ready.fallback;
  const e = ready.data;
  if (!e) return <EventNotFound />;
  return (
    <article>
      <ButtonLink to="/events" variant="ghost" className="mb-4 -ml-3">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {text.backToEvents}
      </ButtonLink>
      <p className="text-sm font-semibold tracking-wide text-orange-900 uppercase">
        {text.types[e.event_type] ?? e.event_type} · {text.status[e.status] ?? e.status}
      </p>
      <h1 className="mt-1 font-serif text-3xl font-bold sm:text-4xl">{e.title}</h1>
      {e.featured_image_url && (
        <img
          src={imageUrl(e.featured_image_url, { width: 960, height: 400 })}
          srcSet={imageSrcSet(e.featured_image_url, 960, 400)}
          alt=""
          width={960}
          height={400}
          className="mt-6 aspect-[12/5] w-full rounded-lg object-cover"
        />
      )}
      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <div data-testid="event-description">
            <SafeHtml html={descriptionToHtml(e.description)} className="text-lg text-stone-800" />
          </div>
          <div className="mt-8">{children}</div>
        </div>
        <div className="order-first space-y-4 lg:order-none">
          <dl className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
            <Fact icon={<CalendarDays className="h-5 w-5" aria-hidden />} label={text.when}>
              {formatDate(e.event_date, { dateStyle: 'full' })}
              {e.event_time ? `, ${e.event_time.slice(0, 5)}` : ''}
            </Fact>
            {e.location && (
              <Fact icon={<MapPin className="h-5 w-5" aria-hidden />} label={text.where}>
                {e.location}
                {e.venue_details && (
                  <span className="block text-sm text-stone-600">{e.venue_details}</span>
                )}
              </Fact>
            )}
            {(e.organizer || e.contact_person) && (
              <Fact icon={<User className="h-5 w-5" aria-hidden />} label={text.organizer}>
                {e.organizer}
                {e.contact_person && (
                  <span className="block text-sm text-stone-600">{e.contact_person}</span>
                )}
              </Fact>
            )}
            {e.contact_phone && (
              <Fact icon={<Phone className="h-5 w-5" aria-hidden />} label={text.contact}>
                <a className="underline" href={`tel:${e.contact_phone.replace(/\s/g, '')}`}>
                  {e.contact_phone}
                </a>
              </Fact>
            )}
            {e.contact_email && (
              <Fact icon={<Mail className="h-5 w-5" aria-hidden />} label={text.email}>
                <a className="underline" href={`mailto:${e.contact_email}`}>
                  {e.contact_email}
                </a>
              </Fact>
            )}
            <Fact icon={<CalendarDays className="h-5 w-5" aria-hidden />} label={text.registration}>
              {e.registration_required
                ? text.registrationRequired(formatDate(e.registration_deadline), e.max_attendees)
                : text.noRegistration}
            </Fact>
          </dl>
          <EventRegistration event={e} />
        </div>
      </div>
    </article>
  );
}
