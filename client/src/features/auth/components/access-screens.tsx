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

/** A screen that stops the visitor: its icon, heading and reason, then the ways on. */
function Stopped({
  icon,
  title,
  body,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  body: string;
  children: React.ReactNode;
}) {
  return (
    <Screen>
      {icon}
      <h1 className="mt-4 font-serif text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-stone-700">{body}</p>
      {children}
    </Screen>
  );
}

/** One line of the roles: what it is and who. */
function RoleFact({ term, testId, children }: { term: string; testId: string; children: string }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="font-semibold">{term}</dt>
      <dd data-testid={testId}>{children}</dd>
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
    <Stopped
      icon={<LockKeyhole className="h-12 w-12 text-orange-800" aria-hidden />}
      title={text.authRequired}
      body={text.authRequiredBody}
    >
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/login" state={{ from }}>
          {text.signIn}
        </ButtonLink>
        <ButtonLink to="/" variant="secondary">
          {text.backHome}
        </ButtonLink>
      </div>
    </Stopped>
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
    <Stopped
      icon={<ShieldAlert className="h-12 w-12 text-red-700" aria-hidden />}
      title={text.accessDenied}
      body={text.accessDeniedBody}
    >
      <dl className="mt-4 w-full rounded-lg border border-stone-200 bg-white p-4 text-left text-sm">
        <RoleFact term={text.yourRole} testId="user-role">
          {role === 'none' ? text.noRole : roleLabel(role)}
        </RoleFact>
        {required.length > 0 && (
          <RoleFact term={text.requiredRole} testId="required-roles">
            {roleList(required)}
          </RoleFact>
        )}
        {allowed.length > 0 && (
          <RoleFact term={text.allowedRoles} testId="allowed-roles">
            {roleList(allowed)}
          </RoleFact>
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
    </Stopped>
  );
}
