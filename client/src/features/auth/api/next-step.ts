// What follows a successful first step of sign-in (password, code or link): a pending account
// goes home with a notice; a rejected applicant to their dashboard, which says so; a user with a verified second factor enters its code; a user whose
// type must use one (the server's second_factor_required(), decided by the app's security
// policy) and has none sets one up; everyone else goes to their dashboard.
import type { Factor, Session } from '@havyaka/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { authKeys, fetchProfile } from '@/lib/auth';
import { detailKindOf, isApproved, roleHome } from '@/lib/authorization';
import { sdk } from '@/lib/sdk';
import { isRejected } from '../components/route-guard';

export type NextStep =
  | { kind: 'pending' }
  | { kind: 'second-factor'; factorId: string }
  | { kind: 'enrol' }
  | { kind: 'home'; path: string; name: string };

export const verifiedFactor = (session: Session): Factor | undefined =>
  (session.user.factors ?? []).find((f) => f.factor_type === 'totp' && f.status === 'verified');

export async function nextStep(
  queryClient: QueryClient,
  session: Session,
  from?: string,
): Promise<NextStep> {
  const profile = await fetchProfile(session.user.id);
  queryClient.setQueryData(authKeys.profile(session.user.id), profile);
  if (!profile.user) return { kind: 'pending' };
  // A rejected applicant goes to their dashboard, which shows the decision (issue 40).
  if (isRejected(profile.user, profile.detail) && detailKindOf(profile.user.type))
    return {
      kind: 'home',
      path: roleHome(profile.user.type),
      name: profile.user.full_name ?? profile.user.email,
    };
  if (!isApproved(profile.user, profile.detail)) return { kind: 'pending' };
  const factor = verifiedFactor(session);
  const level = await sdk().auth.mfa.getAuthenticatorAssuranceLevel();
  if (factor && level.data?.currentLevel !== 'aal2')
    return { kind: 'second-factor', factorId: factor.id };
  if (!factor) {
    const { data: required } = await sdk().rpc('second_factor_required');
    if (required === true) return { kind: 'enrol' };
  }
  const home = from && from !== '/login' ? from : roleHome(profile.user.type);
  return { kind: 'home', path: home, name: profile.user.full_name ?? profile.user.email };
}
