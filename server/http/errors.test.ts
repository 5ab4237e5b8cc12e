import type { FastifyError, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { apiMessages as koreanApiMessages } from '../../common/i18n/ko/messages.ts';
import { validationTexts as koreanValidationTexts } from '../../common/i18n/ko/validationTexts.ts';
import { apiMessages, profileMessages } from '../../common/messages.ts';
import { validationTexts } from '../../common/validationTexts.ts';
import { AppError, ResponseContractError } from '../errors.ts';
import { errorAnswer, errorBody, isApiPath } from './errors.ts';

/**
 * What each kind of failure answers (server/http/errors.ts), on its own: the statuses and words a
 * client sees, and the log line an unexpected failure leaves.
 */
function fakeRequest(language?: string) {
  const error = vi.fn();
  const request = {
    id: 'req-7',
    headers: language ? { 'accept-language': language } : {},
    log: { error },
  } as unknown as FastifyRequest;
  return { request, error };
}

function thrown(message: string, fields: Partial<FastifyError> & { cls?: ErrorConstructor } = {}) {
  const { cls = Error, ...rest } = fields;
  return Object.assign(new cls(message), rest) as FastifyError;
}

describe('errorBody', () => {
  it("names the status as HTTP does, 'Error' for a status without a name, and adds details only when given", () => {
    expect(errorBody(404, 'gone')).toStrictEqual({ status: 404, error: 'Not Found', message: 'gone' });
    expect(errorBody(499, 'odd')).toStrictEqual({ status: 499, error: 'Error', message: 'odd' });
    expect(errorBody(400, 'bad', [{ path: 'a', message: 'b' }])).toStrictEqual({
      status: 400,
      error: 'Bad Request',
      message: 'bad',
      details: [{ path: 'a', message: 'b' }],
    });
  });
});

describe('errorAnswer', () => {
  it("answers a service's AppError with its status, words, details and headers", () => {
    const { request, error } = fakeRequest();
    const failure = new AppError(429, apiMessages.passwordChecksBusy, [{ path: 'x', message: () => 'y' }], {
      'retry-after': '5',
    });
    expect(errorAnswer(failure as unknown as FastifyError, request)).toStrictEqual({
      status: 429,
      message: apiMessages.passwordChecksBusy,
      details: [{ path: 'x', message: 'y' }],
      headers: { 'retry-after': '5' },
    });
    expect(
      errorAnswer(new AppError(404, apiMessages.notFound) as unknown as FastifyError, request),
    ).toStrictEqual({
      status: 404,
      message: apiMessages.notFound,
    });
    expect(error).not.toHaveBeenCalled();
  });

  it("sends an AppError's words and details in the request's language", () => {
    const { request } = fakeRequest('ko');
    const failure = new AppError(400, apiMessages.malformedJson, [
      { path: 'a', message: validationTexts.needsBody },
      { path: 'b', message: (texts) => texts.apiMessages.malformedJson },
    ]);
    expect(errorAnswer(failure as unknown as FastifyError, request)).toStrictEqual({
      status: 400,
      message: koreanApiMessages.malformedJson,
      details: [
        { path: 'a', message: koreanValidationTexts.needsBody },
        { path: 'b', message: koreanApiMessages.malformedJson },
      ],
    });
  });

  it("maps Fastify's own client errors to our statuses and words", () => {
    const { request, error } = fakeRequest();
    const expected: [string, number, string][] = [
      ['FST_ERR_CTP_INVALID_JSON_BODY', 400, apiMessages.malformedJson],
      ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, validationTexts.emptyBody],
      ['FST_ERR_CTP_BODY_TOO_LARGE', 413, apiMessages.bodyTooLarge],
      ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, apiMessages.unsupportedMediaType],
      ['FST_REQ_FILE_TOO_LARGE', 413, profileMessages.pictureTooLarge],
      ['FST_FILES_LIMIT', 413, profileMessages.pictureFormTooBig],
      ['FST_PARTS_LIMIT', 413, profileMessages.pictureFormTooBig],
      ['FST_FIELDS_LIMIT', 413, profileMessages.pictureFormTooBig],
      ['FST_INVALID_MULTIPART_CONTENT_TYPE', 415, profileMessages.pictureNotMultipart],
      ['FST_PROTO_VIOLATION', 400, profileMessages.pictureFormTooBig],
      ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400, validationTexts.contentLength],
    ];
    for (const [code, status, message] of expected) {
      const answer = errorAnswer(thrown("Fastify's words", { code, statusCode: 400 }), request);
      expect({ code, ...answer }).toStrictEqual({ code, status, message });
    }
    expect(error).not.toHaveBeenCalled();
  });

  it('answers a JSON.parse failure with 400 and our words, and a SyntaxError of our own as a failure', () => {
    const { request, error } = fakeRequest();
    expect(
      errorAnswer(thrown('Unexpected token', { cls: SyntaxError, statusCode: 400 }), request),
    ).toStrictEqual({ status: 400, message: apiMessages.malformedJson });
    expect(error).not.toHaveBeenCalled();
    expect(errorAnswer(thrown('Unexpected token', { cls: SyntaxError }), request)).toStrictEqual({
      status: 500,
      message: apiMessages.internal('req-7'),
    });
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("passes another client error's status and words through (400–499) and hides anything else behind a 500", () => {
    const { request, error } = fakeRequest();
    for (const status of [400, 404, 499]) {
      expect(errorAnswer(thrown('client words', { statusCode: status }), request)).toStrictEqual({
        status,
        message: 'client words',
      });
    }
    expect(error).not.toHaveBeenCalled();
    for (const statusCode of [undefined, 302, 399, 500, 503]) {
      expect(
        errorAnswer(thrown('secret internals', { statusCode }), request),
        String(statusCode),
      ).toStrictEqual({ status: 500, message: apiMessages.internal('req-7') });
    }
    expect(error).toHaveBeenCalledTimes(5);
    for (const [line, words] of error.mock.calls) {
      expect(line).toMatchObject({ reference: 'req-7' });
      expect(line.err.message).toBe('secret internals');
      expect(words).toBe('unexpected failure');
    }
  });

  it('answers an answer that breaks its contract with a 500 listing the differences, and logs why', () => {
    const { request, error } = fakeRequest();
    const failure = new ResponseContractError('GET /x', ['count: expected number', 'text: missing']);
    expect(errorAnswer(failure as unknown as FastifyError, request)).toStrictEqual({
      status: 500,
      message: apiMessages.internal('req-7'),
      details: [
        { path: '', message: 'count: expected number' },
        { path: '', message: 'text: missing' },
      ],
    });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toMatchObject({ err: failure, reference: 'req-7' });
    expect(error.mock.calls[0]?.[1]).toBe('answer differs from its contract');
  });

  it("words the 500 in the request's language, with the request's reference", () => {
    const { request } = fakeRequest('ko-KR,ko;q=0.9');
    const answer = errorAnswer(thrown('boom'), request);
    expect(answer).toStrictEqual({ status: 500, message: koreanApiMessages.internal('req-7') });
    expect(answer.message).not.toBe(apiMessages.internal('req-7'));
  });
});

describe('isApiPath', () => {
  it('is the /api path, anything under it and its query, and nothing else', () => {
    for (const url of ['/api', '/api/', '/api/v1/users', '/api?x=1']) expect(isApiPath(url), url).toBe(true);
    for (const url of ['/', '/apix', '/api-docs', '/tutoring/api', '/x/api/', '/x/api?', '/API/v1']) {
      expect(isApiPath(url), url).toBe(false);
    }
  });
});
