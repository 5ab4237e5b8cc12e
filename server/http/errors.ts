import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../common/contracts/users.ts';
import { apiMessages } from '../../common/messages.ts';
import { AppError } from '../errors.ts';

export function errorBody(status: number, message: string, details?: ApiErrorBody['details']): ApiErrorBody {
  return { status, error: STATUS_CODES[status] ?? 'Error', message, ...(details ? { details } : {}) };
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  details?: ApiErrorBody['details'],
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(status, message, details));
}

/** Fastify's own client errors (body parsing, limits) mapped to our messages. */
const fastifyClientErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: apiMessages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty: send a JSON body.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: apiMessages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: apiMessages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The Content-Length header does not match the body.',
  },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.status, error.message, error.details);
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return sendError(reply, known.status, known.message);
    // JSON.parse failures surface as a SyntaxError with statusCode 400.
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return sendError(reply, 400, apiMessages.malformedJson);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message);

    request.log.error({ err: error, reqId: request.id }, 'unexpected failure');
    return sendError(reply, 500, apiMessages.internal(String(request.id)));
  });
}

/** Unknown `/api/` paths answer JSON 404; other paths fall through to the web app (server/http/web.ts). */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
