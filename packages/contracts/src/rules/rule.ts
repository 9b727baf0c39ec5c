import { z } from 'zod';

/** A validation rule: a predicate and the exact message a person sees when it fails. */
export interface Rule {
  test: (value: string) => boolean;
  message: string;
}

/** The message of the first rule the value breaks, or null when it keeps them all. */
export function firstBrokenRule(rules: readonly Rule[], value: string): string | null {
  return rules.find((rule) => !rule.test(value))?.message ?? null;
}

/**
 * A string schema that reports only the first broken rule, so the server answers with the same
 * single message the form shows. A missing value reports the first rule's message (the
 * "cannot be empty" one by convention).
 */
export function ruleString(rules: readonly Rule[]) {
  const [first] = rules;
  if (!first) throw new Error('ruleString needs at least one rule');
  return z.string({ error: (issue) => (issue.input === undefined ? first.message : 'must be a string') }).superRefine((value, ctx) => {
    const message = firstBrokenRule(rules, value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

export const notEmpty = (message: string): Rule => ({ test: (v) => v.trim().length > 0, message });
export const minLength = (min: number, message: string): Rule => ({ test: (v) => v.trim().length >= min, message });
export const maxLength = (max: number, message: string): Rule => ({ test: (v) => v.length <= max, message });
export const matches = (pattern: RegExp, message: string): Rule => ({ test: (v) => pattern.test(v), message });
export const notMatches = (pattern: RegExp, message: string): Rule => ({ test: (v) => !pattern.test(v), message });
