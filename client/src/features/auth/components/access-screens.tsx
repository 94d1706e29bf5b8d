import { Loader2, LockKeyhole, ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { roleLabel, type Role } from '@/lib/authorization';
import { text } from '../text';

function Screen({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 py-12 text-center">
      {children}
    </div>
  );
}

export function CheckingAccess() {
  return (
    <Screen>
      <div role="status" aria-live="polite" className="flex items-center gap-3 text-stone-700">
        <Loader2 className="h-6 w-6 animate-spin" aria-hidden />
        {text.checking}
      </div>
    </Screen>
  );
}

export function AuthenticationRequired({ from }: { from: string }) {
  return (
    <Screen>
      <LockKeyhole className="h-12 w-12 text-orange-800" aria-hidden />
      <h1 className="mt-4 font-serif text-2xl font-bold">{text.authRequired}</h1>
      <p className="mt-2 text-stone-700">{text.authRequiredBody}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/login" state={{ from }}>
          {text.signIn}
        </ButtonLink>
        <ButtonLink to="/" variant="secondary">
          {text.backHome}
        </ButtonLink>
      </div>
    </Screen>
  );
}

const roleList = (roles: Role[]) => roles.map(roleLabel).join(', ');

export function AccessDenied({
  role,
  required,
  allowed,
  home,
}: {
  role: string;
  required: Role[];
  allowed: Role[];
  home: string;
}) {
  const navigate = useNavigate();
  return (
    <Screen>
      <ShieldAlert className="h-12 w-12 text-red-700" aria-hidden />
      <h1 className="mt-4 font-serif text-2xl font-bold">{text.accessDenied}</h1>
      <p className="mt-2 text-stone-700">{text.accessDeniedBody}</p>
      <dl className="mt-4 w-full rounded-lg border border-stone-200 bg-white p-4 text-left text-sm">
        <div className="flex justify-between gap-4 py-1">
          <dt className="font-semibold">{text.yourRole}</dt>
          <dd data-testid="user-role">{role === 'none' ? text.noRole : roleLabel(role)}</dd>
        </div>
        {required.length > 0 && (
          <div className="flex justify-between gap-4 py-1">
            <dt className="font-semibold">{text.requiredRole}</dt>
            <dd data-testid="required-roles">{roleList(required)}</dd>
          </div>
        )}
        {allowed.length > 0 && (
          <div className="flex justify-between gap-4 py-1">
            <dt className="font-semibold">{text.allowedRoles}</dt>
            <dd data-testid="allowed-roles">{roleList(allowed)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={() => navigate(-1)}>
          {text.goBack}
        </Button>
        <ButtonLink to="/" variant="secondary">
          {text.backHome}
        </ButtonLink>
        {home !== '/' && <ButtonLink to={home}>{text.myHome}</ButtonLink>}
      </div>
    </Screen>
  );
}
