import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { HttpLimits } from '../config.ts';

/**
 * Pipelined requests a connection may have waiting behind the one being answered; one more and the
 * connection is closed. Browsers and proxies do not pipeline, so only a tool or an attack gets here.
 */
export const MAX_WAITING_REQUESTS = 32;

/**
 * The listening socket's queue of connections not yet accepted: room for MAX_CONNECTIONS arriving
 * at once (Node's default is 511; the kernel caps it at net.core.somaxconn). A full queue drops a
 * new connection's handshake, and its client tries again only 1 s later, then 3 s.
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
  answerInTurn(app, server);
  // Behind a trusted proxy every connection comes from the proxy, so a cap on the socket's peer
  // would cap the whole site; the proxy limits each client instead (nginx `limit_conn`).
  if (!trustProxy) {
    limitPerAddress(app, server, http.maxConnectionsPerAddress);
    readInTurnsByAddress(server);
  }
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

/** Connections of one address read at once until they send a request (or STARTING_MS passes). */
const STARTING_PER_ADDRESS = 2;
const STARTING_MS = 500;
/** Turns in a row that accept without starting to read a waiting connection, while accepts go on. */
const ACCEPTING_TURNS = 100;

type Line = { starting: number; waiting: Socket[] };

/**
 * New connections are accepted unread and start being read one a turn of the event loop, the
 * client addresses taking turns, in turns that accepted nothing, and at most STARTING_PER_ADDRESS
 * of an address at a time until they have sent a request. Node accepts one connection a turn, in
 * the order they came, and parses all that a connection sent in one go, however many requests it
 * holds: 1,000 connections sending 200 requests each, read as accepted, kept a health probe from
 * another address waiting seconds in the kernel's queue behind them, and those read before their
 * requests came were all parsed in one turn when they came. A connection that sends nothing gives
 * its place up after STARTING_MS, so idle ones (a browser's preconnect) hold back little.
 */
function readInTurnsByAddress(server: Server): void {
  // net.Server's `pauseOnConnect` (a constructor option Fastify does not pass, read at each
  // accept): a connection is accepted without being read until resumed.
  (server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
  const lines = new Map<string, Line>();
  // Connections being read that have not yet sent a request: what gives their place up.
  const starting = new WeakMap<Socket, () => void>();
  let accepted = false;
  let skipped = 0;
  let scheduled = false;
  const start = (client: string, line: Line, socket: Socket) => {
    line.starting++;
    const started = () => {
      if (!starting.delete(socket)) return;
      clearTimeout(timer);
      socket.off('close', started);
      line.starting--;
      if (line.waiting.length > 0) schedule();
      else if (line.starting === 0) lines.delete(client);
    };
    const timer = setTimeout(started, STARTING_MS).unref();
    starting.set(socket, started);
    socket.once('close', started);
    socket.resume();
  };
  const turn = () => {
    scheduled = false;
    if (accepted && skipped < ACCEPTING_TURNS) {
      // More may be in the kernel's queue: accept them first (but not forever).
      accepted = false;
      skipped++;
      schedule();
      return;
    }
    accepted = false;
    skipped = 0;
    for (const [client, line] of lines) {
      while (line.waiting[0]?.destroyed) line.waiting.shift();
      const socket = line.starting < STARTING_PER_ADDRESS ? line.waiting.shift() : undefined;
      if (socket === undefined) {
        if (line.starting === 0 && line.waiting.length === 0) lines.delete(client);
        continue;
      }
      // The address goes to the back of the line.
      lines.delete(client);
      lines.set(client, line);
      start(client, line, socket);
      schedule();
      return;
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
  server.on('connection', (socket: Socket) => {
    if (socket.destroyed || socket.remoteAddress === undefined) return;
    accepted = true;
    const client = clientOf(socket.remoteAddress);
    const line = lines.get(client) ?? { starting: 0, waiting: [] };
    lines.set(client, line);
    // An address with nothing under way (a health probe) does not wait for a turn.
    if (line.starting === 0 && line.waiting.length === 0) start(client, line, socket);
    else {
      line.waiting.push(socket);
      schedule();
    }
  });
  server.prependListener('request', (req: IncomingMessage) => starting.get(req.socket)?.());
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
    const socket = req.socket;
    const queue = waiting.get(socket);
    if (queue === undefined) {
      waiting.set(socket, []);
      // Once the rest of what arrived with it is parsed: a connection cut for sending too much at
      // once gets no answer at all (1,000 of them, each sent the API description, left 200 MB in
      // the kernel waiting for readers that never read).
      process.nextTick(() => {
        if (socket.destroyed) waiting.delete(socket);
        else start(req, res);
      });
    } else if (queue.length < MAX_WAITING_REQUESTS) {
      queue.push([req, res]);
    } else if (!socket.destroyed) {
      cut();
      closeWithoutStacks(socket);
      socket.destroy();
    }
  });
}

/**
 * When a connection closes, Node aborts each request it parsed from it and has not answered (all
 * that arrived in one read, not only those allowed to wait) with two errors, whose stacks it
 * captures and formats: for a connection cut after 200 pipelined requests, 400 stacks, most of
 * the cut's cost and of its garbage. They say nothing (a client went away), so while Node's own
 * 'close' listener runs, between these two, errors are made without stacks.
 */
function closeWithoutStacks(socket: Socket): void {
  let saved: number | undefined;
  const restore = () => {
    if (saved === undefined) return;
    Error.stackTraceLimit = saved;
    saved = undefined;
  };
  socket.prependOnceListener('close', () => {
    saved = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    process.nextTick(restore); // should a listener in between throw
  });
  socket.once('close', restore);
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
