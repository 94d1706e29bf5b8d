// /membership/registration: the membership application for a newcomer (with the account) or
// a signed-in account without one; an existing member applies with their membership number.
import {
  RegistrationForm,
  RegistrationPage,
  type RegistrationFormProps,
} from '@/components/registration-page';
import { registerMember } from '../api/registration';
import { memberSteps } from '../components/registration-steps';
import {
  emptyMember,
  memberFieldOfColumn,
  memberSchema,
  memberWithAccountSchema,
  type MemberValues,
} from '../registration-schema';
import { registrationText as t } from '../registration-text';

function MemberForm(props: RegistrationFormProps) {
  return (
    <RegistrationForm<MemberValues>
      {...props}
      formId="membership-registration"
      steps={memberSteps()}
      schemas={{ withAccount: memberWithAccountSchema, signedIn: memberSchema }}
      defaults={emptyMember}
      fieldOfColumn={memberFieldOfColumn}
      send={async (values, account) => {
        const entry = await registerMember(values, account);
        // The application's NEW- reference is no number to remember: the HWT- id is (issue 40).
        return entry.membership_no.startsWith('NEW-')
          ? entry.unique_id
          : `${entry.unique_id} (${entry.membership_no})`;
      }}
    />
  );
}

export function Component() {
  return <RegistrationPage audience="member" title={t.title} intro={t.intro} form={MemberForm} />;
}
