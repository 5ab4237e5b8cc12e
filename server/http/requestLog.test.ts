import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { OneLinePerRequest } from './requestLog.ts';

/**
 * The request log's lines on their own (server/http/requestLog.ts); server/logging.test.ts reads
 * them from a running app, where an answer that fails to go out cannot be made on purpose.
 */
function fakes() {
  const requestLog = { debug: vi.fn(), info: vi.fn(), error: vi.fn() };
  const replyLog = { debug: vi.fn(), info: vi.fn(), error: vi.fn() };
  const request = { log: requestLog } as unknown as FastifyRequest;
  const reply = { log: replyLog, elapsedTime: 12.5 } as unknown as FastifyReply;
  return { request, reply, requestLog, replyLog };
}

describe('OneLinePerRequest', () => {
  it('logs an answer that failed to go out at error, with the request, the answer, the error and the time', () => {
    const { request, reply, replyLog } = fakes();
    const failure = new Error('socket hang up');
    new OneLinePerRequest().requestCompleted(failure, request, reply);
    expect(replyLog.info).not.toHaveBeenCalled();
    expect(replyLog.error).toHaveBeenCalledTimes(1);
    expect(replyLog.error).toHaveBeenCalledWith(
      { req: request, res: reply, err: failure, responseTime: 12.5 },
      'request errored',
    );
  });

  it('logs an answer that went out at info, and the incoming request at debug only', () => {
    const { request, reply, requestLog, replyLog } = fakes();
    const controller = new OneLinePerRequest();
    controller.incomingRequest(request);
    expect(requestLog.debug).toHaveBeenCalledWith({ req: request }, 'incoming request');
    expect(requestLog.info).not.toHaveBeenCalled();
    controller.requestCompleted(null, request, reply);
    expect(replyLog.error).not.toHaveBeenCalled();
    expect(replyLog.info).toHaveBeenCalledWith(
      { req: request, res: reply, responseTime: 12.5 },
      'request completed',
    );
  });

  it('logs nothing for a request whose logging is turned off', () => {
    const { request, reply, requestLog, replyLog } = fakes();
    const controller = new OneLinePerRequest({ disableRequestLogging: true });
    controller.incomingRequest(request);
    controller.requestCompleted(null, request, reply);
    controller.requestCompleted(new Error('x'), request, reply);
    for (const log of [requestLog, replyLog]) {
      expect(log.debug).not.toHaveBeenCalled();
      expect(log.info).not.toHaveBeenCalled();
      expect(log.error).not.toHaveBeenCalled();
    }
  });
});
