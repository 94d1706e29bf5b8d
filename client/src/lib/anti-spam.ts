// Anti-spam for public forms (spec §5, §9): a honeypot, a small arithmetic captcha (operands
// 1-20 for sums and differences, 1-10 for products), a bot score from timing and interaction,
// and a local rate limit of 3 submissions per 5 minutes per form.
import { readLocal, writeLocal } from './storage';

export interface Captcha {
  question: string;
  answer: number;
}

const between = (rand: () => number, lo: number, hi: number) =>
  lo + Math.floor(rand() * (hi - lo + 1));

export function makeCaptcha(rand: () => number = Math.random): Captcha {
  const op = between(rand, 0, 2);
  if (op === 2) {
    const a = between(rand, 1, 10);
    const b = between(rand, 1, 10);
    return { question: `${a} × ${b}`, answer: a * b };
  }
  const a = between(rand, 1, 20);
  const b = between(rand, 1, 20);
  if (op === 0) return { question: `${a} + ${b}`, answer: a + b };
  const [hi, lo] = a >= b ? [a, b] : [b, a];
  return { question: `${hi} − ${lo}`, answer: hi - lo };
}

/** The answer must be an integer, and the right one. */
export function checkCaptcha(captcha: Captcha, answer: string): boolean {
  const trimmed = answer.trim();
  return /^-?\d+$/.test(trimmed) && Number(trimmed) === captcha.answer;
}

export const BOT_FAST_MS = 5_000;
export const BOT_SLOW_MS = 10_000;
export const BOT_THRESHOLD = 30;

export interface BotSignals {
  elapsedMs: number;
  interactions: number;
  honeypotFilled: boolean;
}

/** 0-100: faster than 5 s +40, faster than 10 s +20, no key or pointer use +30, honeypot +100. */
export function botScore(s: BotSignals): number {
  let score = 0;
  if (s.elapsedMs < BOT_FAST_MS) score += 40;
  else if (s.elapsedMs < BOT_SLOW_MS) score += 20;
  if (s.interactions === 0) score += 30;
  if (s.honeypotFilled) score += 100;
  return Math.min(score, 100);
}
export const looksLikeBot = (s: BotSignals) => botScore(s) >= BOT_THRESHOLD;

export const RATE_LIMIT = { max: 3, windowMs: 5 * 60_000 };

const rateKey = (form: string) => `havyaka:rate:${form}`;

/** Milliseconds until this form may be sent again (0: now). */
export function rateLimitWait(form: string, now = Date.now()): number {
  const recent = readLocal<number[]>(rateKey(form), []).filter(
    (t) => now - t < RATE_LIMIT.windowMs,
  );
  if (recent.length < RATE_LIMIT.max) return 0;
  return RATE_LIMIT.windowMs - (now - Math.min(...recent));
}

export function recordSubmission(form: string, now = Date.now()) {
  const recent = readLocal<number[]>(rateKey(form), []).filter(
    (t) => now - t < RATE_LIMIT.windowMs,
  );
  writeLocal(rateKey(form), [...recent, now]);
}
