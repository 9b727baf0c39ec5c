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

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * Whether any string in `value` (walked without recursion, so any nesting depth is safe) holds a
 * NUL character: PostgreSQL stores none in text or jsonb, so such input is refused up front.
 */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
