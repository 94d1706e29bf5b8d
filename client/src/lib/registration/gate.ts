// Who is looking at a registration form: a newcomer (the whole form), a signed-in account
// without an application or whose application was rejected (the form without the account
// part), someone already registered,
// or an account of another audience (one account, one audience).
import { useAuth } from '@/lib/auth';
import type { Audience } from './api';

export type Gate =
  | { kind: 'checking' }
  | { kind: 'newcomer' }
  | { kind: 'signedIn'; email: string }
  | { kind: 'registered'; status: string }
  | { kind: 'otherAccount'; type: string };

export function useRegistrationGate(audience: Audience): Gate {
  const auth = useAuth();
  if (auth.status === 'loading') return { kind: 'checking' };
  if (auth.status !== 'signedIn' || !auth.session) return { kind: 'newcomer' };
  if (auth.profileLoading) return { kind: 'checking' };
  const email = auth.session.user.email ?? '';
  if (!auth.user) return { kind: 'signedIn', email };
  if (auth.user.type !== audience) return { kind: 'otherAccount', type: auth.user.type };
  // A rejected applicant may apply again (issue 40): the form, without the account part.
  if (auth.detail && auth.detail.approval_status !== 'rejected')
    return { kind: 'registered', status: auth.detail.approval_status };
  return { kind: 'signedIn', email };
}
