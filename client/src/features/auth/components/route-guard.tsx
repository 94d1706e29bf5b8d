// The route guard (spec §6): a session, the right role (required or allowed, against the
// user's type from public.users), the detail record where needed, and approval (spec §4).
// It renders the access screens and raises the spec's toasts once per decision.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import {
  decide,
  roleLabel,
  type AppUser,
  type Decision,
  type Detail,
  type Requirement,
} from '@/lib/authorization';
import { text } from '../text';
import { AccessDenied, AuthenticationRequired, CheckingAccess } from './access-screens';

// A rejected applicant (issue 40): their account's status or detail record says rejected.
// They still reach their dashboard, which shows the decision and what they can do.

export const isRejected = (user: AppUser, detail: Detail | null) =>
  user.status === 'rejected' || detail?.approval_status === 'rejected';

/** The guard's decision, with a rejected applicant let in where the route admits them. */
export function admitRejected(
  decision: Decision,
  need: Requirement,
  user: AppUser | null,
  detail: Detail | null,
): Decision {
  return decision.kind === 'pending' && need.admitsRejected && user && isRejected(user, detail)
    ? { kind: 'allow' }
    : decision;
}

export function RouteGuard(props: Requirement & { children?: React.ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const decision = admitRejected(decide(auth, props), props, auth.user, auth.detail);
  const deniedRole =
    decision.kind === 'denied'
      ? [...decision.required, ...decision.allowed].map(roleLabel).join(', ') || 'none'
      : '';

  useEffect(() => {
    switch (decision.kind) {
      case 'signIn':
        // A sign-out the user asked for is answered by its own toast, not this one.
        if (!auth.signingOut) {
          toast({
            title: text.authRequired,
            description: text.pleaseLogin,
            variant: 'destructive',
          });
        }
        break;
      case 'denied':
        // The spec's sentence once (it begins with "Access Denied"), with the roles as the
        // screen names them ("Super Admin", not super_admin) (issue 40).
        toast({ title: text.accessDeniedToast(deniedRole), variant: 'destructive' });
        break;
      case 'pending':
        toast({ title: text.pendingTitle, description: text.pending, variant: 'destructive' });
        break;
      case 'missingProfile':
        toast({
          title: text.accessDenied,
          description: text.missingProfile,
          variant: 'destructive',
        });
        break;
    }
  }, [decision.kind, deniedRole, location.pathname, auth.signingOut]);

  switch (decision.kind) {
    case 'checking':
      return <CheckingAccess />;
    case 'signIn':
      return <AuthenticationRequired from={location.pathname + location.search} />;
    case 'denied':
      return <AccessDenied {...decision} />;
    case 'pending':
    case 'missingProfile':
      return <Navigate to="/" replace />;
    case 'allow':
      return props.children ?? <Outlet />;
  }
}
