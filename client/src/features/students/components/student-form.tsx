// The application form staff fill in: for a new student (with the account's password and
// "approve now") or to edit an application. PAN and Aadhaar show masked; typing a new number
// replaces the stored one, leaving the mask keeps it (the vault trigger).
import { zodResolver } from '@hookform/resolvers/zod';
import { FormSection, SaveOrCancel } from '@/components/form';
import { useForm, type Resolver } from 'react-hook-form';
import { Field, Options } from '@/components/ui/field';
import { adminText as text } from '../admin-text';
import {
  newStudentSchema,
  studentDetailsSchema,
  type NewStudentValues,
  type StudentDetailsValues,
} from '../lib/student-schema';

const f = text.fields;

export function StudentForm({
  mode,
  defaultValues,
  onSubmit,
  submitting,
  cancelTo,
}: {
  mode: 'add' | 'edit';
  defaultValues: StudentDetailsValues & Partial<Pick<NewStudentValues, 'password' | 'approve'>>;
  onSubmit: (values: NewStudentValues) => Promise<unknown>;
  submitting: boolean;
  cancelTo: string;
}) {
  const form = useForm<NewStudentValues>({
    // The add form's schema extends the edit form's (which has no password).
    resolver: zodResolver(
      mode === 'add' ? newStudentSchema : studentDetailsSchema,
    ) as unknown as Resolver<NewStudentValues>,
    defaultValues: { password: '', approve: false, ...defaultValues },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const reg = (name: keyof NewStudentValues) => register(name);
  const err = (name: keyof NewStudentValues) =>
    (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const input = (
    name: keyof StudentDetailsValues,
    label: string,
    type = 'text',
    required = false,
  ) => (
    <Field label={required ? `${label} *` : label} error={err(name)}>
      <input type={type} {...reg(name)} />
    </Field>
  );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <FormSection title={text.sections.personal}>
        {input('first_name', f.first_name, 'text', true)}
        {input('surname', f.surname, 'text', true)}
        {input('email', f.email, 'email', true)}
        {mode === 'add' && (
          <Field label={`${f.password} *`} error={err('password')}>
            <input type="password" autoComplete="new-password" {...reg('password')} />
          </Field>
        )}
        {input('mobile_number', f.mobile_number, 'tel', true)}
        {input('date_of_birth', f.date_of_birth, 'date')}
        <Field label={f.gender} error={err('gender')}>
          <select {...reg('gender')}>
            <option value="">—</option>
            <Options values={['female', 'male', 'other']} labels={text.genderLabels} />
          </select>
        </Field>
        {input('father_name', f.father_name)}
        {input('current_address', f.current_address)}
        {input('current_pincode', f.current_pincode)}
        {input('hometown', f.hometown)}
      </FormSection>
      <FormSection title={text.sections.identity}>
        {input('pan_no', f.pan_no)}
        {input('aadhar_no', f.aadhar_no)}
      </FormSection>
      <FormSection title={text.sections.family}>
        {input('family_income', f.family_income, 'text')}
        {input('father_mobile', f.father_mobile, 'tel')}
        {input('mother_mobile', f.mother_mobile, 'tel')}
      </FormSection>
      <FormSection title={text.sections.course}>
        {input('last_qualification', f.last_qualification)}
        {input('institution_name', f.institution_name)}
        {input('studying_class', f.studying_class)}
        {input('academic_year', f.academic_year)}
        {input('course_details', f.course_details)}
        {input('total_fees', f.total_fees)}
        {input('donation_seeking', f.donation_seeking)}
        <Field label={f.why_donation} error={err('why_donation')} className="sm:col-span-2">
          <textarea rows={3} {...reg('why_donation')} />
        </Field>
      </FormSection>
      {mode === 'add' && (
        <label className="flex items-center gap-2 text-sm font-semibold text-stone-800">
          <input type="checkbox" className="h-4 w-4 accent-orange-700" {...reg('approve')} />
          {text.approveNow}
        </label>
      )}
      <SaveOrCancel
        label={mode === 'add' ? text.create : text.save}
        saving={submitting}
        cancelTo={cancelTo}
        cancelLabel={text.cancel}
      />
    </form>
  );
}
