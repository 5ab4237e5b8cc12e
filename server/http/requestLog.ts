import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, when it is answered: its method and address (`req`), the answer's
 * status (`res`) and the time taken (`responseTime`), at `info` (at `error` when the answer failed
 * to go out). Fastify's own controller writes two lines per request (`incoming request`, then
 * `request completed` with only the status); that second line, JSON and write were a measurable
 * share of a request's CPU at the default LOG_LEVEL=info (docs/performance.md, "Server"). The
 * `incoming request` line stays for LOG_LEVEL=debug, where a request that never finishes is what
 * one is looking for. Routes with their own `logLevel` (the health probes: `warn`) log neither.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
