// The steps of the membership application: built when the form renders, so their words are
// the language on screen (a module-level copy would keep the words of its first evaluation).
import type { StepSpec } from '@/components/form';
import { parseDate as toIsoDate } from '@/lib/validation/parsers';
import { aadharSpec, mobileSpec, panSpec, textSpecs } from '@/lib/registration/field-specs';
import { registrationText as t } from '../registration-text';

export const memberSteps = (): StepSpec[] => {
  const f = t.fields;
  return [
    {
      title: t.steps.personal,
      fields: [
        { name: 'firstName', label: f.firstName, autoComplete: 'given-name' },
        { name: 'surname', label: f.surname, autoComplete: 'family-name' },
        { name: 'fatherName', label: f.fatherName },
        {
          name: 'dateOfBirth',
          label: f.dateOfBirth,
          kind: 'date',
          parse: (v) => toIsoDate(v),
          parseWhat: 'date',
        },
        { name: 'gender', label: f.gender, kind: 'select', options: t.genders },
        ...textSpecs(f, 'gotra', 'nakshatraRashi', 'motherTongue', 'profession', 'education'),
      ],
    },
    {
      title: t.steps.contact,
      fields: [
        mobileSpec('mobileNumber', f.mobileNumber),
        { name: 'email', label: f.email, kind: 'email', autoComplete: 'email' },
        { name: 'addressLine1', label: f.addressLine1, autoComplete: 'address-line1', wide: true },
        { name: 'addressLine2', label: f.addressLine2, autoComplete: 'address-line2', wide: true },
        { name: 'city', label: f.city, autoComplete: 'address-level2' },
        { name: 'state', label: f.state, autoComplete: 'address-level1' },
        { name: 'pincode', label: f.pincode, inputMode: 'numeric', autoComplete: 'postal-code' },
        { name: 'nativePlace', label: f.nativePlace },
      ],
    },
    {
      title: t.steps.membership,
      intro: t.steps.membershipIntro,
      fields: [
        { name: 'memberType', label: f.memberType, kind: 'select', options: t.memberTypes },
        {
          name: 'sandeshaDeliveryMethod',
          label: f.sandeshaDeliveryMethod,
          kind: 'select',
          options: t.deliveries,
        },
        {
          name: 'isUpgradation',
          label: f.isUpgradation,
          kind: 'checkbox',
          hint: t.hints.upgradation,
          wide: true,
        },
        {
          name: 'existingMembershipNo',
          label: f.existingMembershipNo,
          hint: t.hints.existing,
          showIf: (v) => v.isUpgradation === true,
        },
        { name: 'showInDirectory', label: f.showInDirectory, kind: 'checkbox', wide: true },
        panSpec('panNumber', f.panNumber),
        aadharSpec('aadharNumber', f.aadharNumber),
      ],
    },
  ];
};
