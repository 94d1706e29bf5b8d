// Which answers the app keeps on the device for offline use (issue 40): the first rule whose
// key prefix starts a query's key decides. `public` answers are what any visitor may read
// (they stay after sign-out); `personal` ones are the signed-in person's own (sign-out deletes
// them). Anything not listed is never written to the device. A feature that joins the offline
// promise (the membership card, say) adds one line here.
import type { QueryKey } from '@tanstack/react-query';

export type Keep = 'public' | 'personal' | false;

interface Rule {
  prefix: readonly unknown[];
  keep: Keep;
}

export const SAVED_QUERIES: readonly Rule[] = [
  // The signed-in person's own records, before the public rules that share a prefix.
  { prefix: ['auth', 'profile'], keep: 'personal' },
  { prefix: ['events', 'my-registrations'], keep: 'personal' },
  { prefix: ['events', 'admin'], keep: false },
  { prefix: ['notifications', 'list'], keep: 'personal' },
  { prefix: ['members', 'network', 'own'], keep: 'personal' },
  // The membership card and its token; the scanner's keys and revocation list (issue 36).
  { prefix: ['members', 'card', 'own'], keep: 'personal' },
  { prefix: ['cards', 'revocations'], keep: 'personal' },
  // The events of the day the scanner checks people in at (issue 37 item 4).
  { prefix: ['cards', 'events-today'], keep: 'personal' },
  { prefix: ['cards', 'holder'], keep: false },
  { prefix: ['cards', 'keys'], keep: 'public' },
  { prefix: ['members', 'network', 'connections'], keep: 'personal' },
  { prefix: ['members', 'network', 'page'], keep: 'personal' },
  { prefix: ['students', 'own'], keep: 'personal' },
  { prefix: ['matrimony', 'own'], keep: 'personal' },
  // Public pages: events and event pages, the Sandesha archive, about and contact details
  // (the organisation's record, the board), the home page's slides and the gallery.
  { prefix: ['events', 'list'], keep: 'public' },
  { prefix: ['events', 'detail'], keep: 'public' },
  { prefix: ['sandesha', 'list'], keep: 'public' },
  { prefix: ['site'], keep: 'public' },
  { prefix: ['media', 'albums'], keep: 'public' },
];

const startsWith = (key: QueryKey, prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);

/** Whether (and how) a query's answer is kept on the device. */
export function keepOf(key: QueryKey): Keep {
  return SAVED_QUERIES.find((rule) => startsWith(key, rule.prefix))?.keep ?? false;
}
