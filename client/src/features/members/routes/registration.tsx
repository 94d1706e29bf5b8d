// /membership/registration: the membership application for a newcomer (with the account) or
// a signed-in account without one; an existing member applies with their membership number.
import { useQueryClient } from '@tanstack/react-query';
import { StepsForm } from '@/components/form';
import { RegistrationPage } from '@/components/registration-page';
import { text as reg } from '@/lib/registration/text';
import { authKeys } from '@/lib/auth';
import { registerMember } from '../api/registration';
import { memberSteps } from '../components/registration-steps';
import { accountStep } from '@/lib/registration/account-step';
import {
  emptyMember,
  memberFieldOfColumn,
  memberSchema,
  memberWithAccountSchema,
  type MemberValues,
} from '../registration-schema';
import { registrationText as t } from '../registration-text';

function MemberForm({
  withAccount,
  onDone,
}: {
  withAccount: boolean;
  onDone: (reference?: string) => void;
}) {
  const queryClient = useQueryClient();
  const steps = withAccount
    ? [
        accountStep(),
        ...memberSteps().map((s) => ({ ...s, fields: s.fields.filter((f) => f.name !== 'email') })),
      ]
    : memberSteps();
  return (
    <StepsForm
      submitLabels={reg.submitLabels}
      formId="membership-registration"
      steps={steps}
      schema={withAccount ? memberWithAccountSchema : memberSchema}
      defaults={{ ...emptyMember, password: '', confirmPassword: '' }}
      fieldOfColumn={memberFieldOfColumn}
      onSubmit={async (values) => {
        const v = values as MemberValues & { password?: string };
        const entry = await registerMember(
          v,
          withAccount
            ? {
                email: v.email,
                password: v.password ?? '',
                fullName: `${v.firstName} ${v.surname}`.trim(),
              }
            : null,
        );
        await queryClient.invalidateQueries({ queryKey: authKeys.all });
        // The application's NEW- reference is no number to remember: the HWT- id is (issue 40).
        onDone(
          entry.membership_no.startsWith('NEW-')
            ? entry.unique_id
            : `${entry.unique_id} (${entry.membership_no})`,
        );
      }}
    />
  );
}

export function Component() {
  return (
    <RegistrationPage audience="member" title={t.title} intro={t.intro}>
      {({ withAccount, onDone }) => <MemberForm withAccount={withAccount} onDone={onDone} />}
    </RegistrationPage>
  );
}
