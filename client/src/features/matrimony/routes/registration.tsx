// /matrimony/registration: the matrimony form (spec §3, §5) with a photo resized in the
// browser and an optional biodata PDF; one submit makes the account and the profile.
import { useState } from 'react';
import {
  RegistrationForm,
  RegistrationPage,
  type RegistrationFormProps,
} from '@/components/registration-page';
import { registerMatrimony } from '../api/profiles';
import { BiodataPicker, PhotoPicker } from '../components/photo-picker';
import { matrimonySteps } from '../components/steps';
import {
  emptyMatrimony,
  fieldOfColumn,
  matrimonySchema,
  matrimonyWithAccountSchema,
  type MatrimonyValues,
} from '../schema';
import { text } from '../text';

function MatrimonyForm(props: RegistrationFormProps) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [biodata, setBiodata] = useState<File | null>(null);
  return (
    <RegistrationForm<MatrimonyValues>
      {...props}
      formId="matrimony-registration"
      steps={matrimonySteps()}
      schemas={{ withAccount: matrimonyWithAccountSchema, signedIn: matrimonySchema }}
      defaults={emptyMatrimony}
      fieldOfColumn={fieldOfColumn}
      extra={
        <div className="grid gap-6 sm:grid-cols-2">
          <PhotoPicker file={photo} onChange={setPhoto} />
          <BiodataPicker file={biodata} onChange={setBiodata} />
        </div>
      }
      send={async (values, account) => {
        await registerMatrimony(values, { photo, biodata }, account);
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
      form={MatrimonyForm}
    />
  );
}
