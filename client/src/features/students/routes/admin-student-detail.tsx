// /admin/students/{id}: the application in full; PAN and Aadhaar masked with an audited
// Reveal and the past reveals; documents by signed URL; approve or reject (approver and time);
// progress reports.
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { IdentityNumbers } from '@/components/identity-numbers';
import { DecisionButtons } from '@/components/decision-buttons';
import { ButtonLink } from '@/components/ui/button';
import { loaded } from '@/components/ui/query-state';
import { Card, LoadingState, PageHeader } from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { formatDate, formatDateTime, formatInr } from '@/lib/display-format';
import { adminText as text } from '../admin-text';
import { useDecideStudent, useStudent, type StudentRow } from '../api/admin-students';
import { DocumentsPanel } from '../components/documents-panel';
import { ProgressPanel } from '../components/progress-panel';
import { ApprovalBadge } from '../components/student-status';

type Key = keyof typeof text.fields & keyof StudentRow;
const MONEY = new Set([
  'family_income',
  'total_fees',
  'self_contribution',
  'donation_seeking',
  'financial_assistance',
]);
// The terms of each section, in the order the form asks them.
const PERSONAL_KEYS: Key[] = [
  'first_name',
  'surname',
  'father_name',
  'date_of_birth',
  'age',
  'gender',
  'email',
  'mobile_number',
  'current_address',
  'current_pincode',
  'permanent_address',
  'permanent_pincode',
  'passport_no',
  'hometown',
  'created_at',
];
const FAMILY_KEYS: Key[] = [
  'father_occupation',
  'family_income',
  'father_email',
  'father_mobile',
  'mother_name',
  'mother_occupation',
  'mother_email',
  'mother_mobile',
];
const COURSE_KEYS: Key[] = [
  'last_qualification',
  'studying_class',
  'institution_name',
  'academic_year',
  'course_planning',
  'course_details',
  'total_fees',
  'self_contribution',
  'donation_seeking',
  'financial_assistance',
  'why_donation',
];
const REFERENCES_KEYS: Key[] = [
  'reference1_name',
  'reference1_contact',
  'reference2_name',
  'reference2_contact',
];

function Fields({ row, keys }: { row: StudentRow; keys: Key[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {keys.map((k) => {
        const v = row[k] as string | number | null;
        const shown =
          v === null || v === ''
            ? '—'
            : MONEY.has(k)
              ? formatInr(v)
              : k === 'date_of_birth'
                ? formatDate(String(v))
                : k === 'created_at'
                  ? formatDateTime(String(v))
                  : k === 'gender'
                    ? (text.genderLabels[String(v)] ?? String(v))
                    : String(v);
        return (
          <div key={k}>
            <dt className="text-xs font-semibold text-stone-600 uppercase">{text.fields[k]}</dt>
            <dd className="break-words whitespace-pre-line text-stone-900">{shown}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mt-4">
      <h2 className="mb-3 font-serif text-lg font-bold">{title}</h2>
      {children}
    </Card>
  );
}

/** A section of the application's terms and values. */
function FieldsSection({ title, row, keys }: { title: string; row: StudentRow; keys: Key[] }) {
  return (
    <Section title={title}>
      <Fields row={row} keys={keys} />
    </Section>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const student = useStudent(id);
  const decide = useDecideStudent(id);
  const auth = useAuth();
  const isAdmin = auth.user?.type === 'admin' || auth.user?.type === 'super_admin';

  const ready = loaded(student, { loading: <LoadingState rows={4} />, errorTitle: text.notFound });
  if (!ready.ok) return ready.fallback;
  const s = ready.data;

  return (
    <div className="max-w-5xl">
      <PageHeader title={`${s.first_name} ${s.surname}`}>
        <span className="inline-flex flex-wrap items-center gap-3" data-testid="student-status">
          <ApprovalBadge status={s.approval_status} />
          {s.approved_at && (
            <span className="text-sm text-stone-600">
              {text.decidedBy}: {s.approver?.full_name ?? s.approver?.email ?? '—'} ·{' '}
              {formatDateTime(s.approved_at)}
            </span>
          )}
        </span>
      </PageHeader>
      {isAdmin && (
        <div className="mb-2 flex flex-wrap gap-2">
          <DecisionButtons
            status={s.approval_status}
            pending={decide.isPending}
            decide={(decision) => decide.mutateAsync(decision)}
            labels={text}
          />
          <ButtonLink to={`/admin/students/${s.id}/edit`} variant="secondary">
            <Pencil className="h-4 w-4" aria-hidden /> {text.edit}
          </ButtonLink>
        </div>
      )}
      <FieldsSection title={text.sections.personal} row={s} keys={PERSONAL_KEYS} />
      <Section title={text.sections.identity}>
        <IdentityNumbers
          table="student_details"
          id={s.id}
          pan={s.pan_no}
          aadhar={s.aadhar_no}
          canReveal={isAdmin}
        />
      </Section>
      <FieldsSection title={text.sections.family} row={s} keys={FAMILY_KEYS} />
      <FieldsSection title={text.sections.course} row={s} keys={COURSE_KEYS} />
      <FieldsSection title={text.sections.references} row={s} keys={REFERENCES_KEYS} />
      <Section title={text.sections.documents}>
        <DocumentsPanel userId={s.user_id} />
      </Section>
      <Section title={text.sections.progress}>
        <ProgressPanel student={s} canWrite={isAdmin} />
      </Section>
    </div>
  );
}
