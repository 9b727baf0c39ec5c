import { z } from 'zod';
import { firstBrokenRule, type NormalisedRules, type Normaliser, type Rule } from './rule.js';

const unchanged: Normaliser = (value) => value;

/**
 * A string schema that reports only the first broken rule, so the server answers with the same
 * single message the form shows, and passes on the value as the rules' normaliser rewrites it. A
 * missing value reports the first rule's message (the "cannot be empty" one by convention).
 */
export function ruleString(rules: readonly Rule[] | NormalisedRules) {
  const [first] = rules;
  if (!first) throw new Error('ruleString needs at least one rule');
  const normalise = 'normalise' in rules ? rules.normalise : unchanged;
  return z
    .string({ error: (issue) => (issue.input === undefined ? first.message : 'must be a string') })
    .superRefine((value, ctx) => {
      const message = firstBrokenRule(rules, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform(normalise);
}
