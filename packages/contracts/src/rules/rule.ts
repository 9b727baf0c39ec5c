/** A validation rule: a predicate and the exact message a person sees when it fails. */
export interface Rule {
  test: (value: string) => boolean;
  message: string;
}

/** Rewrites a value the way people type it (pasted spaces, a country prefix) into the form the rules judge and the server keeps. */
export type Normaliser = (value: string) => string;

/** Rules that judge a value as their normaliser rewrites it; ruleString hands on the rewritten value. */
export interface NormalisedRules extends ReadonlyArray<Rule> {
  readonly normalise: Normaliser;
}

export const trimmed: Normaliser = (value) => value.trim();
export const withoutSpaces: Normaliser = (value) => value.replace(/\s+/g, '');

export function normalisedBy(normalise: Normaliser, rules: readonly Rule[]): NormalisedRules {
  return Object.assign(
    rules.map(({ test, message }) => ({ message, test: (value: string) => test(normalise(value)) })),
    { normalise },
  );
}

/** The message of the first rule the value breaks, or null when it keeps them all. */
export function firstBrokenRule(rules: readonly Rule[], value: string): string | null {
  return rules.find((rule) => !rule.test(value))?.message ?? null;
}

export const notEmpty = (message: string): Rule => ({ test: (v) => v.trim().length > 0, message });
export const minLength = (min: number, message: string): Rule => ({ test: (v) => v.trim().length >= min, message });
export const maxLength = (max: number, message: string): Rule => ({ test: (v) => v.length <= max, message });
export const matches = (pattern: RegExp, message: string): Rule => ({ test: (v) => pattern.test(v), message });
export const notMatches = (pattern: RegExp, message: string): Rule => ({ test: (v) => !pattern.test(v), message });
