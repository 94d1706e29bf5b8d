// /matrimony/registration: the matrimony form (spec §3, §5) with a photo resized in the
// browser and an optional biodata PDF; one submit makes the account and the profile.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StepsForm } from '@/components/form';
import { RegistrationPage } from '@/components/registration-page';
import { text as reg } from '@/lib/registration/text';
import { authKeys } from '@/lib/auth';
import { registerMatrimony } from '../api/profiles';
import { BiodataPicker, PhotoPicker } from '../components/photo-picker';
import { matrimonySteps } from '../components/steps';
import { accountStep } from '@/lib/registration/account-step';
import {
  emptyMatrimony,
  fieldOfColumn,
  matrimonySchema,
  matrimonyWithAccountSchema,
  type MatrimonyValues,
} from '../schema';
import { text } from '../text';

function MatrimonyForm({ withAccount, onDone }: { withAccount: boolean; onDone: () => void }) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [biodata, setBiodata] = useState<File | null>(null);
  const queryClient = useQueryClient();
  // A newcomer's account email is also the profile's contact email (asked once).
  const steps = withAccount
    ? [
        accountStep(),
        ...matrimonySteps().map((s) => ({
          ...s,
          fields: s.fields.filter((f) => f.name !== 'email'),
        })),
      ]
    : matrimonySteps();
  const last = steps.length - 1;
  const withFiles = steps.map((s, i) =>
    i === last
      ? {
          ...s,
          extra: (
            <div className="grid gap-6 sm:grid-cols-2">
              <PhotoPicker file={photo} onChange={setPhoto} />
              <BiodataPicker file={biodata} onChange={setBiodata} />
            </div>
          ),
        }
      : s,
  );
  return (
    <StepsForm
      submitLabels={reg.submitLabels}
      formId="matrimony-registration"
      steps={withFiles}
      schema={withAccount ? matrimonyWithAccountSchema : matrimonySchema}
      defaults={{ ...emptyMatrimony, password: '', confirmPassword: '' }}
      fieldOfColumn={fieldOfColumn}
      onSubmit={async (values) => {
        const v = values as MatrimonyValues & { password?: string };
        // The account's email is the form's email on the account step.
        await registerMatrimony(
          v,
          { photo, biodata },
          withAccount
            ? {
                email: v.email,
                password: v.password ?? '',
                fullName: `${v.firstName} ${v.surname}`.trim(),
              }
            : null,
        );
        await queryClient.invalidateQueries({ queryKey: authKeys.all });
        onDone();
      }}
    />
  );
}

export function Component() {
  return (
    <RegistrationPage
      audience="matrimony"
      title={text.registrationTitle}
      intro={text.registrationIntro}
    >
      {({ withAccount, onDone }) => <MatrimonyForm withAccount={withAccount} onDone={onDone} />}
    </RegistrationPage>
  );
}
