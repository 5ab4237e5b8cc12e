import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/** The least an operation of the API description holds that `okSchema` reads. */
type DescribedOperation = {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

/**
 * The app's API description (`GET /api/openapi.json`), for tests that write a route's entry out by
 * hand: `operation` is one method of one path as the test types it, `okSchema` its 200 answer's
 * JSON schema.
 */
export async function readApiDescription<Operation extends DescribedOperation>(t: TestApp) {
  const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const paths: Record<string, Record<string, Operation>> = response.json().paths;
  const operation = (method: string, path: string): Operation => {
    const found = paths[path]?.[method];
    if (!found) throw new Error(`the API description has no ${method.toUpperCase()} ${path}`);
    return found;
  };
  const okSchema = (method: string, path: string): unknown =>
    operation(method, path).responses['200']?.content?.['application/json']?.schema;
  return { operation, okSchema };
}
