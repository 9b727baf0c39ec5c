import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * A 400 naming the first problem. A broken rule (a custom issue) or a sentence written for people
 * (capitalised, like the seed's messages) keeps its exact wording; a structural fragment such as
 * 'must be a string' is prefixed with the field's path.
 */
export function firstIssue(error: z.ZodError | { issues: z.core.$ZodIssue[] }): AppError {
  const details = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const forPeople = issue.code === 'custom' || /^[A-Z]/.test(issue.message);
    const message = forPeople || !path ? issue.message : `${path}: ${issue.message}`;
    return { path, message };
  });
  return new AppError('bad_request', details[0]?.message ?? 'Invalid request', details);
}

/** Validates a body whose schema depends on the action (`?action=…`), as a route schema would. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw firstIssue(result.error);
  return result.data;
}
