import { maxLength, notEmpty, type Rule } from './rule.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;

/** The live checklist of a new password, in the order the form shows it. */
export const newPasswordChecklist: readonly Rule[] = [
  { test: (v) => /[a-z]/.test(v), message: 'At least one lowercase letter' },
  { test: (v) => /[A-Z]/.test(v), message: 'At least one uppercase letter' },
  { test: (v) => /\d/.test(v), message: 'At least one number' },
  { test: (v) => /[^A-Za-z0-9]/.test(v), message: 'At least one special character' },
  { test: (v) => v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX, message: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters` },
];

export const PASSWORD_RULES_BROKEN = 'Password does not meet the requirements';

export const newPasswordRules: readonly Rule[] = [
  notEmpty('Password cannot be empty'),
  { test: (v) => newPasswordChecklist.every((rule) => rule.test(v)), message: PASSWORD_RULES_BROKEN },
];

export const loginPasswordRules: readonly Rule[] = [notEmpty('Password cannot be empty'), maxLength(64, 'Password is too long')];

const changePasswordField = (label: string): readonly Rule[] => [
  notEmpty(`${label} cannot be empty`),
  maxLength(PASSWORD_MAX, `${label} should not exceed ${PASSWORD_MAX} characters`),
];

export const currentPasswordRules = changePasswordField('Current Password');
export const changeNewPasswordRules: readonly Rule[] = [
  ...changePasswordField('New Password'),
  { test: (v) => newPasswordChecklist.every((rule) => rule.test(v)), message: PASSWORD_RULES_BROKEN },
];
export const confirmPasswordRules = changePasswordField('Confirm Password');
export const CONFIRM_PASSWORD_MISMATCH = 'Confirm Password does not match';
