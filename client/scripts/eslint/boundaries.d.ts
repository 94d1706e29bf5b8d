// Types of boundaries.js (plain JavaScript: eslint.config.js loads it without a build).
import type { Rule } from 'eslint';

export function layerOf(relative: string): string | null;
export function refusal(from: string | null, to: string | null): string | null;
declare const rule: Rule.RuleModule;
export default rule;
