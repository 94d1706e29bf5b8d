import type { Words } from '@/lib/i18n/words';
import type * as en from './registration-text';

export const registrationText = {
  title: 'ಸದಸ್ಯತ್ವ ನೋಂದಣಿ',
  intro:
    'ಹವ್ಯಕ ಸಮುದಾಯ ಟ್ರಸ್ಟ್‌ನ ಸದಸ್ಯರಾಗಲು ಅರ್ಜಿ ಸಲ್ಲಿಸಿ; ನೀವು ಈಗಾಗಲೇ ಸದಸ್ಯರಾಗಿದ್ದರೆ ನಿಮ್ಮ ಸದಸ್ಯತ್ವ ಸಂಖ್ಯೆಯೊಂದಿಗೆ ಆನ್‌ಲೈನ್‌ನಲ್ಲಿ ನೋಂದಾಯಿಸಿ. ಪ್ರತಿ ಅರ್ಜಿಯನ್ನು ಟ್ರಸ್ಟ್ ಕಚೇರಿ ಅನುಮೋದಿಸುತ್ತದೆ.',
  steps: {
    personal: 'ನಿಮ್ಮ ಬಗ್ಗೆ',
    contact: 'ಸಂಪರ್ಕ ಮತ್ತು ವಿಳಾಸ',
    membership: 'ಸದಸ್ಯತ್ವ',
    membershipIntro: 'PAN ಮತ್ತು ಆಧಾರ್ ಐಚ್ಛಿಕ (80G ಅಡಿಯ ರಸೀದಿಗಳಿಗಾಗಿ); ಅವನ್ನು ಸುರಕ್ಷಿತ ಭಂಡಾರದಲ್ಲಿ ಇಡಲಾಗುತ್ತದೆ.',
  },
  fields: {
    firstName: 'ಹೆಸರು',
    surname: 'ಉಪನಾಮ',
    fatherName: 'ತಂದೆಯ ಹೆಸರು',
    dateOfBirth: 'ಹುಟ್ಟಿದ ದಿನಾಂಕ',
    gender: 'ಲಿಂಗ',
    gotra: 'ಗೋತ್ರ',
    nakshatraRashi: 'ನಕ್ಷತ್ರ / ರಾಶಿ',
    motherTongue: 'ಮಾತೃಭಾಷೆ',
    profession: 'ವೃತ್ತಿ',
    education: 'ವಿದ್ಯಾರ್ಹತೆ',
    mobileNumber: 'ಮೊಬೈಲ್ ಸಂಖ್ಯೆ',
    email: 'ಸಂಪರ್ಕದ ಇ-ಮೇಲ್',
    addressLine1: 'ವಿಳಾಸ ಸಾಲು 1',
    addressLine2: 'ವಿಳಾಸ ಸಾಲು 2',
    city: 'ನಗರ',
    state: 'ರಾಜ್ಯ',
    pincode: 'ಪಿನ್‌ಕೋಡ್',
    nativePlace: 'ಹುಟ್ಟೂರು',
    memberType: 'ಸದಸ್ಯತ್ವದ ಬಗೆ',
    isUpgradation: 'ನಾನು ಈಗಾಗಲೇ ಸದಸ್ಯ',
    existingMembershipNo: 'ಈಗಿನ ಸದಸ್ಯತ್ವ ಸಂಖ್ಯೆ',
    sandeshaDeliveryMethod: 'ಹವ್ಯಕ ಸಂದೇಶ ತಲುಪಿಸುವ ಬಗೆ',
    showInDirectory: 'ಸದಸ್ಯರ ಪಟ್ಟಿಯಲ್ಲಿ ನನ್ನ ಹೆಸರು ತೋರಿಸಿ (ಹೆಸರು, ಊರು ಮತ್ತು ವೃತ್ತಿ ಮಾತ್ರ)',
    panNumber: 'PAN',
    aadharNumber: 'ಆಧಾರ್ ಸಂಖ್ಯೆ',
  },
  hints: {
    existing: 'ನಿಮ್ಮ ಸದಸ್ಯತ್ವ ಕಾರ್ಡಿನಲ್ಲಿ ಮುದ್ರಿಸಿದಂತೆ, ಉದಾ. LM-1024',
    upgradation: 'ನಿಮ್ಮ ಈಗಿನ ಸಂಖ್ಯೆಯೇ ಉಳಿಯುತ್ತದೆ; ಕಚೇರಿ ನಿಮ್ಮ ಆನ್‌ಲೈನ್ ಖಾತೆಯನ್ನು ಅದಕ್ಕೆ ಜೋಡಿಸುತ್ತದೆ.',
  },
  memberTypes: [
    { value: 'life', label: 'ಆಜೀವ ಸದಸ್ಯರು' },
    { value: 'annual', label: 'ವಾರ್ಷಿಕ ಸದಸ್ಯರು' },
    { value: 'patron', label: 'ಪೋಷಕರು' },
  ],
  deliveries: [
    { value: 'post', label: 'ಅಂಚೆ ಮೂಲಕ' },
    { value: 'email', label: 'ಇ-ಮೇಲ್ ಮೂಲಕ' },
    { value: 'none', label: 'ನನಗೆ ಬೇಕಿಲ್ಲ' },
  ],
  genders: [
    { value: 'female', label: 'ಸ್ತ್ರೀ' },
    { value: 'male', label: 'ಪುರುಷ' },
    { value: 'other', label: 'ಇತರೆ' },
  ],
  reference: (id: string) => `ನಿಮ್ಮ ನೋಂದಣಿ ಸಂಖ್ಯೆ ${id}.`,
} satisfies Words<typeof en.registrationText>;

export const registrationValidationText = {
  fields: registrationText.fields,
} satisfies Words<typeof en.registrationValidationText>;
