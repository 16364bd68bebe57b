import type { z } from 'zod';
import { ApiError } from './errors';

/** Turns zod issues into the API's error: the first message leads, every field gets its own line. */
export function validationError(error: z.ZodError): ApiError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  const first = error.issues[0];
  const message = first
    ? first.path.length
      ? `${first.path.join('.')}: ${first.message}`
      : first.message
    : 'Invalid request';
  return new ApiError(400, 'validation_failed', message, errors);
}
