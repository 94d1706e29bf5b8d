// The account part of the three registration forms (members, students, matrimony): the email
// and the new password, asked of a newcomer first. Built when the form renders, so its words
// are the language on screen.
import type { StepSpec } from '@/components/form';
import { text as reg } from './text';

export const accountStep = (): StepSpec => ({
  title: reg.accountStep,
  intro: reg.accountIntro,
  fields: [
    { name: 'email', label: reg.email, kind: 'email', autoComplete: 'email', wide: true },
    {
      name: 'password',
      label: reg.password,
      kind: 'password',
      autoComplete: 'new-password',
      hint: reg.passwordHint,
    },
    {
      name: 'confirmPassword',
      label: reg.confirmPassword,
      kind: 'password',
      autoComplete: 'new-password',
    },
  ],
});
