// The frame of the three registrations (student, matrimony, membership): who is looking decides
// what they see (the whole form, the form without the account part, their application's status,
// or a word about their other account), and a confirmation that says what happens next once the
// application is in. The form itself is the kit's StepsForm.
import { CheckCircle2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { StepsForm, type StepSpec } from '@/components/form';
import { Badge, statusTone } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, LoadingState, Page, PageHeader } from '@/components/ui/states';
import { authKeys, useAuth } from '@/lib/auth';
import { roleHome } from '@/lib/authorization';
import { accountStep } from '@/lib/registration/account-step';
import type { AccountInput, Audience } from '@/lib/registration/api';
import { useRegistrationGate } from '@/lib/registration/gate';
import { approvalLabel, text } from '@/lib/registration/text';

const AUDIENCE_LABEL: Record<Audience, string> = {
  student: 'student',
  matrimony: 'matrimony',
  member: 'membership',
};

/** An application's approval state (spec §4: pending, approved, rejected) as the kit's badge. */
export function ApprovalBadge({ status }: { status: string | null | undefined }) {
  return (
    <Badge tone={statusTone(status ?? 'pending')} testId="application-status">
      {approvalLabel(status)}
    </Badge>
  );
}

export function Confirmation({ audience, reference }: { audience: Audience; reference?: string }) {
  return (
    <Card className="mx-auto max-w-2xl">
      <div role="status" className="flex items-start gap-4" data-testid="registration-confirmation">
        <CheckCircle2 className="h-10 w-10 shrink-0 text-emerald-700" aria-hidden />
        <div>
          <h2 className="font-serif text-2xl font-bold">{text.received}</h2>
          <p className="mt-2 text-stone-800">{text.receivedBody}</p>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">{text.status}</dt>
            <dd data-testid="application-status">{text.pending}</dd>
            {reference && (
              <>
                <dt className="font-semibold">{text.reference}</dt>
                <dd>{reference}</dd>
              </>
            )}
          </dl>
          <h3 className="mt-4 font-semibold">{text.nextSteps}</h3>
          <p className="text-sm text-stone-700">{text.signInLater}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to="/">{text.backHome}</ButtonLink>
            <ButtonLink to={roleHome(audience)} variant="secondary">
              {text.dashboard}
            </ButtonLink>
          </div>
        </div>
      </div>
    </Card>
  );
}

/** What RegistrationPage gives its form: `withAccount` says whether it asks for an email and
 *  password; `onDone` shows the confirmation (with the application's reference). */
export interface RegistrationFormProps {
  withAccount: boolean;
  email: string | null;
  onDone: (reference?: string) => void;
}

/** The values every registration has: the name, and the account's email and password. */
type RegistrationValues = FieldValues & {
  firstName: string;
  surname: string;
  email?: string | null;
  password?: string;
};

/**
 * A registration's StepsForm: a newcomer answers the account step first (its email is also the
 * application's, so the form's own email field goes), the last step gets `extra` (file
 * pickers), and one submit signs the newcomer up and in, sends the application and refreshes
 * who is signed in. `send` returns the reference the confirmation shows, if any.
 */
export function RegistrationForm<V extends RegistrationValues>({
  withAccount,
  onDone,
  formId,
  steps: ownSteps,
  schemas,
  defaults,
  fieldOfColumn,
  extra,
  send,
}: Omit<RegistrationFormProps, 'email'> & {
  formId: string;
  steps: StepSpec[];
  schemas: {
    withAccount: z.ZodType<unknown, FieldValues>;
    signedIn: z.ZodType<unknown, FieldValues>;
  };
  defaults: FieldValues;
  fieldOfColumn?: (column: string) => string;
  extra?: ReactNode;
  send: (values: V, account: AccountInput | null) => Promise<string | void>;
}) {
  const queryClient = useQueryClient();
  const steps = withAccount
    ? [
        accountStep(),
        ...ownSteps.map((s) => ({ ...s, fields: s.fields.filter((f) => f.name !== 'email') })),
      ]
    : ownSteps;
  const last = steps.length - 1;
  return (
    <StepsForm
      submitLabels={text.submitLabels}
      formId={formId}
      steps={extra ? steps.map((s, i) => (i === last ? { ...s, extra } : s)) : steps}
      schema={withAccount ? schemas.withAccount : schemas.signedIn}
      defaults={{ ...defaults, password: '', confirmPassword: '' }}
      fieldOfColumn={fieldOfColumn}
      onSubmit={async (values) => {
        const v = values as V;
        const account = withAccount
          ? {
              email: v.email ?? '',
              password: v.password ?? '',
              fullName: `${v.firstName} ${v.surname}`.trim(),
            }
          : null;
        const reference = await send(v, account);
        await queryClient.invalidateQueries({ queryKey: authKeys.all });
        onDone(reference ?? undefined);
      }}
    />
  );
}

export function RegistrationPage({
  audience,
  title,
  intro,
  form: Form,
}: {
  audience: Audience;
  title: string;
  intro: ReactNode;
  form: ComponentType<RegistrationFormProps>;
}) {
  const gate = useRegistrationGate(audience);
  const [done, setDone] = useState<{ reference?: string } | null>(null);
  // Once shown, the form stays put while the submit signs the newcomer up and in.
  const [form, setForm] = useState<{ withAccount: boolean; email: string | null } | null>(null);
  useEffect(() => {
    if (form) return;
    if (gate.kind === 'newcomer') setForm({ withAccount: true, email: null });
    if (gate.kind === 'signedIn') setForm({ withAccount: false, email: gate.email });
  }, [gate, form]);
  const onDone = (reference?: string) => {
    setDone({ reference });
    window.scrollTo({ top: 0 });
  };
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <Page>
      <div className="mx-auto max-w-3xl">
        <PageHeader title={title}>{intro}</PageHeader>
        {done && <Confirmation audience={audience} reference={done.reference} />}
        {!done && form && (
          <>
            {form.email && (
              <p className="mb-4 rounded-md bg-stone-100 p-3 text-sm text-stone-800">
                {text.signedInAs(form.email)}
              </p>
            )}
            <Form {...form} onDone={onDone} />
          </>
        )}
        {!done && !form && gate.kind !== 'registered' && gate.kind !== 'otherAccount' && (
          <LoadingState rows={2} />
        )}
        {!done && !form && gate.kind === 'registered' && (
          <Card>
            <h2 className="font-serif text-xl font-bold">{text.alreadyRegistered}</h2>
            <p className="mt-2" data-testid="application-status">
              {text.alreadyRegisteredBody(approvalLabel(gate.status).toLowerCase())}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <ButtonLink to={roleHome(audience)}>{text.dashboard}</ButtonLink>
              <ButtonLink to="/" variant="secondary">
                {text.backHome}
              </ButtonLink>
            </div>
          </Card>
        )}
        {!done && !form && gate.kind === 'otherAccount' && (
          <Card>
            <p>{text.otherAccount(gate.type.replace(/_/g, ' '), AUDIENCE_LABEL[audience])}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Button
                onClick={async () => {
                  await auth.signOut();
                  navigate(0);
                }}
              >
                {text.signOut}
              </Button>
              <ButtonLink to="/" variant="secondary">
                {text.backHome}
              </ButtonLink>
            </div>
          </Card>
        )}
      </div>
    </Page>
  );
}
