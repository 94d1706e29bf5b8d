// What the membership card and the staff scanner say (issue 36 items 7 and 8). Kannada:
// text.kn.ts.
import { kannada } from '@/lib/i18n/words';

export const text = {
  card: {
    title: 'Membership card',
    intro: 'Show this card at the gate. It works offline once it has been opened here.',
    trust: 'Havyaka Trust, Mumbai',
    memberNo: 'Member no.',
    type: 'Type',
    validUntil: 'Valid until',
    noEnd: 'Life',
    qrLabel: (no: string) => `QR code of the membership card ${no}`,
    print: 'Print card',
    printHint: 'Prints at credit-card size (85.6 × 54 mm).',
    loadError: 'Your card could not be loaded.',
    offlineKept: 'Shown from this device: it was saved when you were last online.',
    lapsed: 'Your membership has lapsed: renew it to get a card.',
    photoAlt: (name: string) => `Photo of ${name}`,
  },
  scanner: {
    title: 'Check membership cards',
    intro:
      'Point the camera at a member’s card, or paste the code under it. Cards are checked on this device, offline too.',
    startCamera: 'Scan with the camera',
    stopCamera: 'Stop the camera',
    noCamera:
      'This browser cannot read QR codes from the camera. Paste or type the card’s code instead.',
    cameraError: 'The camera could not be started.',
    tokenLabel: 'Card code',
    check: 'Check',
    clear: 'Next card',
    valid: 'Valid',
    revoked: 'Revoked',
    expired: 'Expired',
    invalid: 'Not a valid card',
    unknownKey: 'Unknown signing key: go online once to refresh the keys',
    memberNo: 'Member no.',
    type: 'Type',
    validUntil: 'Card valid until',
    keysMissing: 'The keys have not been loaded yet: go online once.',
    keysFrom: (when: string) => `Keys and revocation list from ${when}`,
    refresh: 'Refresh keys and list',
    photoAlt: (name: string) => `Photo of ${name}`,
  },
  types: { life: 'Life member', annual: 'Annual member', patron: 'Patron' } as Record<
    string,
    string
  >,
};

kannada({ text }, () => import('./text.kn'));
