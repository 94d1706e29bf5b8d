// Every text of the matrimony pages: registration, own profile, browse, a profile, dashboard.
import { kannada } from '@/lib/i18n/words';

export const text = {
  registrationTitle: 'Matrimony Registration',
  registrationIntro:
    'Register a profile for yourself or a family member. Profiles are seen only by other approved registrants, after the trust approves them; contact details only after both sides accept an interest.',
  steps: {
    personal: 'About the person',
    background: 'Education, work and family background',
    preferences: 'Partner preferences',
    family: 'Parents and references',
    contact: 'Contact, photo and declaration',
    contactIntro:
      'The photo is private: only approved registrants see it, through links that expire within minutes.',
  },
  fields: {
    firstName: 'First name',
    surname: 'Surname',
    gender: 'Gender',
    dateOfBirth: 'Date of birth',
    height: 'Height',
    weight: 'Weight',
    bloodGroup: 'Blood group',
    maritalStatus: 'Marital status',
    smoking: 'Smokes',
    horoscopeMatching: 'Horoscope matching wanted',
    sagotraAlliance: 'Open to a sagotra alliance',
    vegetarianBrahmin: 'Vegetarian',
    havyakaBrahmin: 'Havyaka Brahmin',
    wearsSpectacles: 'Wears spectacles',
    handicaps: 'Any disability',
    handicapDetails: 'Details of the disability',
    qualification: 'Qualification',
    occupation: 'Occupation',
    organization: 'Organisation',
    designation: 'Designation',
    place: 'Place of work or stay',
    monthlyIncome: 'Monthly income (₹)',
    nativePlace: 'Native place',
    gotraNakshatra: 'Gotra / Nakshatra',
    achievements: 'Achievements',
    hobby: 'Hobbies',
    preferredAgeFrom: 'Preferred age from',
    preferredAgeTo: 'Preferred age to',
    preferredOccupation: 'Preferred occupation',
    preferredHeight: 'Preferred height',
    preferredWeight: 'Preferred weight',
    preferredQualification: 'Preferred qualification',
    preferredIncomeAbove: 'Preferred monthly income above (₹)',
    preferredComplexion: 'Preferred complexion',
    otherExpectations: 'Other expectations',
    preferredWorkLocation: 'Preferred work location',
    preferredStayLocation: 'Preferred stay location',
    fatherName: "Father's name",
    motherName: "Mother's name",
    parentOrganization: "Parent's organisation",
    parentDesignation: "Parent's designation",
    reference1Name: 'Reference 1: name',
    reference1Contact: 'Reference 1: contact',
    reference2Name: 'Reference 2: name',
    reference2Contact: 'Reference 2: contact',
    memberOfTrust: 'Member of the trust',
    membershipNo: 'Membership number',
    relation: 'Registered by (relation)',
    email: 'Contact email',
    telNo: 'Telephone',
    mobileNo: 'Mobile number',
    contactPerson: 'Contact person',
    contactNo: "Contact person's number",
    address: 'Address',
    signature: 'Signature (full name)',
    date: 'Date',
    placeField: 'Place',
  },
  hints: {
    height: '175 cm, 1.75 m, 5\'9" or 5.9 ft',
    weight: '65 kg or 143 lbs',
    income: 'Digits, or 45k, 1.5 lakh',
    date: 'DD/MM/YYYY',
    relation: 'Self, father, mother, brother…',
  },
  placeholders: {
    gotraNakshatra: 'Bharadwaja / Rohini',
  },
  genders: [
    { value: 'female', label: 'Female' },
    { value: 'male', label: 'Male' },
  ],
  maritalStatuses: [
    { value: 'never_married', label: 'Never married' },
    { value: 'divorced', label: 'Divorced' },
    { value: 'widowed', label: 'Widowed' },
    { value: 'separated', label: 'Separated' },
  ],
  bloodGroups: ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'].map((g) => ({
    value: g,
    label: g,
  })),
  photo: 'Photo',
  photoHint: 'JPEG, PNG or WebP. We resize it on your device; at most 2 MB is sent.',
  photoType: 'Please select an image file (JPEG, PNG, WebP)',
  photoTooLarge: 'File size too large. Maximum size: 2MB',
  removePhoto: 'Remove photo',
  biodata: 'Biodata (PDF, optional)',
  biodataHint: 'PDF only, up to 10 MB.',
  biodataType: 'File type not allowed. Allowed types: PDF',
  biodataTooLarge: 'File size too large. Maximum size: 10MB',
  /** The spec's upload messages for a photo the storage service refuses (size, type). */
  photoUpload: {
    size: 'File size too large. Maximum size: 2MB',
    type: 'File type not allowed. Allowed types: JPEG, PNG, WebP',
  },
  biodataUpload: {
    size: 'File size too large. Maximum size: 10MB',
    type: 'File type not allowed. Allowed types: PDF',
  },
  photoPreview: 'Photo preview',
} as const;

export const maritalLabel = (v: string | null) =>
  text.maritalStatuses.find((m) => m.value === v)?.label ?? '—';

/** The field names in the registration form's messages (spec §5 Matrimony form), and its rules. */
export const validationText = {
  // The form's labels, except where a message names the field more briefly.
  fields: {
    ...text.fields,
    place: 'Place',
    monthlyIncome: 'Monthly income',
    preferredIncomeAbove: 'Preferred income',
    reference1Name: 'Reference 1 name',
    reference1Contact: 'Reference 1 contact',
    reference2Name: 'Reference 2 name',
    reference2Contact: 'Reference 2 contact',
    relation: 'Relation',
    signature: 'Signature',
  },
  genderChoice: 'Gender must be male or female',
  agesOrder: 'Preferred age to must not be less than preferred age from',
} as const;

kannada({ text, validationText }, () => import('./text.kn'));
