import { isDeepStrictEqual } from 'node:util';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  preSerializationAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { PageRequest } from '../../common/contracts/paging.ts';
import type { z } from '../../common/zod.ts';
import { ResponseContractError } from '../errors.ts';
import type { UserRow } from '../shared/users.ts';
import { type Access, type Auth, declaredHandlers, type PublicAccess, type SubjectAccess } from './access.ts';
import { parsePage, type Sortable } from './paging.ts';
import { parseWith } from './parse.ts';

/**
 * The request a handler sees, typed by its route's access rule: `auth` is set on every non-public
 * route and `subject` (the named person, already access-checked) on every `subject` route, so no
 * handler needs `!`. The `onRequest` check in http/access.ts is what makes these types true.
 */
export type AccessRequest<A extends Access> = FastifyRequest &
  (A extends PublicAccess
    ? { subject: null }
    : A extends SubjectAccess
      ? { auth: Auth; subject: UserRow }
      : { auth: Auth; subject: null });

export type AccessHandler<A extends Access> = (
  request: AccessRequest<A>,
  reply: FastifyReply,
) => unknown | Promise<unknown>;

/**
 * What a route takes and gives, as the shared zod contracts (common/contracts): each part declared
 * here is parsed before the handler runs (a failure is the 400 naming the field, http/parse.ts) and
 * reaches the handler typed; the same declarations are the API's description (http/openapi.ts).
 */
export type RouteSchemas = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A paged list: `page`, `size`, `sort` against this allow-list, parsed into `request.page`. */
  page?: Sortable;
  /** A `multipart/form-data` body (a picture upload), read by the handler itself. */
  multipart?: { fields: readonly string[]; files: readonly string[] };
  /**
   * The 200 answer's body, as its shared contract: described in /api/openapi.json, and checked
   * against every answer when `CHECK_RESPONSES` is on (tests, development; see `checkResponse`).
   */
  response?: z.ZodType;
  /** Its failures are answered as plain text, not JSON (sign-up, as the original did). */
  errorsAsText?: true;
  /** Statuses the handler itself answers beyond those of its access rule and its parsing (409, 413, 429…). */
  errors?: readonly number[];
  /** One line for the API's description. */
  summary?: string;
};

export type ApiRoute = {
  method: string;
  url: string;
  access: Access;
  /** The contracts it declared (server/http/route.ts), described in /api/openapi.json. */
  schemas?: RouteSchemas;
};

type Part<S, K extends 'params' | 'query' | 'body'> =
  S extends Record<K, z.ZodType> ? z.output<S[K]> : unknown;

/** The request of a handler whose route declares `S`: its declared parts already parsed. */
export type ParsedRequest<A extends Access, S extends RouteSchemas> = AccessRequest<A> & {
  params: Part<S, 'params'>;
  query: Part<S, 'query'>;
  body: Part<S, 'body'>;
} & (S extends { page: Sortable } ? { page: PageRequest } : unknown);

type Define = {
  <A extends Access>(url: string, rule: A, handler: AccessHandler<A>): void;
  <A extends Access, const S extends RouteSchemas>(
    url: string,
    rule: A,
    schemas: S,
    handler: (request: ParsedRequest<A, S>, reply: FastifyReply) => unknown | Promise<unknown>,
  ): void;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** A paged route's `page`, `size` and `sort` (RouteSchemas.page). */
    page?: PageRequest;
  }
}

/** A route's query and page as parsed from one query string. */
type ParsedQuery = { query: unknown; page: PageRequest | undefined };

/** Query strings whose parse a route keeps; past it the oldest goes. */
export const PARSED_QUERIES_MAX = 64;

/**
 * The longest query string whose parse is kept. The few a client repeats are short; a long one
 * (unknown parameters pass a schema that strips them) is parsed each time, so a caller cannot make
 * every route hold 64 parses of 16 KB addresses.
 */
export const PARSED_QUERY_TEXT_MAX = 256;

/**
 * Parses the declared parts, in the order a reader meets them: path, query, page, body. The query
 * and the page are a function of the query string alone, and clients send the same few again and
 * again (a student's `?page=0&size=5`), so each route keeps their parse by that text (`parsedQueries`)
 * instead of running its schemas on every request: zod's parse was a twentieth of what the
 * student's read allocated (docs/performance.md, "Allocation per read"). Path parameters likewise, by
 * the values their schema reads (`keptParamsFor`). What is kept is frozen, since requests share it; a
 * query or path that fails to parse is not kept (its 400 speaks the request's language).
 */
function parseDeclared(
  request: FastifyRequest,
  schemas: RouteSchemas,
  parsedQueries: Map<string, ParsedQuery>,
  parsedParams: KeptParams | null,
): void {
  if (schemas.params) {
    const key = parsedParams ? paramsKey(request.params as Record<string, unknown>, parsedParams.keys) : null;
    let parsed = key === null ? undefined : parsedParams!.kept.get(key);
    if (parsed === undefined) {
      parsed = parseWith(schemas.params, request.params, 'params');
      if (key !== null) {
        parsed = deepFreeze(parsed);
        if (parsedParams!.kept.size >= PARSED_QUERIES_MAX)
          parsedParams!.kept.delete(parsedParams!.kept.keys().next().value!);
        parsedParams!.kept.set(key, parsed);
      }
    }
    request.params = parsed;
  }
  if (schemas.query || schemas.page) {
    const url = request.url;
    const at = url.indexOf('?');
    const text = at < 0 ? '' : url.slice(at + 1);
    let parsed = parsedQueries.get(text);
    if (parsed === undefined) {
      const rawQuery = request.query;
      parsed = deepFreeze({
        query: schemas.query ? parseWith(schemas.query, rawQuery, 'query') : undefined,
        page: schemas.page ? parsePage(rawQuery, schemas.page) : undefined,
      });
      if (text.length <= PARSED_QUERY_TEXT_MAX) {
        if (parsedQueries.size >= PARSED_QUERIES_MAX)
          parsedQueries.delete(parsedQueries.keys().next().value!);
        parsedQueries.set(text, parsed);
      }
    }
    if (schemas.query) request.query = parsed.query;
    if (schemas.page) request.page = parsed.page;
  }
  if (schemas.body) request.body = parseWith(schemas.body, request.body, 'body');
}

/** A route's path parameters as parsed, kept by the values of the parameters its schema reads. */
type KeptParams = { keys: readonly string[]; kept: Map<string, unknown> };

/**
 * Where a route keeps its parses of path parameters, like those of its query strings: only when its
 * schema is an object that reads its own keys and drops the others (`z.object`, no catch-all), so
 * the parse depends on those values alone — a calendar's `year` and `month`, not the student named
 * beside them, whose values would each need a place of their own.
 */
function keptParamsFor(schema: z.ZodType | undefined): KeptParams | null {
  const def = (
    schema as { _zod?: { def?: { type?: string; shape?: object; catchall?: unknown } } } | undefined
  )?._zod?.def;
  if (def?.type !== 'object' || def.shape === undefined || def.catchall !== undefined) return null;
  return { keys: Object.keys(def.shape), kept: new Map() };
}

/** The values of `keys` as one text, or null when they cannot be kept (not text, a NUL, too long). */
function paramsKey(params: Record<string, unknown>, keys: readonly string[]): string | null {
  let key = '';
  for (const name of keys) {
    const value = params[name];
    if (typeof value !== 'string' || value.includes('\0')) return null;
    key += `${value}\0`;
  }
  return key.length <= PARSED_QUERY_TEXT_MAX ? key : null;
}

/** Freezes plain objects and arrays all the way down (what a parse answers), and gives the value back. */
function deepFreeze<T>(value: T): T {
  if (
    value !== null &&
    typeof value === 'object' &&
    (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)
  ) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Checks a successful answer against the route's response contract, before it is serialised. The
 * contract must accept it, and must accept it as it is: a field the contract does not name (which
 * zod would silently drop) or a value it would change counts as a difference, so a handler cannot
 * drift from what the description and the client promise.
 */
function checkResponse(contract: z.ZodType): preSerializationAsyncHookHandler {
  return async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    checkAgainst(contract, payload, `${request.method} ${request.routeOptions.url}`);
    return payload;
  };
}

function checkAgainst(contract: z.ZodType, payload: unknown, route: string): void {
  const result = contract.safeParse(payload);
  if (!result.success) {
    throw new ResponseContractError(
      route,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`),
    );
  }
  if (!isDeepStrictEqual(result.data, payload)) {
    throw new ResponseContractError(route, [
      `it holds fields or values the contract does not (${firstDifference(payload, result.data) || '(body)'})`,
    ]);
  }
}

/**
 * An answer that is JSON text already (a page the database wrote, questions/queries.ts): a handler
 * returns it and it is sent as it is, as `application/json`, neither parsed nor serialised again
 * ("Hot paths" in docs/architecture.md). With `CHECK_RESPONSES` on it is parsed and checked against
 * the route's contract as any answer is, and must be the very text `JSON.stringify` gives of what
 * it holds (same escapes, no spaces), so clients cannot tell it from an answer Node serialised.
 */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function sendJsonText(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: JsonText,
  contract: z.ZodType | undefined,
): string {
  if (contract && reply.statusCode >= 200 && reply.statusCode < 300) {
    const route = `${request.method} ${request.routeOptions.url}`;
    let payload: unknown;
    try {
      payload = JSON.parse(answer.text);
    } catch (error) {
      throw new ResponseContractError(route, [`it is not JSON (${(error as Error).message})`]);
    }
    if (JSON.stringify(payload) !== answer.text)
      throw new ResponseContractError(route, ['its JSON text is not what JSON.stringify writes of it']);
    checkAgainst(contract, payload, route);
  }
  reply.type('application/json; charset=utf-8');
  return answer.text;
}

/** Where two JSON-like values first differ (a path), for the error's message. */
function firstDifference(sent: unknown, contracted: unknown, path = ''): string {
  if (typeof sent !== 'object' || sent === null || typeof contracted !== 'object' || contracted === null)
    return path;
  const keys = new Set([...Object.keys(sent), ...Object.keys(contracted)]);
  for (const key of keys) {
    const a = (sent as Record<string, unknown>)[key];
    const b = (contracted as Record<string, unknown>)[key];
    if (!isDeepStrictEqual(a, b)) return firstDifference(a, b, path ? `${path}.${key}` : key);
  }
  return path;
}

/**
 * How every `/api/` route is declared: `route.get(url, access.studentRead('name'), handler)`, or
 * with its contracts, `route.patch(url, rule, { body: DraftsPatchRequest }, handler)`.
 * The rule goes to `config.access` (enforced and catalogued by http/access.ts), the contracts to
 * `config.schemas` (parsed here, described by http/openapi.ts); a route added with plain `app.get`
 * under `/api/` is refused at start-up.
 */
export function declareRoutes(
  app: FastifyInstance,
): Record<'get' | 'post' | 'put' | 'patch' | 'delete', Define> {
  const define =
    (method: HTTPMethods): Define =>
    (url: string, rule: Access, ...rest: unknown[]) => {
      const [schemas, handler] = (rest.length === 1 ? [undefined, rest[0]] : rest) as [
        RouteSchemas | undefined,
        (request: FastifyRequest, reply: FastifyReply) => unknown,
      ];
      const response = app.deps.config.checkResponses ? schemas?.response : undefined;
      const parsedQueries = new Map<string, ParsedQuery>();
      const parsedParams = keptParamsFor(schemas?.params);
      const routeHandler: RouteHandlerMethod = schemas
        ? async function parsed(request, reply) {
            parseDeclared(request, schemas, parsedQueries, parsedParams);
            const answer = await handler(request, reply);
            if (answer instanceof JsonText) return sendJsonText(request, reply, answer, response);
            // Fastify runs no preSerialization hook for a string (it is sent as text/plain), so a
            // handler answering a bare string would pass its contract unchecked.
            if (typeof answer === 'string' && response && reply.statusCode >= 200 && reply.statusCode < 300)
              checkAgainst(response, answer, `${request.method} ${request.routeOptions.url}`);
            return answer;
          }
        : (handler as RouteHandlerMethod);
      declaredHandlers.add(routeHandler);
      app.route({
        method,
        url,
        config: { access: rule, ...(schemas ? { schemas } : {}) },
        ...(response ? { preSerialization: checkResponse(response) } : {}),
        handler: routeHandler,
      });
    };
  return {
    get: define('GET'),
    post: define('POST'),
    put: define('PUT'),
    patch: define('PATCH'),
    delete: define('DELETE'),
  };
}
