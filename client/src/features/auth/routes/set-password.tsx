// /account/set-password: where an invitation's link lands (signed in by the link): the invited
// person chooses their password; no current password is asked in a session the link opened.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Field } from '@/components/ui/field';
import { Card, Page } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth';
import { dataMessage } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { passwordField, passwordsMatch } from '@/lib/validation/fields';
import { nextStep } from '../api/next-step';
import { text } from '../text';
import { FormEnd } from '../components/form-parts';

const schema = z
  .object({ password: passwordField(), confirm: z.string() })
  .superRefine(passwordsMatch('password', 'confirm'));
type Values = z.infer<typeof schema>;
type Input = z.input<typeof schema>;

export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({ resolver: zodResolver(schema) });

  const onSubmit = async (values: Values) => {
    setError(null);
    const { error: updateError } = await sdk().auth.updateUser({ password: values.password });
    if (updateError) {
      setError(dataMessage(updateError));
      return;
    }
    toast({ title: text.passwordSaved, variant: 'success' });
    const session = (await sdk().auth.getSession()).data.session;
    const step = session ? await nextStep(queryClient, session) : null;
    if (step?.kind === 'enrol') navigate('/account/second-factor', { replace: true });
    else navigate(step?.kind === 'home' ? step.path : '/', { replace: true });
  };

  return (
    <Page>
      <div className="mx-auto max-w-md">
        <h1 className="font-serif text-3xl font-bold">{text.setPasswordTitle}</h1>
        <p className="mt-2 text-stone-700">
          {auth.status === 'signedOut' ? text.linkExpired : text.setPasswordIntro}
        </p>
        {auth.status !== 'signedOut' && (
          <Card className="mt-6">
            <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
              <Field label={text.newPassword} error={errors.password?.message}>
                <input type="password" autoComplete="new-password" {...register('password')} />
              </Field>
              <Field label={text.confirmPassword} error={errors.confirm?.message}>
                <input type="password" autoComplete="new-password" {...register('confirm')} />
              </Field>
              <FormEnd error={error} disabled={isSubmitting}>
                {isSubmitting ? text.savingPassword : text.savePassword}
              </FormEnd>
            </form>
          </Card>
        )}
      </div>
    </Page>
  );
}
