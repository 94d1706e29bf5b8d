// One member in the directory a member reads: who they are, their contact details when shown
// (their choice, or a connection), and what the reader can do about them.
import { Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import type { NetworkEntry } from '../api/network';
import { text } from '../text';
import { ConnectionActions } from './connection-actions';

export function NetworkCard({
  entry,
  userId,
  canConnect,
  detailLink,
}: {
  entry: NetworkEntry;
  userId: string;
  /** Members connect; member viewers and admins only read. */
  canConnect: boolean;
  /** Member viewers and admins open the entry's page. */
  detailLink: boolean;
}) {
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-4"
      data-testid="network-member"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold">
          {detailLink ? (
            <Link to={`/members/${entry.id}`} className="hover:underline">
              {entry.full_name}
            </Link>
          ) : (
            entry.full_name
          )}
        </p>
        {entry.is_self && <Badge tone="info">{text.you}</Badge>}
      </div>
      <p className="text-sm text-stone-600">
        {[
          entry.membership_no || entry.unique_id,
          text.types[entry.member_type] ?? entry.member_type,
          entry.profession,
          entry.city,
          entry.native_place && `${text.nativePlace}: ${entry.native_place}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {entry.contact_shown ? (
        <div className="space-y-1 text-sm" data-testid="member-contact">
          {entry.mobile_number && (
            <a
              className="flex items-center gap-2 underline"
              href={`tel:${entry.mobile_number.replace(/\s/g, '')}`}
            >
              <Phone className="h-4 w-4" aria-hidden /> {entry.mobile_number}
            </a>
          )}
          {entry.email && (
            <a
              className="flex items-center gap-2 break-all underline"
              href={`mailto:${entry.email}`}
            >
              <Mail className="h-4 w-4" aria-hidden /> {entry.email}
            </a>
          )}
        </div>
      ) : (
        canConnect && <p className="text-xs text-stone-500">{text.contactHidden}</p>
      )}
      {canConnect && (
        <div className="mt-auto pt-1">
          <ConnectionActions entry={entry} userId={userId} />
        </div>
      )}
    </li>
  );
}
