// Super admins invite staff by e-mail: the account is created and mailed a link to choose a
// password (auth.admin.inviteUserByEmail), and its record is made with the chosen role
// (create_user_record, which only a super admin may call for staff). Inviting again before
// the person accepts sends a new link.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Options } from '@/components/ui/field';
import { TextBox } from '@/components/ui/text-box';
import { Card } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { dataMessage } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { emailSchema } from '@/lib/validation/validators';
import { text } from '../text';

const STAFF = ['content_manager', 'event_manager', 'havyaka_sandesh_manager', 'admin'] as const;

export function InviteStaff({ onInvited }: { onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<(typeof STAFF)[number]>('content_manager');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const address = email.trim().toLowerCase();
    const valid = emailSchema.safeParse(address);
    if (!valid.success) {
      setError(valid.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    const redirectTo = `${window.location.origin}/account/set-password`;
    const invited = await sdk().auth.admin.inviteUserByEmail(address, {
      data: { full_name: name.trim() },
      redirectTo,
    });
    if (invited.error || !invited.data) {
      setBusy(false);
      setError(
        invited.error?.code === 'email_exists' ? text.invite.accepted : dataMessage(invited.error),
      );
      return;
    }
    const user = invited.data.user;
    const { data: existing } = await sdk()
      .from('users')
      .select('id')
      .eq('id', user.id)
      .maybeSingle();
    if (!existing) {
      const created = await sdk().rpc('create_user_record', {
        user_id: user.id,
        user_email: address,
        user_type: type,
        user_status: 'approved',
        user_full_name: name.trim() || undefined,
      });
      if (created.error) {
        setBusy(false);
        setError(dataMessage(created.error));
        return;
      }
    }
    setBusy(false);
    toast({
      title: existing ? text.invite.resent(address) : text.invite.sent(address),
      variant: 'success',
    });
    setEmail('');
    setName('');
    onInvited();
  };

  return (
    <Card className="mb-6">
      <h2 className="font-serif text-xl font-bold">{text.invite.title}</h2>
      <p className="mt-1 text-sm text-stone-700">{text.invite.intro}</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-end">
        <TextBox
          label={text.invite.email}
          type="email"
          autoComplete="off"
          value={email}
          onValue={setEmail}
        />
        <TextBox
          label={text.invite.name}
          type="text"
          autoComplete="off"
          value={name}
          onValue={setName}
        />
        <Field label={text.invite.type}>
          <select value={type} onChange={(e) => setType(e.target.value as (typeof STAFF)[number])}>
            <Options values={STAFF} labels={text.typeLabels} />
          </select>
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? text.invite.sending : text.invite.send}
        </Button>
        {error && (
          <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800 sm:col-span-4">
            {error}
          </p>
        )}
      </form>
    </Card>
  );
}
