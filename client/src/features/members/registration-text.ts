// Every text of the membership application (/membership/registration).
import { kannada } from '@/lib/i18n/words';

export const registrationText = {
  title: 'Membership Registration',
  intro:
    'Apply to become a member of the Havyaka community trust, or, if you are a member already, register online with your existing membership number. The trust office approves every application.',
  steps: {
    personal: 'About you',
    contact: 'Contact and address',
    membership: 'Membership',
    membershipIntro:
      'PAN and Aadhaar are optional (for receipts under section 80G); they are stored in a protected vault.',
  },
  fields: {
    firstName: 'First name',
    surname: 'Surname',
    fatherName: "Father's name",
    dateOfBirth: 'Date of birth',
    gender: 'Gender',
    gotra: 'Gotra',
    nakshatraRashi: 'Nakshatra / Rashi',
    motherTongue: 'Mother tongue',
    profession: 'Profession',
    education: 'Education',
    mobileNumber: 'Mobile number',
    email: 'Contact email',
    addressLine1: 'Address line 1',
    addressLine2: 'Address line 2',
    city: 'City',
    state: 'State',
    pincode: 'Pincode',
    nativePlace: 'Native place',
    memberType: 'Member type',
    isUpgradation: 'I am already a member',
    existingMembershipNo: 'Existing membership number',
    sandeshaDeliveryMethod: 'Havyaka Sandesha delivery',
    showInDirectory: 'List me in the members directory (name, city and profession only)',
    panNumber: 'PAN',
    aadharNumber: 'Aadhaar number',
  },
  hints: {
    existing: 'As printed on your membership card, e.g. LM-1024',
    upgradation: 'Your existing number is kept; the office links your online account to it.',
  },
  memberTypes: [
    { value: 'life', label: 'Life member' },
    { value: 'annual', label: 'Annual member' },
    { value: 'patron', label: 'Patron' },
  ],
  deliveries: [
    { value: 'post', label: 'By post' },
    { value: 'email', label: 'By email' },
    { value: 'none', label: 'I do not need it' },
  ],
  genders: [
    { value: 'female', label: 'Female' },
    { value: 'male', label: 'Male' },
    { value: 'other', label: 'Other' },
  ],
  reference: (id: string) => `Your register number is ${id}.`,
} as const;

/** The field names in the application's messages, and its rules. */
export const registrationValidationText = {
  // The messages name each field as its label does.
  fields: registrationText.fields,
} as const;

kannada({ registrationText, registrationValidationText }, () => import('./registration-text.kn'));
