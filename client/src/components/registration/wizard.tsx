// A long registration form in steps: a progress indicator, validation per step, a local draft
// (never secrets or files), the anti-spam checks of spec §5 on the last step, one submit, and
// the server's refusals shown under their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Card } from '@/components/ui/states';
import { SubmitButton, useSubmitState } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast';
import {
  checkCaptcha,
  looksLikeBot,
  makeCaptcha,
  rateLimitWait,
  recordSubmission,
} from '@/lib/anti-spam';
import { errorToast, dataMessage } from '@/lib/errors';
import { messages } from '@/lib/validation/validators';
import { refusedColumn } from '@/lib/registration/api';
import { clearDraft, loadDraft, saveDraft } from '@/lib/registration/draft';
import { text } from '@/lib/registration/text';
import { FormField, type FieldSpec } from './form-fields';

export interface StepSpec {
  title: string;
  intro?: string;
  fields: FieldSpec[];
  /** More controls of the step (file pickers), outside the field list. */
  extra?: ReactNode;
}

export function Progress({ steps, current }: { steps: readonly StepSpec[]; current: number }) {
  return (
    <nav aria-label="Progress" className="mb-6">
      <p className="text-sm font-semibold text-stone-700" data-testid="step-counter">
        {text.stepOf(current + 1, steps.length)}: {steps[current].title}
      </p>
      <div
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={current + 1}
        aria-label={text.stepOf(current + 1, steps.length)}
        className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full bg-orange-800 transition-[width]"
          style={{ width: `${((current + 1) / steps.length) * 100}%` }}
        />
      </div>
      <ol className="mt-3 hidden flex-wrap gap-2 text-xs text-stone-600 md:flex">
        {steps.map((s, i) => (
          <li
            key={s.title}
            aria-current={i === current ? 'step' : undefined}
            className={`rounded-full px-2 py-1 ${i === current ? 'bg-orange-100 font-semibold text-orange-900' : i < current ? 'bg-emerald-50 text-emerald-900' : 'bg-stone-100'}`}
          >
            {i + 1}. {s.title}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function RegistrationWizard({
  formId,
  steps,
  schema,
  defaults,
  onSubmit,
  fieldOfColumn = (c) => c.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase()),
  beforeSubmit,
}: {
  formId: string;
  steps: readonly StepSpec[];
  schema: z.ZodType;
  defaults: FieldValues;
  /** Sends the application (the schema's output); throws to show the error. */
  onSubmit: (values: FieldValues) => Promise<void>;
  /** The form field a refused column belongs to. */
  fieldOfColumn?: (column: string) => string;
  /** A check outside the schema (a required file): a message stops the submit. */
  beforeSubmit?: () => string | null;
}) {
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<FieldValues>,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const [step, setStep] = useState(0);
  const [restored, setRestored] = useState(false);
  const [captcha, setCaptcha] = useState(() => makeCaptcha());
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const [started] = useState(() => Date.now());
  const interactions = useRef(0);
  const submit = useSubmitState();
  const top = useRef<HTMLDivElement>(null);
  const stepOf = useMemo(() => {
    const map = new Map<string, number>();
    steps.forEach((s, i) => s.fields.forEach((f) => map.set(f.name, i)));
    return map;
  }, [steps]);

  // The draft: restored once, saved as the user types.
  useEffect(() => {
    const draft = loadDraft(formId);
    if (draft) {
      form.reset({ ...defaults, ...draft });
      setRestored(true);
    }
    const sub = form.watch((values) => saveDraft(formId, values as Record<string, unknown>));
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId]);

  const goTo = (n: number) => {
    setStep(n);
    top.current?.scrollIntoView({ block: 'start' });
  };

  const next = async () => {
    const names = steps[step].fields.map((f) => f.name);
    if (!(await form.trigger(names, { shouldFocus: true }))) return;
    if (names.includes('confirmPassword')) {
      const { password, confirmPassword } = form.getValues();
      if (password !== confirmPassword) {
        form.setError(
          'confirmPassword',
          { message: messages.passwordsDiffer },
          { shouldFocus: true },
        );
        return;
      }
    }
    goTo(step + 1);
  };

  const onInvalid = (errors: Record<string, unknown>) => {
    const first = Object.keys(errors)
      .map((k) => stepOf.get(k) ?? steps.length - 1)
      .sort((a, b) => a - b)[0];
    if (first !== undefined && first !== step) goTo(first);
    toast({ title: 'Error', description: text.fixErrors, variant: 'destructive' });
  };

  const send = async (values: FieldValues) => {
    const outside = beforeSubmit?.();
    if (outside) {
      toast({ title: 'Error', description: outside, variant: 'destructive' });
      return;
    }
    if (!checkCaptcha(captcha, captchaAnswer)) {
      setCaptcha(makeCaptcha());
      setCaptchaAnswer('');
      setCaptchaError(text.captchaWrong);
      return;
    }
    setCaptchaError(null);
    const wait = rateLimitWait(formId);
    if (wait > 0) {
      submit.setState('error');
      toast({
        title: 'Error',
        description: text.rateLimited(Math.ceil(wait / 60_000)),
        variant: 'destructive',
      });
      return;
    }
    const bot = looksLikeBot({
      elapsedMs: Date.now() - started,
      interactions: interactions.current,
      honeypotFilled: !!honeypot.current?.value,
    });
    try {
      await submit.run(async () => {
        if (bot) throw new Error(text.botFailed);
        recordSubmission(formId);
        await onSubmit(values);
      });
      clearDraft(formId);
    } catch (error) {
      const column = refusedColumn(error);
      const field = column ? fieldOfColumn(column) : null;
      if (field && stepOf.has(field)) {
        form.setError(field, { message: dataMessage(error) });
        goTo(stepOf.get(field)!);
      }
      toast({ ...errorToast(error), variant: 'destructive' });
    }
  };

  const current = steps[step];
  const last = step === steps.length - 1;
  return (
    <FormProvider {...form}>
      <div ref={top} className="scroll-mt-24" />
      <Progress steps={steps} current={step} />
      {restored && (
        <p className="mb-4 flex flex-wrap items-center gap-3 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
          {text.draftRestored}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => {
              clearDraft(formId);
              form.reset(defaults);
              setRestored(false);
              goTo(0);
            }}
          >
            {text.discardDraft}
          </button>
        </p>
      )}
      <Card>
        <form
          noValidate
          aria-label={current.title}
          onSubmit={(e) => {
            e.preventDefault();
            if (last) void form.handleSubmit(send, onInvalid)(e);
            else void next();
          }}
          onKeyDown={() => (interactions.current += 1)}
          onPointerDown={() => (interactions.current += 1)}
        >
          <h2 className="font-serif text-xl font-bold">{current.title}</h2>
          {current.intro && <p className="mt-1 text-sm text-stone-700">{current.intro}</p>}
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {current.fields.map((f) => (
              <FormField key={f.name} spec={f} />
            ))}
          </div>
          {current.extra && <div className="mt-4">{current.extra}</div>}
          {last && (
            <div className="mt-6 grid gap-4 sm:grid-cols-2">
              <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
                <label htmlFor={`${formId}-website`}>{text.honeypot}</label>
                <input id={`${formId}-website`} ref={honeypot} tabIndex={-1} autoComplete="off" />
              </div>
              <Field label={text.captcha(captcha.question)} error={captchaError ?? undefined}>
                <input
                  inputMode="numeric"
                  autoComplete="off"
                  value={captchaAnswer}
                  onChange={(e) => setCaptchaAnswer(e.target.value)}
                />
              </Field>
            </div>
          )}
          <p className="mt-4 text-xs text-stone-600">{text.draftNote}</p>
          <div className="mt-4 flex flex-wrap justify-between gap-3">
            <Button
              variant="secondary"
              onClick={() => goTo(step - 1)}
              disabled={step === 0}
              className={step === 0 ? 'invisible' : ''}
            >
              {text.back}
            </Button>
            {last ? (
              <SubmitButton state={submit.state} labels={text.submitLabels} />
            ) : (
              <Button type="submit">{text.next}</Button>
            )}
          </div>
        </form>
      </Card>
    </FormProvider>
  );
}
