// /dashboard/student: the application's status and dates, a summary (identity numbers
// masked), documents, progress reports and the committee's notifications.
import type { ReactNode } from 'react';
import { Pencil } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { FactList } from '@/components/ui/fact-list';
import {
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  Page,
  PageHeader,
} from '@/components/ui/states';
import { useAuth } from '@/lib/auth';
import { dataMessage } from '@/lib/errors';
import { formatInr } from '@/lib/validation/parsers';
import { ApprovalBadge } from '@/components/registration-page';
import { formatDate } from '@/lib/display-format';
import { useCommitteeNotes, useOwnApplication, type StudentApplication } from '../api/students';
import { DocumentsList } from '../components/documents-list';
import { ProgressReports } from '../components/progress-reports';
import { text } from '../text';

const money = (n: number | null) => (n === null ? '—' : formatInr(n));

function Summary({ a }: { a: StudentApplication }) {
  const rows: [string, string][] = [
    [text.summaryName, `${a.first_name} ${a.surname}`],
    [text.fields.dateOfBirth, formatDate(a.date_of_birth) || '—'],
    [text.fields.mobileNumber, a.mobile_number],
    [text.summaryEmail, a.email],
    [text.fields.institutionName, a.institution_name ?? '—'],
    [text.fields.studyingClass, a.studying_class ?? '—'],
    [text.fields.academicYear, a.academic_year ?? '—'],
    [text.fields.totalFees, money(a.total_fees)],
    [text.fields.donationSeeking, money(a.donation_seeking)],
    [text.fields.familyIncome, money(a.family_income)],
  ];
  return <FactList rows={rows} />;
}

function Committee({ userId }: { userId: string }) {
  const list = useCommitteeNotes(userId);
  const notes = list.data ?? [];
  if (list.isPending) return <LoadingState rows={1} height="h-12" />;
  if (!notes.length) return <EmptyState title={text.notesEmpty} />;
  return (
    <ul className="space-y-2">
      {notes.map((n) => (
        <li key={n.id} className="rounded-md bg-stone-50 p-3 text-sm">
          <p className="font-semibold">{n.title}</p>
          <p>{n.message}</p>
          <p className="text-xs text-stone-600">{formatDate(n.created_at) || '—'}</p>
        </li>
      ))}
    </ul>
  );
}

/** `children`: what app/ composes below (the user's event registrations). */
export function Component({ children }: { children?: ReactNode }) {
  const { session } = useAuth();
  const application = useOwnApplication();
  const a = application.data;
  return (
    <Page>
      <PageHeader title={text.dashboardTitle} />
      {application.isPending && <LoadingState rows={3} />}
      {application.isError && (
        <ErrorState
          message={`${text.loadError} ${dataMessage(application.error)}`}
          onRetry={() => application.refetch()}
        />
      )}
      {application.isSuccess && !a && (
        <EmptyState title={text.noApplication}>
          <ButtonLink to="/student-registration" className="mt-3">
            {text.applyNow}
          </ButtonLink>
        </EmptyState>
      )}
      {a && (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Card>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="font-serif text-xl font-bold">{text.application}</h2>
                <ApprovalBadge status={a.approval_status} />
              </div>
              <p className="mt-2 text-stone-800">
                {a.approval_status === 'approved'
                  ? text.statusApprovedBody
                  : a.approval_status === 'rejected'
                    ? text.statusRejectedBody
                    : text.statusPendingBody}
              </p>
              <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <div>
                  <dt className="inline font-semibold">{text.submittedOn}: </dt>
                  <dd className="inline">{formatDate(a.created_at) || '—'}</dd>
                </div>
                {a.approved_at && (
                  <div>
                    <dt className="inline font-semibold">{text.decidedOn}: </dt>
                    <dd className="inline">{formatDate(a.approved_at) || '—'}</dd>
                  </div>
                )}
                <div>
                  <dt className="inline font-semibold">{text.lastUpdated}: </dt>
                  <dd className="inline">{formatDate(a.updated_at) || '—'}</dd>
                </div>
              </dl>
              <ButtonLink to="/profile/student/edit" variant="secondary" className="mt-4">
                <Pencil className="h-4 w-4" aria-hidden /> {text.editApplication}
              </ButtonLink>
            </Card>
            <Card>
              <h2 className="mb-3 font-serif text-xl font-bold">{text.summary}</h2>
              <Summary a={a} />
              <h3 className="mt-4 font-semibold">{text.identity}</h3>
              <p className="text-xs text-stone-600">{text.identityNote}</p>
              <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className="font-semibold">{text.fields.panNo}</dt>
                  <dd>{a.pan_no ?? '—'}</dd>
                </div>
                <div>
                  <dt className="font-semibold">{text.fields.aadharNo}</dt>
                  <dd>{a.aadhar_no ?? '—'}</dd>
                </div>
                <div>
                  <dt className="font-semibold">{text.fields.passportNo}</dt>
                  <dd>{a.passport_no ? `XXXX${a.passport_no.slice(-3)}` : '—'}</dd>
                </div>
              </dl>
            </Card>
            <Card>
              <ProgressReports application={a} />
            </Card>
          </div>
          <div className="space-y-6">
            <Card>
              <h2 className="mb-3 font-serif text-xl font-bold">{text.yourDocuments}</h2>
              <DocumentsList names={a.documents} />
            </Card>
            <Card>
              <h2 className="mb-3 font-serif text-xl font-bold">{text.committeeNotes}</h2>
              <Committee userId={session?.user.id ?? ''} />
            </Card>
          </div>
        </div>
      )}
      {children}
    </Page>
  );
}
