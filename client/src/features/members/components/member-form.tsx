// The directory entry form, for create and edit: react-hook-form with the zod schema (spec §5
// messages); the server checks the same rules and gives the numbers.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { FormSection, SaveOrCancel } from '@/components/form';
import { Field, Options } from '@/components/ui/field';
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
  const input = (
    name: keyof MemberFormValues,
    label: string,
    props: ComponentProps<'input'> = {},
  ) => (
    <Field label={label} error={e(name)}>
      <input {...props} {...register(name)} />
    </Field>
  );

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-5"
      aria-label={mode === 'create' ? text.createTitle : text.editTitle}
    >
      <FormSection title={text.sections.person}>
        {input('full_name', `${f.full_name} *`, { autoComplete: 'off' })}
        {input('date_of_birth', f.date_of_birth, { type: 'date' })}
        {input('email', f.email, { type: 'email' })}
        {input('mobile_number', f.mobile_number, { type: 'tel' })}
        {input('gotra', f.gotra)}
        {input('profession', f.profession)}
      </FormSection>
      <FormSection title={text.sections.address}>
        {input('address_line1', f.address_line1)}
        {input('address_line2', f.address_line2)}
        {input('city', f.city)}
        {input('state', f.state)}
        {input('pincode', f.pincode, { inputMode: 'numeric' })}
        {input('native_place', f.native_place)}
      </FormSection>
      <FormSection title={text.sections.membership}>
        <Field label={`${f.member_type} *`} error={e('member_type')}>
          <select {...register('member_type')}>
            <Options values={MEMBER_TYPES} labels={text.typeLabels} />
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
            <Options values={DELIVERY_METHODS} labels={text.deliveryLabels} />
          </select>
        </Field>
        <Checkbox label={f.sandesha_delivery_enabled} reg={register('sandesha_delivery_enabled')} />
      </FormSection>
      <SaveOrCancel
        label={mode === 'create' ? text.create : text.save}
        saving={submitting}
        cancelTo={cancelTo}
        cancelLabel={text.cancel}
      />
    </form>
  );
}
