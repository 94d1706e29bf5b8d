// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  botScore,
  checkCaptcha,
  looksLikeBot,
  makeCaptcha,
  rateLimitWait,
  recordSubmission,
} from './anti-spam';

describe('captcha (operands 1-20, products 1-10)', () => {
  it('stays within the spec ranges and is answered with an integer', () => {
    for (let i = 0; i < 500; i++) {
      const c = makeCaptcha();
      const [a, op, b] = c.question.split(' ');
      const [x, y] = [Number(a), Number(b)];
      if (op === '×') {
        expect(x).toBeGreaterThanOrEqual(1);
        expect(x).toBeLessThanOrEqual(10);
        expect(y).toBeLessThanOrEqual(10);
      } else {
        expect(x).toBeGreaterThanOrEqual(1);
        expect(x).toBeLessThanOrEqual(20);
        expect(y).toBeLessThanOrEqual(20);
      }
      expect(Number.isInteger(c.answer)).toBe(true);
      expect(c.answer).toBeGreaterThanOrEqual(0);
      expect(checkCaptcha(c, String(c.answer))).toBe(true);
      expect(checkCaptcha(c, `${c.answer}.0`)).toBe(false);
      expect(checkCaptcha(c, String(c.answer + 1))).toBe(false);
    }
  });
});

describe('bot score (thresholds 5 s, 10 s, score 30)', () => {
  it('flags fast, untouched or honeypot submissions', () => {
    expect(looksLikeBot({ elapsedMs: 3_000, interactions: 10, honeypotFilled: false })).toBe(true);
    expect(looksLikeBot({ elapsedMs: 20_000, interactions: 0, honeypotFilled: false })).toBe(true);
    expect(looksLikeBot({ elapsedMs: 20_000, interactions: 5, honeypotFilled: true })).toBe(true);
    expect(botScore({ elapsedMs: 7_000, interactions: 5, honeypotFilled: false })).toBe(20);
    expect(looksLikeBot({ elapsedMs: 7_000, interactions: 5, honeypotFilled: false })).toBe(false);
    expect(looksLikeBot({ elapsedMs: 60_000, interactions: 30, honeypotFilled: false })).toBe(
      false,
    );
  });
});

describe('rate limit (3 per 5 minutes per form, kept locally)', () => {
  beforeEach(() => localStorage.clear());
  it('allows three, then waits until the oldest leaves the window', () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(rateLimitWait('contact', t0 + i)).toBe(0);
      recordSubmission('contact', t0 + i);
    }
    expect(rateLimitWait('contact', t0 + 10)).toBe(5 * 60_000 - 10);
    expect(rateLimitWait('other-form', t0 + 10)).toBe(0);
    expect(rateLimitWait('contact', t0 + 5 * 60_000)).toBe(0);
  });
});
