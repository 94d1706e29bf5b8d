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
  // Check-in at an event's door by the card (issue 37 item 4): queued on the device, sent
  // when online.
  checkIn: {
    eventLabel: 'Check in at',
    noEvent: 'No event: only check cards',
    noEventsToday: 'No event takes registrations today: cards are only checked.',
    eventsMissing: 'Today’s events have not been loaded yet: go online once.',
    checkedIn: (name: string, title: string) => `${name} is checked in at ${title}.`,
    already: (name: string, time: string) => `${name} was already checked in at ${time}.`,
    queued: (name: string) =>
      `${name}: saved on this device. The check-in is sent as soon as it is online.`,
    refused: (name: string, reason: string) => `${name} is not checked in: ${reason}`,
    reasons: {
      notRegistered: 'not registered for this event.',
      revoked: 'this card is revoked.',
      unknownMember: 'no member has this number.',
      eventCancelled: 'the event is cancelled.',
    },
    pending: (n: number) =>
      n === 1 ? '1 check-in waits to be sent.' : `${n} check-ins wait to be sent.`,
    sendNow: 'Send now',
    recent: 'Check-ins from this device',
  },
  types: { life: 'Life member', annual: 'Annual member', patron: 'Patron' } as Record<
    string,
    string
  >,
};

kannada({ text }, () => import('./text.kn'));
