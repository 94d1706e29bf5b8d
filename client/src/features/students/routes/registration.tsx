// /student-registration: the student form (spec §3, §5) for a newcomer (with the account) or
// a signed-in account without an application; one submit makes both.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { authKeys } from '@/lib/auth';
import { StepsForm } from '@/components/form';
import { RegistrationPage } from '@/components/registration-page';
import { text as reg } from '@/lib/registration/text';
import { registerStudent } from '../api/students';
import { DocumentPicker } from '../components/document-picker';
import { studentSteps } from '../components/steps';
import { accountStep } from '@/lib/registration/account-step';
import {
  emptyStudent,
  studentSchema,
  studentWithAccountSchema,
  type StudentFormValues,
} from '../schema';
import { text } from '../text';

function StudentForm({ withAccount, onDone }: { withAccount: boolean; onDone: () => void }) {
  const [documents, setDocuments] = useState<File[]>([]);
  const queryClient = useQueryClient();
  const steps = withAccount ? [accountStep(), ...studentSteps()] : studentSteps();
  const last = steps.length - 1;
  const withDocuments = steps.map((s, i) =>
    i === last ? { ...s, extra: <DocumentPicker files={documents} onChange={setDocuments} /> } : s,
  );
  return (
    <StepsForm
      submitLabels={reg.submitLabels}
      formId="student-registration"
      steps={withDocuments}
      schema={withAccount ? studentWithAccountSchema : studentSchema}
      defaults={{ ...emptyStudent, email: '', password: '', confirmPassword: '' }}
      onSubmit={async (values) => {
        const v = values as StudentFormValues;
        await registerStudent(
          v,
          documents,
          withAccount
            ? {
                email: v.email ?? '',
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
      audience="student"
      title={text.registrationTitle}
      intro={text.registrationIntro}
    >
      {({ withAccount, onDone }) => <StudentForm withAccount={withAccount} onDone={onDone} />}
    </RegistrationPage>
  );
}
