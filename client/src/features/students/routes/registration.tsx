// /student-registration: the student form (spec §3, §5) for a newcomer (with the account) or
// a signed-in account without an application; one submit makes both.
import { useState } from 'react';
import {
  RegistrationForm,
  RegistrationPage,
  type RegistrationFormProps,
} from '@/components/registration-page';
import { registerStudent } from '../api/students';
import { DocumentPicker } from '../components/document-picker';
import { studentSteps } from '../components/steps';
import {
  emptyStudent,
  studentSchema,
  studentWithAccountSchema,
  type StudentFormValues,
} from '../schema';
import { text } from '../text';

function StudentForm(props: RegistrationFormProps) {
  const [documents, setDocuments] = useState<File[]>([]);
  return (
    <RegistrationForm<StudentFormValues>
      {...props}
      formId="student-registration"
      steps={studentSteps()}
      schemas={{ withAccount: studentWithAccountSchema, signedIn: studentSchema }}
      defaults={{ ...emptyStudent, email: '' }}
      extra={<DocumentPicker files={documents} onChange={setDocuments} />}
      send={async (values, account) => {
        await registerStudent(values, documents, account);
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
      form={StudentForm}
    />
  );
}
