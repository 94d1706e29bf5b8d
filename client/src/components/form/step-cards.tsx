// An application edited in one page (the student's and the matrimony profile's own edit
// screens): the registration's steps as cards of fields, the locked ones marked, and a row with
// the way back and the submit button. Needs a react-hook-form FormProvider above.
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/states';
import { SubmitButton, type SubmitState } from '@/components/ui/submit-button';
import { SpecField } from './spec-field';
import type { StepSpec } from './steps-form';

export function StepCards({
  steps,
  locked,
  lockedNote,
}: {
  steps: readonly StepSpec[];
  /** The fields that may no longer change, each shown with `lockedNote`. */
  locked: readonly string[];
  lockedNote: string;
}) {
  return steps.map((s) => (
    <Card key={s.title}>
      <h2 className="font-serif text-xl font-bold">{s.title}</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {s.fields.map((f) => (
          <SpecField
            key={f.name}
            spec={locked.includes(f.name) ? { ...f, locked: lockedNote } : f}
          />
        ))}
      </div>
    </Card>
  ));
}

/** The way back (a secondary link) and the submit button with its state's label. */
export function BackAndSubmit({
  back,
  state,
  labels,
}: {
  back: { to: string; label: ReactNode };
  state: SubmitState;
  labels: Record<SubmitState, string>;
}) {
  return (
    <div className="flex flex-wrap justify-between gap-3">
      <ButtonLink to={back.to} variant="secondary">
        {back.label}
      </ButtonLink>
      <SubmitButton state={state} labels={labels} />
    </div>
  );
}
