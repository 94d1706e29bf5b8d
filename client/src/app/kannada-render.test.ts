// @vitest-environment jsdom
// Words read when a screen renders, not copied at module load: after a switch to ಕನ್ನಡ the
// registration steps, the admin lists' filter bars and columns, the form kit's yes/no and
// parser messages, and the data layer's error messages (the SDK's errorMessage() table) carry
// no English word (only the proper names and acronyms the Kannada text keeps).
import { ApiError } from '@havyaka/sdk';
import { isValidElement, type ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSpec } from '@/components/form';
import { text as formText } from '@/components/form/text';
import type { FilterControl } from '@/components/resource-list';
import type { TableUrlState } from '@/components/data-table';
import { dataMessage } from '@/lib/errors';
import { directoryList } from '@/features/members/resources/directory/filters';
import { memberSteps } from '@/features/members/components/registration-steps';
import { profileList } from '@/features/matrimony/resources/profiles/filters';
import { matrimonySteps } from '@/features/matrimony/components/steps';
import { studentList } from '@/features/students/resources/students/filters';
import { studentColumns, studentCsvColumns } from '@/features/students/resources/students/columns';
import { studentSteps } from '@/features/students/components/steps';
import { accountStep } from '@/lib/registration/account-step';
import { businessColumns } from '@/features/business/resources/listings/columns';
import { businessList } from '@/features/business/resources/listings/filters';
import { switchLanguage } from '@/lib/i18n/words';

/** The English words in a text (a run of three Latin letters), less the names Kannada keeps
 *  and the examples of what people may type (the parsers read `65 kg or 143 lbs`, `1.5 lakh`,
 *  `DD/MM/YYYY`). */
const KEPT = new Set(['PAN', 'KVSS', 'UPI', 'IFSC', 'OTP', 'PIN', 'CSV', 'PDF']);
const TYPED = new Set(['YYYY', 'lbs', 'lakh']);
const english = (s: string) =>
  (s.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !KEPT.has(w) && !TYPED.has(w));

/** Every text of steps: titles, intros, labels, hints, placeholders, option labels. */
function stepWords(steps: StepSpec[]): string[] {
  return steps.flatMap((s) => [
    s.title,
    s.intro ?? '',
    ...s.fields.flatMap((f) => [
      f.label,
      f.hint ?? '',
      f.placeholder ?? '',
      ...(f.options ?? []).map((o) => o.label),
    ]),
  ]);
}

/** The words a filter bar's controls pass to their components (label, placeholder, options). */
function controlWords(controls: () => readonly FilterControl<never>[]): string[] {
  return controls().flatMap((control) => {
    const element = control({} as TableUrlState<never>) as ReactElement<Record<string, unknown>>;
    if (!isValidElement(element)) return [];
    const p = element.props as {
      label?: string;
      placeholder?: string;
      allLabel?: string | null;
      options?: { label: string }[];
    };
    return [
      p.label ?? '',
      p.placeholder ?? '',
      p.allLabel ?? '',
      ...(p.options ?? []).map((o) => o.label),
    ];
  });
}

const noEnglish = (words: string[]) =>
  expect(words.flatMap(english), JSON.stringify(words.filter((w) => english(w).length))).toEqual(
    [],
  );

describe('a Kannada screen reads its words when it renders', () => {
  beforeAll(() => switchLanguage('kn'));
  afterAll(() => switchLanguage('en'));

  it('the registration steps', () => {
    noEnglish(stepWords([accountStep(), ...memberSteps()]));
    noEnglish(stepWords(matrimonySteps()));
    noEnglish(stepWords(studentSteps()));
  });

  it('the form kit: parser messages and yes/no', () => {
    noEnglish(Object.values(formText.what).map((w) => formText.notUnderstood(w)));
    noEnglish([formText.yes, formText.no]);
  });

  it('the admin lists: filter bars and column headers', () => {
    noEnglish(controlWords(directoryList.controls as never));
    noEnglish(controlWords(studentList.controls as never));
    noEnglish(controlWords(profileList.controls as never));
    noEnglish(controlWords(businessList.controls as never));
    noEnglish(studentColumns().map((c) => String(c.header)));
    noEnglish(studentCsvColumns().map((c) => c.header));
    noEnglish(businessColumns().map((c) => String(c.header ?? '')));
  });

  it("the data layer's messages", () => {
    const api = (code: string, status: number) => new ApiError('raw message', { code, status });
    const errors = [
      api('PGRST116', 406),
      api('23505', 409),
      api('42501', 403),
      api('23514', 400),
      api('', 401),
      api('', 403),
      api('', 404),
      api('', 429),
      api('', 503),
      {},
    ];
    const messages = errors.map(dataMessage);
    noEnglish(messages);
    expect(messages[1]).toBe('ಈ ದಾಖಲೆ ಈಗಾಗಲೇ ಇದೆ - ಮತ್ತೊಮ್ಮೆ ಸೇರಿಸಲಾಗದು');
  });
});

describe('the same words in English', () => {
  it('are English (the test above can fail)', () => {
    expect(english(stepWords(studentSteps()).join(' ')).length).toBeGreaterThan(20);
    expect(dataMessage(new ApiError('x', { code: '23505', status: 409 }))).toBe(
      'Duplicate entry - this record already exists',
    );
  });
});
