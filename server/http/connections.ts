import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { HttpLimits } from '../config.ts';

/**
 * Pipelined requests a connection may have waiting behind the one being answered; one more and the
 * connection is closed. Browsers and proxies do not pipeline, so only a tool or an attack gets here.
 */
export const MAX_WAITING_REQUESTS = 1_000_000;

/**
 * The listening socket's queue of connections not yet accepted: room for MAX_CONNECTIONS arriving
 * at once (Node's default is 511; the kernel caps it at net.core.somaxconn). A full queue drops a
 * new connection's first packet, and the client tries again only 1 s later, then 3 s.
 */
export function listenBacklog(http: HttpLimits): number {
  return Math.max(511, http.maxConnections);
}

/** How often at most each kind of refusal is logged (with how many there were), so a flood cannot flood the log. */
const REPORT_EVERY_MS = 10_000;

/**
 * What a connection may hold: at most `maxConnections` open, at
 * most `maxConnectionsPerAddress` from one client address, one answer at a time, and an answer that
 * is not read for the idle time-out ends its connection with a reset.
 */
export function guardConnections(app: FastifyInstance, http: HttpLimits, trustProxy: boolean): void {
  const server = app.server;
  server.maxConnections = http.maxConnections;
  server.on(
    'drop',
    counted(app, 'warn', (count) => [
      { refusedConnections: count },
      `refused connections: ${http.maxConnections} (MAX_CONNECTIONS) are open`,
    ]),
  );
  // Behind a trusted proxy every connection comes from the proxy, so a cap on the socket's peer
  // would cap the whole site; the proxy limits each client instead (nginx `limit_conn`).
  if (!trustProxy) {
    limitPerAddress(app, server, http.maxConnectionsPerAddress);
    startInTurnsByAddress(server);
  }
  answerInTurn(app, server);
  resetStalledReaders(app, server);
}

/** A callback that counts its calls and logs them at most every REPORT_EVERY_MS. */
function counted(
  app: FastifyInstance,
  level: 'warn' | 'info',
  line: (count: number, detail?: string) => [Record<string, unknown>, string],
): (detail?: string) => void {
  let count = 0;
  let lastReport = 0;
  return (detail) => {
    count++;
    if (Date.now() - lastReport < REPORT_EVERY_MS) return;
    const [fields, message] = line(count, detail);
    app.log[level](fields, message);
    count = 0;
    lastReport = Date.now();
  };
}

/**
 * One client address opens at most `cap` connections; more are closed as they arrive. Without
 * it, one address that reconnects as soon as it is cut holds nearly all of MAX_CONNECTIONS.
 */
function limitPerAddress(app: FastifyInstance, server: Server, cap: number): void {
  const open = new Map<string, number>();
  const refused = counted(app, 'warn', (count, client) => [
    { refusedConnections: count, client },
    `refused connections: an address has ${cap} (MAX_CONNECTIONS_PER_ADDRESS) open`,
  ]);
  // First among the listeners, so a refused connection is closed before anything else sees it.
  server.prependListener('connection', (socket: Socket) => {
    if (socket.remoteAddress === undefined) return; // already gone
    const client = clientOf(socket.remoteAddress);
    const count = open.get(client) ?? 0;
    if (count >= cap) {
      refused(client);
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left === 0) open.delete(client);
      else open.set(client, left);
    });
  });
}

/** How many new connections of one address start reading in one turn of the event loop. */
const STARTED_PER_TURN = 4;

/**
 * New connections start reading in turns by client address: each turn of the event loop starts
 * the oldest few waiting of every address. Reading what a connection sent costs (parsing it, even
 * when it is then cut), so an address that opens hundreds at once waits for its own, and another
 * address's connection (a health probe) starts within a turn rather than behind all of them.
 */
function startInTurnsByAddress(server: Server): void {
  // net.Server's `pauseOnConnect` (a constructor option Fastify does not pass, read at each accept):
  // connections are then accepted without being read until resumed.
  (server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
  const waiting = new Map<string, Socket[]>();
  let scheduled = false;
  const turn = () => {
    scheduled = false;
    for (const [client, sockets] of waiting) {
      for (const socket of sockets.splice(0, STARTED_PER_TURN)) if (!socket.destroyed) socket.resume();
      if (sockets.length === 0) waiting.delete(client);
    }
    if (waiting.size > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
  server.on('connection', (socket: Socket) => {
    if (socket.destroyed || socket.remoteAddress === undefined) return;
    const client = clientOf(socket.remoteAddress);
    const sockets = waiting.get(client);
    if (sockets) sockets.push(socket);
    else waiting.set(client, [socket]);
    schedule();
  });
}

/**
 * Whom a connection is counted against: its IPv4 address, or the /64 network of an IPv6 one (what
 * one subscriber is usually given, where a machine can take any number of addresses).
 */
export function clientOf(address: string): string {
  if (!address.includes(':')) return address;
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address.slice('::ffff:'.length);
  const bare = address.split('%')[0] ?? address;
  const [head = '', tail] = bare.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

type Exchange = [IncomingMessage, ServerResponse];

/**
 * Pipelined requests are answered one at a time: the next goes to the app once the answer before it
 * has been handed to the connection. Node parses a whole chunk of pipelined requests at once and
 * would start them all, queueing every answer for a client that may never read them (20 clients of
 * 200 requests each had all 4,000 answered before anyone else). One at a time, a stalled answer
 * holds back the rest, Node stops reading once it cannot write, and connections take turns. More
 * than MAX_WAITING_REQUESTS waiting closes the connection.
 */
function answerInTurn(app: FastifyInstance, server: Server): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  const handler = handlers[0];
  if (handlers.length !== 1 || handler === undefined) {
    throw new Error(`expected Fastify's one request handler, found ${handlers.length}`);
  }
  server.removeListener('request', handler);
  const cut = counted(app, 'warn', (count) => [
    { cutConnections: count },
    `closed connections that sent more than ${MAX_WAITING_REQUESTS} requests ahead of their answers`,
  ]);
  // Present while a request of the connection is being answered: the ones waiting behind it.
  const waiting = new WeakMap<Socket, Exchange[]>();
  // When a cut connection closes, Node aborts each of its requests and answers still pending with
  // an error of its own, two for every request sent ahead: capturing their stacks was most of what
  // a cut cost. Only around Node's own 'close' listener (registered between these two) are they
  // made without one.
  const cutSockets = new WeakSet<Socket>();
  let stackTraceLimit: number | undefined;
  const restoreStacks = () => {
    if (stackTraceLimit === undefined) return;
    Error.stackTraceLimit = stackTraceLimit;
    stackTraceLimit = undefined;
  };
  server.prependListener('connection', (socket: Socket) => {
    socket.once('close', () => {
      if (!cutSockets.has(socket) || stackTraceLimit !== undefined) return;
      stackTraceLimit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      process.nextTick(restoreStacks); // should a listener between the two throw
    });
  });
  server.on('connection', (socket: Socket) => socket.once('close', restoreStacks));
  const start = (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    // 'close' follows the answer's end, or the connection's.
    res.once('close', () => {
      const next = waiting.get(socket)?.shift();
      if (next === undefined || socket.destroyed) waiting.delete(socket);
      else start(...next);
    });
    handler(req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const queue = waiting.get(req.socket);
    if (queue === undefined) {
      waiting.set(req.socket, []);
      // After the rest of the chunk is parsed: a connection that sent too many at once is cut
      // before any answer is made for it.
      process.nextTick(() => {
        if (!req.socket.destroyed) start(req, res);
        else {
          waiting.delete(req.socket);
          req.destroy();
        }
      });
    } else if (queue.length < MAX_WAITING_REQUESTS && !req.socket.destroyed) {
      queue.push([req, res]);
    } else {
      if (!req.socket.destroyed) {
        cut();
        cutSockets.add(req.socket);
        // Ended without an error each: an error's stack would be formatted (Node's streams do).
        for (const [waitingRequest] of queue.splice(0)) waitingRequest.destroy();
        req.socket.destroy();
      }
      req.destroy();
    }
  });
}

/**
 * The idle time-out (IDLE_TIMEOUT_MS: Node's socket time-out, which also waits while a write makes
 * progress) ends a connection whose answer has not moved with a reset rather than a close. A close
 * would leave the kernel holding what it had accepted of the answer, trying to deliver it behind the
 * closing handshake to a reader that never reads, for minutes; a reset drops it at once.
 */
function resetStalledReaders(app: FastifyInstance, server: Server): void {
  const reset = counted(app, 'info', (count) => [
    { resetConnections: count },
    'reset connections whose answer was not read within IDLE_TIMEOUT_MS',
  ]);
  // With a listener here Node leaves ending the connection to it (keep-alive time-outs too).
  server.on('timeout', (socket: Socket) => {
    if (socket.writableLength > 0) {
      reset();
      socket.resetAndDestroy();
    } else {
      socket.destroy();
    }
  });
}
