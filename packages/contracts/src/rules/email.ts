import { matches, maxLength, normalisedBy, notEmpty, notMatches, trimmed, type NormalisedRules, type Rule } from './rule.js';

export const EMAIL_MAX = 64;

/** Free or private mail providers refused for sign-up and recovery; the provider's own domain is one too. */
export const FREE_MAIL_PROVIDERS = ['gmail', 'outlook', 'yahoo', 'icloud', 'verigate', 'hotmail', 'rediffmail'] as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const LOCAL_PART_PLAIN = /^[A-Za-z0-9._-]+@/;

export function isWorkEmail(email: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  const labels = domain.split('.');
  return !labels.some((label) => (FREE_MAIL_PROVIDERS as readonly string[]).includes(label));
}

export const emailMessages = {
  emailEmpty: 'Email cannot be empty',
  emailInvalid: 'Enter a valid email',
  emailStartsWithNumber: 'Email cannot start with a number',
  emailTooLong: `Email should not exceed ${EMAIL_MAX} characters`,
  workEmailSignUp: 'Only work emails are allowed. Submit your request here',
  workEmail: 'Only work emails are allowed',
} as const;

const baseEmailRules: Rule[] = [
  notEmpty(emailMessages.emailEmpty),
  matches(EMAIL_SHAPE, emailMessages.emailInvalid),
  notMatches(/^\d/, emailMessages.emailStartsWithNumber),
];

/** Login: also refuses special characters in the local part. */
export const loginEmailRules: NormalisedRules = normalisedBy(trimmed, [
  ...baseEmailRules,
  matches(LOCAL_PART_PLAIN, emailMessages.emailInvalid),
  maxLength(EMAIL_MAX, emailMessages.emailTooLong),
]);

export const signUpEmailRules: NormalisedRules = normalisedBy(trimmed, [
  ...baseEmailRules,
  maxLength(EMAIL_MAX, emailMessages.emailTooLong),
  { test: isWorkEmail, message: emailMessages.workEmailSignUp },
]);

/** Forgot password and the resend-link field. */
export const recoveryEmailRules: NormalisedRules = normalisedBy(trimmed, [
  ...baseEmailRules,
  maxLength(EMAIL_MAX, emailMessages.emailTooLong),
  { test: isWorkEmail, message: emailMessages.workEmail },
]);
