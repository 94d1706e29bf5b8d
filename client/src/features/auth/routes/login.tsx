import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card, Page } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { authKeys, fetchProfile } from '@/lib/auth';
import { isApproved, roleHome } from '@/lib/authorization';
import { dataMessage } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { emailSchema, required } from '@/lib/validation/validators';
import { text } from '../text';

const schema = z.object({
  email: emailSchema,
  password: required(text.password),
});
type Values = z.infer<typeof schema>;

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema) });

  const onSubmit = async (values: Values) => {
    setError(null);
    const { data, error: signInError } = await sdk().auth.signInWithPassword(values);
    if (signInError || !data.session) {
      setError(signInError?.status === 400 ? text.badCredentials : dataMessage(signInError));
      return;
    }
    const profile = await fetchProfile(data.session.user.id);
    queryClient.setQueryData(authKeys.profile(data.session.user.id), profile);
    if (!profile.user || !isApproved(profile.user, profile.detail)) {
      toast({ title: text.pendingTitle, description: text.pending, variant: 'destructive' });
      navigate('/', { replace: true });
      return;
    }
    toast({
      title: text.signedIn,
      description: profile.user.full_name ?? profile.user.email,
      variant: 'success',
    });
    navigate(from && from !== '/login' ? from : roleHome(profile.user.type), { replace: true });
  };

  return (
    <Page>
      <div className="mx-auto max-w-md">
        <h1 className="font-serif text-3xl font-bold">{text.loginTitle}</h1>
        <p className="mt-2 text-stone-700">{text.loginIntro}</p>
        <Card className="mt-6">
          <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
            <Field label={text.email} error={errors.email?.message}>
              <input type="email" autoComplete="email" {...register('email')} />
            </Field>
            <Field label={text.password} error={errors.password?.message}>
              <input type="password" autoComplete="current-password" {...register('password')} />
            </Field>
            {error && (
              <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
                {error}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? text.signingIn : text.signIn}
            </Button>
          </form>
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
