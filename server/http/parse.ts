import { validationTexts } from '../../common/validationTexts.ts';
import type { z } from '../../common/zod.ts';
import { badRequest } from '../errors.ts';
import { validationFailure } from '../i18n/validation.ts';

/**
 * Parses a request part with a shared zod schema; a failure is a 400 whose message names the field,
 * in the request's language (server/i18n/validation.ts).
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: 'body' | 'query' | 'params',
): z.output<S> {
  if (part === 'body' && (value === undefined || value === null)) {
    throw badRequest(validationTexts.needsBody);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationFailure(schema, value, result.error.issues, part);
}
