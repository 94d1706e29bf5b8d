// The Edit Event form (spec §2), shared by create and edit: Basic Information, Date & Time,
// Location, Contact Information, Registration, Featured Image, Status; Cancel and Update Event.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, Options } from '@/components/ui/field';
import { SubmitButton, useSubmitState } from '@/components/ui/submit-button';
import { adminText as t } from '@/features/events/admin-text';
import { text } from '@/features/events/text';
import { eventFormSchema, LIMITS, type EventFormValues } from '@/features/events/lib/event-form';
import { EVENT_STATUSES, EVENT_TYPES } from '@/features/events/lib/event-kinds';
import { DescriptionField } from './description-field';
import { FeaturedImageField } from './featured-image-field';
import { FormSection } from './form-section';

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={`text-xs ${value.length > max ? 'text-red-700' : 'text-stone-500'}`}>
      {t.characters(value.length, max)}
    </span>
  );
}

export function EventForm({
  initial,
  mode,
  onSubmit,
  onCancel,
  onDirtyChange,
}: {
  initial: EventFormValues;
  mode: 'create' | 'edit';
  /** Saves; throws when the save failed (the button shows the error state). */
  onSubmit: (values: EventFormValues) => Promise<void>;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const submit = useSubmitState();
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isDirty },
  } = form;
  const registration = useWatch({ control, name: 'registration_required' });
  const title = useWatch({ control, name: 'title' });
  const venue = useWatch({ control, name: 'venue_details' });

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const save = handleSubmit(
    async (values) => {
      try {
        await submit.run(() => onSubmit(values));
        reset(values);
      } catch {
        // the screen has shown the toast; the button shows the error state
      }
    },
    (invalid) => {
      const first = Object.keys(invalid)[0] as keyof EventFormValues | undefined;
      if (first && first !== 'description' && first !== 'featured_image_url') setFocus(first);
    },
  );

  const submitLabel = mode === 'create' ? t.create : t.update;
  return (
    <form
      onSubmit={save}
      noValidate
      className="space-y-6"
      aria-label={mode === 'create' ? t.createTitle : t.editTitle}
    >
      <FormSection id="basic" title={t.sections.basic} hint={t.sections.basicHint}>
        <Field label={t.fields.title} error={errors.title?.message}>
          <input
            {...register('title')}
            placeholder={t.fields.titlePlaceholder}
            maxLength={LIMITS.title + 50}
            autoComplete="off"
          />
        </Field>
        <div className="-mt-3 text-right">
          <Counter value={title ?? ''} max={LIMITS.title} />
        </div>
        <Field label={t.fields.type} error={errors.event_type?.message}>
          <select {...register('event_type')}>
            <option value="">{t.fields.typePlaceholder}</option>
            <Options values={EVENT_TYPES} labels={text.types} />
          </select>
        </Field>
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <DescriptionField
              label={t.fields.description}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              max={LIMITS.description}
            />
          )}
        />
      </FormSection>

      <FormSection id="datetime" title={t.sections.dateTime}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t.fields.date} error={errors.event_date?.message}>
            <input type="date" {...register('event_date')} />
          </Field>
          <Field label={t.fields.time} error={errors.event_time?.message}>
            <input type="time" {...register('event_time')} />
          </Field>
        </div>
      </FormSection>

      <FormSection id="location" title={t.sections.location}>
        <Field label={t.fields.location} error={errors.location?.message}>
          <input {...register('location')} placeholder={t.fields.locationPlaceholder} />
        </Field>
        <Field label={t.fields.venue} error={errors.venue_details?.message}>
          <textarea
            {...register('venue_details')}
            rows={3}
            placeholder={t.fields.venuePlaceholder}
          />
        </Field>
        <div className="-mt-3 text-right">
          <Counter value={venue ?? ''} max={LIMITS.venue} />
        </div>
      </FormSection>

      <FormSection id="contact" title={t.sections.contact}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t.fields.organizer} error={errors.organizer?.message}>
            <input {...register('organizer')} autoComplete="organization" />
          </Field>
          <Field label={t.fields.contactPerson} error={errors.contact_person?.message}>
            <input {...register('contact_person')} autoComplete="name" />
          </Field>
          <Field label={t.fields.phone} error={errors.contact_phone?.message}>
            <input type="tel" {...register('contact_phone')} autoComplete="tel" />
          </Field>
          <Field label={t.fields.email} error={errors.contact_email?.message}>
            <input type="email" {...register('contact_email')} autoComplete="email" />
          </Field>
        </div>
      </FormSection>

      <FormSection id="registration" title={t.sections.registration}>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            {...register('registration_required')}
            className="mt-1 h-5 w-5 accent-orange-800"
            aria-describedby="registration-hint"
          />
          <span>
            <span className="font-semibold text-stone-900">{t.fields.registrationRequired}</span>
            <span id="registration-hint" className="block text-sm text-stone-600">
              {t.fields.registrationHint}
            </span>
          </span>
        </label>
        {registration && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t.fields.deadline} error={errors.registration_deadline?.message}>
              <input type="datetime-local" {...register('registration_deadline')} />
            </Field>
            <Field
              label={t.fields.maxAttendees}
              error={errors.max_attendees?.message}
              hint={t.fields.maxAttendeesHint}
            >
              <input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                {...register('max_attendees')}
              />
            </Field>
          </div>
        )}
      </FormSection>

      <FormSection id="image" title={t.sections.image}>
        <Controller
          control={control}
          name="featured_image_url"
          render={({ field, fieldState }) => (
            <FeaturedImageField
              value={field.value}
              onChange={(url) => field.onChange(url)}
              error={fieldState.error?.message}
            />
          )}
        />
      </FormSection>

      <FormSection id="status" title={t.sections.status}>
        <Field label={t.fields.status} error={errors.status?.message}>
          <select {...register('status')}>
            <Options values={EVENT_STATUSES} labels={t.statuses} />
          </select>
        </Field>
        <StatusHint control={control} />
      </FormSection>

      <div className="sticky bottom-0 -mx-4 flex flex-wrap justify-end gap-3 border-t border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
        <Button variant="secondary" onClick={onCancel} disabled={submit.state === 'loading'}>
          {t.cancel}
        </Button>
        <SubmitButton
          state={submit.state}
          labels={{ idle: submitLabel, loading: t.saving, success: t.saved, error: t.saveFailed }}
        />
      </div>
    </form>
  );
}

function StatusHint({
  control,
}: {
  control: ReturnType<typeof useForm<EventFormValues>>['control'];
}) {
  const status = useWatch({ control, name: 'status' });
  return <p className="-mt-2 text-sm text-stone-600">{t.statusHints[status]}</p>;
}
