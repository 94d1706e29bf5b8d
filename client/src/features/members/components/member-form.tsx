// The directory entry form, for create and edit: react-hook-form with the zod schema (spec §5
// messages); the server checks the same rules and gives the numbers.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { FormSection } from '@/components/form';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { DELIVERY_METHODS, MEMBER_TYPES } from '../lib/member-row';
import { memberFormSchema, type MemberFormValues } from '../lib/member-schema';
import { adminText as text } from '../text';

const f = text.fields;

function Checkbox({ label, reg }: { label: string; reg: UseFormRegisterReturn }) {
  return (
    <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold text-stone-800">
      <input type="checkbox" className="h-4 w-4 accent-orange-700" {...reg} />
      {label}
    </label>
  );
}

export function MemberForm({
  mode,
  defaultValues,
  onSubmit,
  submitting,
  cancelTo,
}: {
  mode: 'create' | 'edit';
  defaultValues: MemberFormValues;
  onSubmit: (values: MemberFormValues) => Promise<unknown>;
  submitting: boolean;
  cancelTo: string;
}) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<MemberFormValues>({
    resolver: zodResolver(memberFormSchema),
    defaultValues,
  });
  const upgradation = watch('is_upgradation');
  const e = (name: keyof MemberFormValues) => errors[name]?.message;

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-5"
      aria-label={mode === 'create' ? text.createTitle : text.editTitle}
    >
      <FormSection title={text.sections.person}>
        <Field label={`${f.full_name} *`} error={e('full_name')}>
          <input autoComplete="off" {...register('full_name')} />
        </Field>
        <Field label={f.date_of_birth} error={e('date_of_birth')}>
          <input type="date" {...register('date_of_birth')} />
        </Field>
        <Field label={f.email} error={e('email')}>
          <input type="email" {...register('email')} />
        </Field>
        <Field label={f.mobile_number} error={e('mobile_number')}>
          <input type="tel" {...register('mobile_number')} />
        </Field>
        <Field label={f.gotra} error={e('gotra')}>
          <input {...register('gotra')} />
        </Field>
        <Field label={f.profession} error={e('profession')}>
          <input {...register('profession')} />
        </Field>
      </FormSection>
      <FormSection title={text.sections.address}>
        <Field label={f.address_line1} error={e('address_line1')}>
          <input {...register('address_line1')} />
        </Field>
        <Field label={f.address_line2} error={e('address_line2')}>
          <input {...register('address_line2')} />
        </Field>
        <Field label={f.city} error={e('city')}>
          <input {...register('city')} />
        </Field>
        <Field label={f.state} error={e('state')}>
          <input {...register('state')} />
        </Field>
        <Field label={f.pincode} error={e('pincode')}>
          <input inputMode="numeric" {...register('pincode')} />
        </Field>
        <Field label={f.native_place} error={e('native_place')}>
          <input {...register('native_place')} />
        </Field>
      </FormSection>
      <FormSection title={text.sections.membership}>
        <Field label={`${f.member_type} *`} error={e('member_type')}>
          <select {...register('member_type')}>
            {MEMBER_TYPES.map((t) => (
              <option key={t} value={t}>
                {text.typeLabels[t] ?? t}
              </option>
            ))}
          </select>
        </Field>
        {mode === 'create' ? (
          <Checkbox label={f.is_upgradation} reg={register('is_upgradation')} />
        ) : (
          <div />
        )}
        {(mode === 'edit' || upgradation) && (
          <Field
            label={mode === 'create' ? `${f.membership_no} *` : f.membership_no}
            error={e('membership_no')}
          >
            <input {...register('membership_no')} />
          </Field>
        )}
        <Field label={f.remarks} error={e('remarks')}>
          <textarea rows={2} {...register('remarks')} />
        </Field>
        <Field label={f.approval_notes} error={e('approval_notes')}>
          <textarea rows={2} {...register('approval_notes')} />
        </Field>
        {mode === 'create' && (
          <p className="text-sm text-stone-600 sm:col-span-2">
            {text.numberHint} {upgradation ? '' : text.membershipHint}
          </p>
        )}
      </FormSection>
      <FormSection title={text.sections.sandesha}>
        <Field label={f.sandesha_delivery_method} error={e('sandesha_delivery_method')}>
          <select {...register('sandesha_delivery_method')}>
            <option value="">{text.noDelivery}</option>
            {DELIVERY_METHODS.map((m) => (
              <option key={m} value={m}>
                {text.deliveryLabels[m] ?? m}
              </option>
            ))}
          </select>
        </Field>
        <Checkbox label={f.sandesha_delivery_enabled} reg={register('sandesha_delivery_enabled')} />
      </FormSection>
      <div className="flex gap-3">
        <Button type="submit" disabled={submitting}>
          {mode === 'create' ? text.create : text.save}
        </Button>
        <ButtonLink to={cancelTo} variant="ghost">
          {text.cancel}
        </ButtonLink>
      </div>
    </form>
  );
}
