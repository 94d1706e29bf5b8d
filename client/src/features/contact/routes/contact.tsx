// The contact form (spec §5): the field rules, a honeypot, an arithmetic captcha, a bot score
// and 3 messages per 5 minutes; the submit button's states (spec §4).
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, MapPin, Phone } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Card, Page, PageHeader } from '@/components/ui/states';
import { SubmitButton, useSubmitState } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast';
import {
  checkCaptcha,
  looksLikeBot,
  makeCaptcha,
  rateLimitWait,
  recordSubmission,
} from '@/lib/anti-spam';
import { errorToast } from '@/lib/errors';
import { contactSchema, type ContactValues } from '@/lib/validation/validators';
import { sendContactMessage } from '../api/contact';
import { text } from '../text';
import { errorText } from '@/lib/text';

const FORM = 'contact';
const EMPTY: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  captcha: '',
  website: '',
};

export function Component() {
  const [captcha, setCaptcha] = useState(() => makeCaptcha());
  const [started] = useState(() => Date.now());
  const interactions = useRef(0);
  const submit = useSubmitState();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });

  const onSubmit = async (values: ContactValues) => {
    if (!checkCaptcha(captcha, values.captcha)) {
      setCaptcha(makeCaptcha());
      setError('captcha', { message: text.captchaWrong });
      return;
    }
    const wait = rateLimitWait(FORM);
    if (wait > 0) {
      submit.setState('error');
      toast({
        title: errorText.title,
        description: text.rateLimited(Math.ceil(wait / 60_000)),
        variant: 'destructive',
      });
      return;
    }
    const bot = looksLikeBot({
      elapsedMs: Date.now() - started,
      interactions: interactions.current,
      honeypotFilled: !!values.website,
    });
    try {
      await submit.run(async () => {
        if (bot) throw new Error(text.failed);
        await sendContactMessage(values);
      });
      recordSubmission(FORM);
      toast({ title: text.sent, description: text.sentBody, variant: 'success' });
      reset(EMPTY);
      setCaptcha(makeCaptcha());
    } catch (error) {
      toast({ ...errorToast(error), variant: 'destructive' });
    }
  };

  return (
    <Page>
      <PageHeader title={text.title}>{text.intro}</PageHeader>
      <div className="grid gap-8 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <form
            onSubmit={handleSubmit(onSubmit)}
            noValidate
            className="grid gap-4 sm:grid-cols-2"
            onKeyDown={() => (interactions.current += 1)}
            onPointerDown={() => (interactions.current += 1)}
            aria-label={text.title}
          >
            <Field label={text.firstName} error={errors.firstName?.message}>
              <input autoComplete="given-name" {...register('firstName')} />
            </Field>
            <Field label={text.lastName} error={errors.lastName?.message}>
              <input autoComplete="family-name" {...register('lastName')} />
            </Field>
            <Field label={text.email} error={errors.email?.message}>
              <input type="email" autoComplete="email" {...register('email')} />
            </Field>
            <Field label={text.phone} error={errors.phone?.message}>
              <input type="tel" autoComplete="tel" {...register('phone')} />
            </Field>
            <Field label={text.subject} error={errors.subject?.message} className="sm:col-span-2">
              <input {...register('subject')} />
            </Field>
            <Field label={text.message} error={errors.message?.message} className="sm:col-span-2">
              <textarea rows={6} {...register('message')} />
            </Field>
            <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
              <label htmlFor="contact-website">{text.honeypot}</label>
              <input
                id="contact-website"
                tabIndex={-1}
                autoComplete="off"
                {...register('website')}
              />
            </div>
            <Field label={text.captcha(captcha.question)} error={errors.captcha?.message}>
              <input inputMode="numeric" autoComplete="off" {...register('captcha')} />
            </Field>
            <div className="flex items-end sm:justify-end">
              <SubmitButton
                state={submit.state}
                labels={text.labels}
                className="w-full sm:w-auto"
              />
            </div>
          </form>
        </Card>
        <Card>
          <h2 className="font-serif text-xl font-bold">{text.office}</h2>
          <ul className="mt-3 space-y-3 text-stone-800">
            <li className="flex gap-2">
              <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-orange-800" aria-hidden />{' '}
              {text.officeAddress}
            </li>
            <li className="flex gap-2">
              <Phone className="mt-0.5 h-5 w-5 shrink-0 text-orange-800" aria-hidden />
              <a className="underline" href="tel:+912224000000">
                {text.officePhone}
              </a>
            </li>
            <li className="flex gap-2">
              <Clock className="mt-0.5 h-5 w-5 shrink-0 text-orange-800" aria-hidden />{' '}
              {text.officeHours}
            </li>
          </ul>
        </Card>
      </div>
    </Page>
  );
}
