import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * A 400 naming the first problem. A broken rule (a custom issue) keeps the form's exact wording;
 * a structural problem (wrong type, missing or unknown field) is prefixed with the field's path.
 */
export function firstIssue(error: z.ZodError | { issues: z.core.$ZodIssue[] }): AppError {
  const details = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const message = issue.code === 'custom' || !path ? issue.message : `${path}: ${issue.message}`;
    return { path, message };
  });
  return new AppError('bad_request', details[0]?.message ?? 'Invalid request', details);
}
