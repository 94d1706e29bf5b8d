// The steps of the student form: which fields, in which order, with which parser shown; built
// when the form renders, so their words are the language on screen.
import { parsePhone } from '@/lib/validation/parsers';
import type { FieldSpec } from '@/components/form';
import type { StepSpec } from '@/components/form';
import {
  aadharSpec,
  amountSpec,
  dateSpec,
  panSpec,
  textSpecs,
} from '@/lib/registration/field-specs';
import { text } from '../text';

const f = text.fields;
const money = (name: keyof typeof f) => amountSpec(name, f[name], text.hints.amount);
const mobile = (name: keyof typeof f, autoComplete?: string): FieldSpec => ({
  name,
  label: f[name],
  kind: 'tel',
  autoComplete,
  parse: (v) => parsePhone(v)?.display ?? (/\d{7,}/.test(v.replace(/\D/g, '')) ? v.trim() : null),
  parseWhat: 'phone',
});

export const studentSteps = (): StepSpec[] => [
  {
    title: text.steps.personal,
    fields: [
      { name: 'firstName', label: f.firstName, autoComplete: 'given-name' },
      { name: 'surname', label: f.surname, autoComplete: 'family-name' },
      { name: 'fatherName', label: f.fatherName },
      dateSpec('dateOfBirth', f.dateOfBirth, text.hints.dateOfBirth),
      { name: 'gender', label: f.gender, kind: 'select', options: text.genders },
      mobile('mobileNumber', 'tel'),
      { name: 'hometown', label: f.hometown },
    ],
  },
  {
    title: text.steps.addresses,
    intro: text.steps.addressesIntro,
    fields: [
      { name: 'currentAddress', label: f.currentAddress, kind: 'textarea' },
      { name: 'currentPincode', label: f.currentPincode, inputMode: 'numeric' },
      { name: 'permanentAddress', label: f.permanentAddress, kind: 'textarea' },
      { name: 'permanentPincode', label: f.permanentPincode, inputMode: 'numeric' },
      panSpec('panNo', f.panNo, text.hints.pan),
      aadharSpec('aadharNo', f.aadharNo, text.hints.aadhar),
      { name: 'passportNo', label: f.passportNo },
    ],
  },
  {
    title: text.steps.education,
    fields: [
      ...textSpecs(f, 'lastQualification', 'studyingClass', 'institutionName'),
      { name: 'academicYear', label: f.academicYear, hint: text.hints.academicYear },
      { name: 'coursePlanning', label: f.coursePlanning, kind: 'textarea' },
      { name: 'courseDetails', label: f.courseDetails, kind: 'textarea' },
      money('totalFees'),
    ],
  },
  {
    title: text.steps.family,
    fields: [
      { name: 'fatherOccupation', label: f.fatherOccupation },
      { name: 'fatherEmail', label: f.fatherEmail, kind: 'email' },
      mobile('fatherMobile'),
      ...textSpecs(f, 'motherName', 'motherOccupation'),
      { name: 'motherEmail', label: f.motherEmail, kind: 'email' },
      mobile('motherMobile'),
      money('familyIncome'),
    ],
  },
  {
    title: text.steps.aid,
    intro: text.steps.aidIntro,
    fields: [
      money('donationSeeking'),
      money('selfContribution'),
      money('financialAssistance'),
      { name: 'whyDonation', label: f.whyDonation, kind: 'textarea' },
      ...textSpecs(f, 'reference1Name', 'reference1Contact', 'reference2Name', 'reference2Contact'),
    ],
  },
];
