// PAN and Aadhaar masked, with a Reveal that goes through the audited vault function
// (reveal_identity_numbers: admins only, one audit row per reveal), and the past reveals.
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { dataMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/display-format';
import { adminText as text } from '../admin-text';
import { useRevealIdentity, useStudentReveals, type StudentRow } from '../api/admin-students';

/** 1234 5678 9012 */
const spacedAadhar = (v: string) => v.replace(/\s/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');

export function IdentityPanel({ student, canReveal }: { student: StudentRow; canReveal: boolean }) {
  const reveal = useRevealIdentity(student.id);
  const reveals = useStudentReveals(student.id);
  const confirm = useConfirm();
  const [shown, setShown] = useState<{ pan: string | null; aadhar: string | null } | null>(null);
  const hasNumbers = Boolean(student.pan_no || student.aadhar_no);

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
            <dt className="text-xs font-semibold text-stone-600 uppercase">{text.fields.pan_no}</dt>
            <dd className="font-mono text-lg" data-testid="pan">
              {shown ? (shown.pan ?? '—') : (student.pan_no ?? '—')}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-stone-600 uppercase">
              {text.fields.aadhar_no}
            </dt>
            <dd className="font-mono text-lg" data-testid="aadhar">
              {shown
                ? shown.aadhar
                  ? spacedAadhar(shown.aadhar)
                  : '—'
                : (student.aadhar_no ?? '—')}
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
          <h3 className="text-sm font-semibold text-stone-800">{text.sections.reveals}</h3>
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
