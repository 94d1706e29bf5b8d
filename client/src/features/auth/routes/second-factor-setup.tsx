// /account/second-factor: a signed-in user sets up their authenticator app (the QR code and
// its key), proves it with a first code (the session becomes aal2), and goes on to their
// dashboard. Staff whose type must use a second factor are sent here at sign-in.
import type { TotpEnrollment } from '@havyaka/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Card, ErrorState, LoadingState, Page } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { sdk } from '@/lib/sdk';
import { nextStep } from '../api/next-step';
import { SecondFactorForm } from '../components/second-factor-form';
import { text } from '../text';

async function enrol(): Promise<TotpEnrollment> {
  const auth = sdk().auth;
  // An earlier, never verified enrolment is replaced.
  const factors = await auth.mfa.listFactors();
  for (const f of factors.data?.all ?? [])
    if (f.status === 'unverified') await auth.mfa.unenroll({ factorId: f.id });
  const { data, error } = await auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Authenticator app',
  });
  if (error || !data) throw error ?? new Error(text.enrolFailed);
  return data;
}

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = (location.state as { from?: string } | null)?.from;
  const enrolment = useQuery({
    queryKey: ['auth', 'enrolment'],
    queryFn: enrol,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  return (
    <Page>
      <div className="mx-auto max-w-md">
        <h1 className="font-serif text-3xl font-bold">{text.enrolTitle}</h1>
        <p className="mt-2 text-stone-700">{text.enrolIntro}</p>
        <Card className="mt-6">
          {enrolment.isPending && <LoadingState />}
          {enrolment.isError && <ErrorState message={text.enrolFailed} />}
          {enrolment.data && (
            <div className="space-y-4">
              <img
                src={enrolment.data.totp.qr_code}
                alt={text.enrolQrAlt}
                width={200}
                height={200}
                className="mx-auto"
                data-testid="totp-qr"
              />
              <p className="text-sm text-stone-700">
                {text.enrolSecret}{' '}
                <code className="break-all font-mono text-stone-900" data-testid="totp-secret">
                  {enrolment.data.totp.secret}
                </code>
              </p>
              <SecondFactorForm
                factorId={enrolment.data.id}
                submitLabel={text.enrolVerify}
                onVerified={async (session) => {
                  toast({
                    title: text.enrolDone,
                    description: text.enrolDoneBody,
                    variant: 'success',
                  });
                  const step = await nextStep(queryClient, session, from);
                  navigate(step.kind === 'home' ? step.path : '/', { replace: true });
                }}
              />
            </div>
          )}
        </Card>
      </div>
    </Page>
  );
}
