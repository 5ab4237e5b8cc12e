import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../common/contracts/users.ts';
import { apiMessages, profileMessages } from '../../common/messages.ts';
import { validationTexts } from '../../common/validationTexts.ts';
import { AppError, type Detail, ResponseContractError } from '../errors.ts';
import { answerLanguage, inLanguage, type KnownText, type ServerTexts } from '../i18n/texts.ts';

export function errorBody(status: number, message: string, details?: ApiErrorBody['details']): ApiErrorBody {
  return { status, error: STATUS_CODES[status] ?? 'Error', message, ...(details ? { details } : {}) };
}

/** Sends the error answer, its message in the request's language (Accept-Language; server/i18n). */
export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  details?: ApiErrorBody['details'],
): FastifyReply {
  const words = inLanguage(message, answerLanguage(reply.request));
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('content-language', answerLanguage(reply.request))
    .send(errorBody(status, words, details));
}

/** Fastify's own client errors (body parsing, limits) mapped to our messages. */
const fastifyClientErrors: Record<string, { status: number; message: KnownText }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: apiMessages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: validationTexts.emptyBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: apiMessages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: apiMessages.unsupportedMediaType },
  // Picture uploads (@fastify/multipart).
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: profileMessages.pictureTooLarge },
  FST_FILES_LIMIT: { status: 413, message: profileMessages.pictureFormTooBig },
  FST_PARTS_LIMIT: { status: 413, message: profileMessages.pictureFormTooBig },
  FST_FIELDS_LIMIT: { status: 413, message: profileMessages.pictureFormTooBig },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: profileMessages.pictureNotMultipart },
  FST_PROTO_VIOLATION: { status: 400, message: profileMessages.pictureFormTooBig },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: validationTexts.contentLength,
  },
};

/**
 * What an error answers: status, message in the request's language (and details, headers), whatever
 * threw it. Logs the unexpected.
 */
export function errorAnswer(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; message: string; details?: ApiErrorBody['details']; headers?: Record<string, string> } {
  const answer = englishAnswer(error, request);
  const language = answerLanguage(request);
  const id = String(request.id);
  const text =
    error instanceof AppError
      ? error.text
      : answer.message === apiMessages.internal(id)
        ? (t: ServerTexts) => t.apiMessages.internal(id)
        : answer.message;
  const { details: problems, ...rest } = answer;
  const details = problems?.map((detail) => ({
    path: detail.path,
    message: inLanguage(detail.message, language),
  }));
  return { ...rest, message: inLanguage(text, language), ...(details ? { details } : {}) };
}

function englishAnswer(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; message: string; details?: Detail[]; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return known;
  // JSON.parse failures surface as a SyntaxError with statusCode 400.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, message: apiMessages.malformedJson };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: error.message };
  if (error instanceof ResponseContractError) {
    request.log.error({ err: error, reference: String(request.id) }, 'answer differs from its contract');
    return {
      status: 500,
      message: apiMessages.internal(String(request.id)),
      // How the answer differs from its contract, as found (only tests and development check answers).
      details: error.problems.map((problem) => ({ path: '', message: () => problem })),
    };
  }

  // The line carries the request's id (as every line of a request does) and, as `reference`, the
  // words the user was shown, so a quoted reference finds this line.
  request.log.error({ err: error, reference: String(request.id) }, 'unexpected failure');
  return { status: 500, message: apiMessages.internal(String(request.id)) };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(error, request);
    if (answer.headers) reply.headers(answer.headers);
    return sendError(reply, answer.status, answer.message, answer.details);
  });
}

/** Unknown `/api/` paths answer JSON 404; other paths fall through to the web app (server/http/web.ts). */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
