// E-mail and password, the first way in.
import type { Session } from '@havyaka/sdk';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/components/ui/field';
import { dataMessage } from '@/lib/errors';
import { sdk } from '@/lib/sdk';
import { emailSchema, required } from '@/lib/validation/validators';
import { text } from '../text';
import { FormEnd } from './form-parts';

const schema = z.object({
  email: emailSchema,
  password: required(text.password),
});
type Values = z.infer<typeof schema>;

export function PasswordForm({ onSignedIn }: { onSignedIn: (session: Session) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
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
    await onSignedIn(data.session);
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <Field label={text.email} error={errors.email?.message}>
        <input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field label={text.password} error={errors.password?.message}>
        <input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <FormEnd error={error} disabled={isSubmitting}>
        {isSubmitting ? text.signingIn : text.signIn}
      </FormEnd>
    </form>
  );
}
