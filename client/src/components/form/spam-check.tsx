// The anti-spam part of a public form (spec §5): a honeypot, a small arithmetic captcha, a bot
// score from timing and interaction, and the local rate limit (3 per 5 minutes per form).
import { useRef, useState } from 'react';
import { Field } from '@/components/ui/field';
import {
  checkCaptcha,
  looksLikeBot,
  makeCaptcha,
  rateLimitWait,
  recordSubmission,
} from '@/lib/anti-spam';
import { text } from './text';

/** The state of the checks; `verdict()` answers null (go ahead) or the message that stops it. */
export function useSpamCheck(formId: string) {
  const [captcha, setCaptcha] = useState(() => makeCaptcha());
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const [started] = useState(() => Date.now());
  const interactions = useRef(0);
  return {
    captcha,
    answer,
    setAnswer,
    error,
    honeypot,
    /** Count a key press or pointer press (people do; most bots don't). */
    touch: () => (interactions.current += 1),
    /** The captcha's verdict (a new question when wrong), then the rate limit's. */
    verdict(): { field?: string; toast?: string } | null {
      if (!checkCaptcha(captcha, answer)) {
        setCaptcha(makeCaptcha());
        setAnswer('');
        setError(text.captchaWrong);
        return { field: text.captchaWrong };
      }
      setError(null);
      const wait = rateLimitWait(formId);
      if (wait > 0) return { toast: text.rateLimited(Math.ceil(wait / 60_000)) };
      return null;
    },
    /** True when the submission looks automated (checked inside the submit). */
    isBot: () =>
      looksLikeBot({
        elapsedMs: Date.now() - started,
        interactions: interactions.current,
        honeypotFilled: !!honeypot.current?.value,
      }),
    record: () => recordSubmission(formId),
  };
}

export type SpamCheck = ReturnType<typeof useSpamCheck>;

/** The honeypot (hidden from people) and the captcha question. */
export function SpamCheckFields({ formId, check }: { formId: string; check: SpamCheck }) {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2">
      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={`${formId}-website`}>{text.honeypot}</label>
        <input id={`${formId}-website`} ref={check.honeypot} tabIndex={-1} autoComplete="off" />
      </div>
      <Field label={text.captcha(check.captcha.question)} error={check.error ?? undefined}>
        <input
          inputMode="numeric"
          autoComplete="off"
          value={check.answer}
          onChange={(e) => check.setAnswer(e.target.value)}
        />
      </Field>
    </div>
  );
}
