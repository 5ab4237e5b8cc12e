import { STATUS_CODES } from 'node:http';
import { ApiErrorBody } from '../../common/contracts/users.ts';
import { z } from '../../common/zod.ts';
import type { Access } from '../http/access.ts';
import { pageSchemaFor } from '../http/paging.ts';
import type { ApiRoute } from '../http/route.ts';
import { SESSION_COOKIE } from '../sessions/service.ts';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** A zod contract as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client may send. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    // A transform or refinement has no JSON Schema: the value it starts from is described.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** Who may call a route, in words (the same rule as `x-access`, for people). */
export function accessInWords(rule: Access): string {
  switch (rule.kind) {
    case 'public':
      return 'Anyone, signed in or not.';
    case 'signedIn':
      return 'Anyone signed in.';
    case 'roles':
      return `Signed in with one of the roles ${rule.roles.join(', ')}.`;
    case 'subject': {
      const where =
        rule.from === 'params' ? `path parameter \`${rule.param}\`` : `query parameter \`${rule.param}\``;
      const who =
        rule.subject === 'teacher'
          ? 'that teacher or an admin'
          : rule.onlyRoles
            ? `a caller with one of the roles ${rule.onlyRoles.join(', ')}`
            : rule.subject === 'student'
              ? `the student themself, a teacher, an admin${rule.write ? '' : ', or a parent linked to them'}`
              : `the person themself, an admin, a teacher (for a student)${rule.write ? '' : ', or a linked parent (for a student)'}`;
      const kind = rule.subject === 'user' ? 'any account' : `a ${rule.subject}`;
      return `The person named by the ${where} (${kind}): ${who}. To callers who may not see the person an unknown name is 403; staff get 404.`;
    }
  }
}

/** The error answers a route can give: from its access rule, what it parses, and what it declares. */
export function errorStatuses(route: ApiRoute): number[] {
  const statuses = new Set<number>();
  const schemas = route.schemas ?? {};
  const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  if (schemas.params || schemas.query || schemas.body || schemas.page || schemas.multipart || writes)
    statuses.add(400);
  if (route.access.kind !== 'public') statuses.add(401);
  if (route.access.kind === 'roles' || route.access.kind === 'subject') statuses.add(403);
  if (route.access.kind === 'subject') statuses.add(404);
  if (writes && route.method !== 'DELETE') {
    statuses.add(413);
    statuses.add(415);
  }
  for (const status of schemas.errors ?? []) statuses.add(status);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

/** `/api/v1/drafts/:name` → `/api/v1/drafts/{name}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function parametersOf(route: ApiRoute): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const pathNames = [...route.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const pathSchema = route.schemas?.params ? jsonSchema(route.schemas.params) : null;
  const pathProperties = (pathSchema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathNames) {
    parameters.push({ name, in: 'path', required: true, schema: pathProperties[name] ?? { type: 'string' } });
  }
  const query: { schema: JsonSchema; optional: boolean }[] = [];
  if (route.schemas?.query) query.push({ schema: jsonSchema(route.schemas.query), optional: false });
  if (route.schemas?.page)
    query.push({ schema: jsonSchema(pageSchemaFor(route.schemas.page)), optional: true });
  if (route.access.kind === 'subject' && route.access.from === 'query') {
    query.push({
      schema: {
        type: 'object',
        properties: { [route.access.param]: { type: 'string' } },
        required: [route.access.param],
      },
      optional: false,
    });
  }
  const seen = new Set<string>();
  for (const { schema, optional } of query) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      if (seen.has(name)) continue;
      seen.add(name);
      parameters.push({ name, in: 'query', required: !optional && required.has(name), schema: property });
    }
  }
  return parameters;
}

function operationOf(route: ApiRoute): Operation {
  const schemas = route.schemas ?? {};
  const segments = route.url.split('/').filter(Boolean);
  const tag = route.url.startsWith('/api/v1/') ? (segments[2] ?? 'api') : (segments[0] ?? 'api');
  const errorContent = schemas.errorsAsText
    ? { 'text/plain': { schema: { type: 'string', description: 'The message alone.' } } }
    : { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
  const responses: Record<string, unknown> = {
    200: {
      description: 'Done.',
      ...(schemas.response
        ? { content: { 'application/json': { schema: jsonSchema(schemas.response, 'output') } } }
        : {}),
    },
  };
  for (const status of errorStatuses(route)) {
    responses[status] = { description: STATUS_CODES[status] ?? 'Error', content: errorContent };
  }
  const operation: Operation = {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [tag],
    ...(schemas.summary ? { summary: schemas.summary } : {}),
    description: `**Access:** ${accessInWords(route.access)}`,
    'x-access': route.access,
    security: route.access.kind === 'public' ? [] : [{ session: [] }],
    parameters: parametersOf(route),
    responses,
  };
  if (schemas.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(schemas.body) } },
    };
  } else if (schemas.multipart) {
    const properties: Record<string, JsonSchema> = {};
    for (const field of schemas.multipart.fields) properties[field] = { type: 'string' };
    for (const file of schemas.multipart.files)
      properties[file] = { type: 'string', contentMediaType: 'application/octet-stream' };
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': { schema: { type: 'object', properties, required: schemas.multipart.files } },
      },
    };
  }
  return operation;
}

/**
 * The OpenAPI 3.1 description of every declared route (`app.apiRoutes`): paths and methods, who may
 * call each (`x-access`, and in words), what it takes (its zod contracts as JSON Schema) and the
 * error answers it can give, all in one shape. Generated from the declarations, so a route added
 * anywhere appears here by itself.
 */
export function buildOpenApi(routes: readonly ApiRoute[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tutorfolio API',
      version,
      description:
        'Generated from the routes and their zod contracts (server/http/route.ts). Decisions and ' +
        "semantics: docs/api.md. Writes that carry the session cookie must come from the app's own origin (Origin header).",
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      schemas: { ApiError: jsonSchema(ApiErrorBody, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Set by POST /api/v1/users/login (HttpOnly; sliding 7-day expiry).',
        },
      },
    },
  };
}
