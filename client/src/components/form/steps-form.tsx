// A long form in steps on the form kit (useZodForm and the kit's fields): a progress indicator,
// validation step by step, a local draft (never secrets or files: see draft.ts), the anti-spam
// checks of spec §5 on the last step, one submit, and the server's refusals under their fields.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/states';
import { SubmitButton, useSubmitState, type SubmitState } from '@/components/ui/submit-button';
import { toast } from '@/components/ui/toast';
import { dataMessage, errorToast, refusedColumn } from '@/lib/errors';
import { messages } from '@/lib/validation/validators';
import { FieldRegistryContext, type FieldRegistry } from './context';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { SpamCheckFields, useSpamCheck } from './spam-check';
import { SpecField, type FieldSpec } from './spec-field';
import { StepProgress } from './step-progress';
import { text } from './text';
import { useZodForm } from './use-zod-form';

export interface StepSpec {
  title: string;
  intro?: string;
  fields: FieldSpec[];
  /** More controls of the step (file pickers), outside the field list. */
  extra?: ReactNode;
}

const camelCase = (c: string) => c.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

export function StepsForm({
  formId,
  steps,
  schema,
  defaults,
  onSubmit,
  fieldOfColumn = camelCase,
  beforeSubmit,
  submitLabels = text.submitLabels,
}: {
  /** Names the draft and the rate limit. */
  formId: string;
  steps: readonly StepSpec[];
  schema: z.ZodType<unknown, FieldValues>;
  defaults: FieldValues;
  /** Sends the form (the schema's output); throws to show the error. */
  onSubmit: (values: FieldValues) => Promise<void>;
  /** The form field a refused column (the server error's hint) belongs to. */
  fieldOfColumn?: (column: string) => string;
  /** A check outside the schema (a required file): a message stops the submit. */
  beforeSubmit?: () => string | null;
  submitLabels?: Record<SubmitState, string>;
}) {
  const form = useZodForm(schema, { defaultValues: defaults });
  const registry = useRef<FieldRegistry>(new Map()).current;
  const [step, setStep] = useState(0);
  const [restored, setRestored] = useState(false);
  const spam = useSpamCheck(formId);
  const submit = useSubmitState();
  const top = useRef<HTMLDivElement>(null);
  const stepOf = useMemo(() => {
    const map = new Map<string, number>();
    steps.forEach((s, i) => s.fields.forEach((f) => map.set(f.name, i)));
    return map;
  }, [steps]);

  // The draft is restored once and saved as the user types; a field showing an error is
  // checked again at each keystroke, so its message goes before the user leaves it.
  useEffect(() => {
    const draft = loadDraft(formId);
    if (draft) {
      form.reset({ ...defaults, ...draft });
      setRestored(true);
    }
    const sub = form.watch((values, { name }) => {
      saveDraft(formId, values as Record<string, unknown>);
      if (name && form.getFieldState(name).error) void form.trigger(name);
    });
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId]);

  const goTo = (n: number) => {
    setStep(n);
    top.current?.scrollIntoView?.({ block: 'start' });
  };

  const next = async () => {
    const names = steps[step].fields.map((f) => f.name);
    if (!(await form.trigger(names, { shouldFocus: true }))) return;
    if (names.includes('confirmPassword')) {
      const { password, confirmPassword } = form.getValues() as FieldValues;
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
    toast({ title: text.error, description: text.fixErrors, variant: 'destructive' });
  };

  const send = async (values: unknown) => {
    const outside = beforeSubmit?.();
    if (outside) {
      toast({ title: text.error, description: outside, variant: 'destructive' });
      return;
    }
    const stop = spam.verdict();
    if (stop?.toast) {
      submit.setState('error');
      toast({ title: text.error, description: stop.toast, variant: 'destructive' });
    }
    if (stop) return;
    const bot = spam.isBot();
    try {
      await submit.run(async () => {
        if (bot) throw new Error(text.botFailed);
        spam.record();
        await onSubmit(values as FieldValues);
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
      <FieldRegistryContext.Provider value={registry}>
        <div ref={top} className="scroll-mt-24" />
        <StepProgress titles={steps.map((s) => s.title)} current={step} />
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
            onKeyDown={spam.touch}
            onPointerDown={spam.touch}
          >
            <h2 className="font-serif text-xl font-bold">{current.title}</h2>
            {current.intro && <p className="mt-1 text-sm text-stone-700">{current.intro}</p>}
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {current.fields.map((f) => (
                <SpecField key={f.name} spec={f} />
              ))}
            </div>
            {current.extra && <div className="mt-4">{current.extra}</div>}
            {last && <SpamCheckFields formId={formId} check={spam} />}
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
                <SubmitButton state={submit.state} labels={submitLabels} />
              ) : (
                <Button type="submit">{text.next}</Button>
              )}
            </div>
          </form>
        </Card>
      </FieldRegistryContext.Provider>
    </FormProvider>
  );
}
