// PAN and Aadhaar masked, with a Reveal that goes through the audited vault function
// (reveal_identity_numbers: admins only, one audit row per reveal), and the past reveals.
// Shared by the student and member screens.
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { dataMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/display-format';
import {
  spacedAadhar,
  useIdentityReveals,
  useRevealIdentity,
  type IdentityTable,
} from '@/lib/identity';
import { text } from './identity-text';

export function IdentityNumbers({
  table,
  id,
  pan,
  aadhar,
  canReveal,
}: {
  table: IdentityTable;
  id: string;
  /** The masked values stored in the row. */
  pan: string | null;
  aadhar: string | null;
  canReveal: boolean;
}) {
  const reveal = useRevealIdentity(table, id);
  const reveals = useIdentityReveals(table, id, canReveal);
  const confirm = useConfirm();
  const [shown, setShown] = useState<{ pan: string | null; aadhar: string | null } | null>(null);
  const hasNumbers = Boolean(pan || aadhar);

  async function onReveal() {
    const ok = await confirm({
      title: text.revealTitle,
      description: text.revealBody,
      confirmLabel: text.reveal,
      cancelLabel: text.cancel,
    });
    if (!ok) return;
    try {
      setShown(await reveal.mutateAsync());
    } catch {
      // Toasted by the query client.
    }
  }

  return (
    <div>
      {hasNumbers ? (
        <dl className="grid gap-3 sm:grid-cols-2" data-testid="identity-numbers">
          <div>
            <dt className="text-xs font-semibold text-stone-600 uppercase">{text.pan}</dt>
            <dd className="font-mono text-lg" data-testid="pan">
              {shown ? (shown.pan ?? '—') : (pan ?? '—')}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-stone-600 uppercase">{text.aadhar}</dt>
            <dd className="font-mono text-lg" data-testid="aadhar">
              {shown ? (shown.aadhar ? spacedAadhar(shown.aadhar) : '—') : (aadhar ?? '—')}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-stone-600">{text.revealNone}</p>
      )}
      {hasNumbers && canReveal && (
        <div className="mt-3">
          {shown ? (
            <Button variant="secondary" onClick={() => setShown(null)}>
              <EyeOff className="h-4 w-4" aria-hidden /> {text.hide}
            </Button>
          ) : (
            <Button variant="secondary" onClick={onReveal} disabled={reveal.isPending}>
              <Eye className="h-4 w-4" aria-hidden />
              {reveal.isPending ? text.revealing : text.reveal}
            </Button>
          )}
        </div>
      )}
      {canReveal && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-stone-800">{text.reveals}</h3>
          {reveals.isPending ? (
            <p className="text-sm text-stone-600">…</p>
          ) : reveals.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {dataMessage(reveals.error)}
            </p>
          ) : reveals.data.length === 0 ? (
            <p className="text-sm text-stone-600">{text.revealsEmpty}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm" data-testid="reveal-audit">
              {reveals.data.map((r) => (
                <li key={r.id}>
                  {text.revealedBy(r.reader_name ?? r.reader_id)} · {formatDateTime(r.read_at)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
