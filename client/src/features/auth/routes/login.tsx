// /login: a password, or a code by e-mail (or text message, where the server sends them); then,
// for staff with a second factor, the code of their authenticator app. A mailed sign-in link
// lands here signed in and goes on the same way.
import type { Session } from '@havyaka/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Card, Page } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { sdk } from '@/lib/sdk';
import { nextStep } from '../api/next-step';
import { CodeForm } from '../components/code-form';
import { PasswordForm } from '../components/password-form';
import { SecondFactorForm } from '../components/second-factor-form';
import { text } from '../text';

type Method = 'password' | 'code';

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = (location.state as { from?: string } | null)?.from;
  const [method, setMethod] = useState<Method>('password');
  const [factorId, setFactorId] = useState<string | null>(null);
  const settings = useQuery({
    queryKey: ['auth', 'settings'],
    queryFn: async () => (await sdk().auth.getSettings()).data,
    staleTime: 10 * 60_000,
  });

  const proceed = async (session: Session) => {
    const step = await nextStep(queryClient, session, from);
    switch (step.kind) {
      case 'pending':
        toast({ title: text.pendingTitle, description: text.pending, variant: 'destructive' });
        navigate('/', { replace: true });
        return;
      case 'second-factor':
        setFactorId(step.factorId);
        return;
      case 'enrol':
        navigate('/account/second-factor', { replace: true, state: { from } });
        return;
      case 'home':
        toast({ title: text.signedIn, description: step.name, variant: 'success' });
        navigate(step.path, { replace: true });
    }
  };

  // A mailed sign-in link lands here with a session already (or a session at aal1 comes back).
  useEffect(() => {
    let cancelled = false;
    void sdk()
      .auth.getSession()
      .then(({ data }) => {
        if (!cancelled && data.session) void proceed(data.session);
      });
    return () => {
      cancelled = true;
    };
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const tab = (value: Method, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={method === value}
      className={`flex-1 rounded-md px-3 py-2 text-sm font-semibold ${method === value ? 'bg-orange-800 text-white' : 'text-stone-800'}`}
      onClick={() => setMethod(value)}
    >
      {label}
    </button>
  );

  return (
    <Page>
      <div className="mx-auto max-w-md">
        <h1 className="font-serif text-3xl font-bold">
          {factorId ? text.secondFactorTitle : text.loginTitle}
        </h1>
        <p className="mt-2 text-stone-700">{factorId ? text.secondFactorIntro : text.loginIntro}</p>
        <Card className="mt-6">
          {factorId ? (
            <SecondFactorForm factorId={factorId} onVerified={proceed} />
          ) : (
            <>
              <div role="tablist" className="mb-4 flex gap-1 rounded-lg bg-stone-100 p-1">
                {tab('password', text.withPassword)}
                {tab('code', text.withCode)}
              </div>
              {method === 'password' ? (
                <PasswordForm onSignedIn={proceed} />
              ) : (
                <CodeForm
                  phoneEnabled={settings.data?.external.phone === true}
                  onSignedIn={proceed}
                />
              )}
            </>
          )}
        </Card>
        <div className="mt-4 text-sm text-stone-700">
          <p>{text.noAccount}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            <li>
              <Link
                className="font-semibold text-orange-800 underline"
                to="/membership/registration"
              >
                {text.registerMember}
              </Link>
            </li>
            <li>
              <Link className="font-semibold text-orange-800 underline" to="/student-registration">
                {text.registerStudent}
              </Link>
            </li>
            <li>
              <Link
                className="font-semibold text-orange-800 underline"
                to="/matrimony/registration"
              >
                {text.registerMatrimony}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </Page>
  );
}
