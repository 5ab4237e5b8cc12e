import { describeIssues } from '../../common/validation.ts';
import type { z } from '../../common/zod.ts';
import { badRequest } from '../errors.ts';

/** Parses a request part with a shared zod schema; a failure is a 400 whose message names the field. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: 'body' | 'query' | 'params',
): z.output<S> {
  if (part === 'body' && (value === undefined || value === null)) {
    throw badRequest('The request needs a JSON body.');
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { message, details } = describeIssues(result.error.issues);
  throw badRequest(message || `The request ${part} is not valid.`, details);
}
