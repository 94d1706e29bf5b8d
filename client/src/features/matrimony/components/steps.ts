// The steps of the matrimony form, with the parsers of spec §5 shown as the user types: built
// when the form renders, so their words are the language on screen (a module-level copy would
// keep the words of its first evaluation).
import type { FieldSpec } from '@/components/form';
import type { StepSpec } from '@/components/form';
import { amountSpec, dateSpec, mobileSpec, textSpecs } from '@/lib/registration/field-specs';
import { parseHeight, parseWeight } from '@/lib/validation/parsers';
import { text } from '../text';

const f = text.fields;
const yesno = (name: keyof typeof f): FieldSpec => ({ name, label: f[name], kind: 'yesno' });
const money = (name: keyof typeof f) => amountSpec(name, f[name], text.hints.income);

export const personalStep = (): StepSpec => ({
  title: text.steps.personal,
  fields: [
    ...textSpecs(f, 'firstName', 'surname'),
    { name: 'gender', label: f.gender, kind: 'select', options: text.genders },
    dateSpec('dateOfBirth', f.dateOfBirth, text.hints.date),
    {
      name: 'height',
      label: f.height,
      hint: text.hints.height,
      parse: (v) => parseHeight(v)?.display ?? null,
      parseWhat: 'height',
    },
    {
      name: 'weight',
      label: f.weight,
      hint: text.hints.weight,
      parse: (v) => parseWeight(v)?.display ?? null,
      parseWhat: 'weight',
    },
    { name: 'bloodGroup', label: f.bloodGroup, kind: 'select', options: text.bloodGroups },
    {
      name: 'maritalStatus',
      label: f.maritalStatus,
      kind: 'select',
      options: text.maritalStatuses,
    },
    yesno('vegetarianBrahmin'),
    yesno('smoking'),
    yesno('wearsSpectacles'),
    yesno('handicaps'),
    {
      name: 'handicapDetails',
      label: f.handicapDetails,
      kind: 'textarea',
      showIf: (v) => v.handicaps === 'yes',
    },
  ],
});

export const backgroundStep = (): StepSpec => ({
  title: text.steps.background,
  fields: [
    ...textSpecs(f, 'qualification', 'occupation', 'organization', 'designation', 'place'),
    money('monthlyIncome'),
    { name: 'nativePlace', label: f.nativePlace },
    {
      name: 'gotraNakshatra',
      label: f.gotraNakshatra,
      placeholder: text.placeholders.gotraNakshatra,
    },
    yesno('havyakaBrahmin'),
    yesno('horoscopeMatching'),
    yesno('sagotraAlliance'),
    { name: 'achievements', label: f.achievements, kind: 'textarea' },
    { name: 'hobby', label: f.hobby, kind: 'textarea' },
  ],
});

export const preferencesStep = (): StepSpec => ({
  title: text.steps.preferences,
  fields: [
    { name: 'preferredAgeFrom', label: f.preferredAgeFrom, inputMode: 'numeric' },
    { name: 'preferredAgeTo', label: f.preferredAgeTo, inputMode: 'numeric' },
    ...textSpecs(
      f,
      'preferredHeight',
      'preferredWeight',
      'preferredQualification',
      'preferredOccupation',
    ),
    money('preferredIncomeAbove'),
    ...textSpecs(f, 'preferredComplexion', 'preferredWorkLocation', 'preferredStayLocation'),
    { name: 'otherExpectations', label: f.otherExpectations, kind: 'textarea' },
  ],
});

export const familyStep = (): StepSpec => ({
  title: text.steps.family,
  fields: [
    ...textSpecs(
      f,
      'fatherName',
      'motherName',
      'parentOrganization',
      'parentDesignation',
      'reference1Name',
      'reference1Contact',
      'reference2Name',
      'reference2Contact',
    ),
    yesno('memberOfTrust'),
    { name: 'membershipNo', label: f.membershipNo, showIf: (v) => v.memberOfTrust === 'yes' },
    { name: 'relation', label: f.relation, hint: text.hints.relation },
  ],
});

export const contactStep = (): StepSpec => ({
  title: text.steps.contact,
  intro: text.steps.contactIntro,
  fields: [
    mobileSpec('mobileNo', f.mobileNo),
    { name: 'email', label: f.email, kind: 'email', autoComplete: 'email' },
    { name: 'telNo', label: f.telNo, kind: 'tel' },
    { name: 'contactPerson', label: f.contactPerson },
    { name: 'contactNo', label: f.contactNo, kind: 'tel' },
    { name: 'address', label: f.address, kind: 'textarea' },
    { name: 'signature', label: f.signature },
    dateSpec('date', f.date, text.hints.date),
    { name: 'placeField', label: f.placeField },
  ],
});

export const matrimonySteps = (): StepSpec[] => [
  personalStep(),
  backgroundStep(),
  preferencesStep(),
  familyStep(),
  contactStep(),
];
