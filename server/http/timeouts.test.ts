import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * Slow clients through real sockets: a request must arrive whole within REQUEST_TIMEOUT_MS, its
 * headers within HEADERS_TIMEOUT_MS; an idle keep-alive connection closes after
 * KEEP_ALIVE_TIMEOUT_MS; past MAX_CONNECTIONS a new connection is refused at once. Short settings
 * here; the defaults are in server/config.ts and the README.
 */
const SETTINGS = {
  REQUEST_TIMEOUT_MS: '1200',
  HEADERS_TIMEOUT_MS: '600',
  IDLE_TIMEOUT_MS: '5000',
  KEEP_ALIVE_TIMEOUT_MS: '300',
};

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ env: SETTINGS });
  port = Number(new URL(await t.listen()).port);
});
afterAll(() => t.close());

type Connection = { socket: net.Socket; closed: Promise<{ afterMs: number; received: string }> };

/** A raw connection: what it receives, and when the server closes it (measured from now). */
async function connectTo(to: number): Promise<Connection> {
  const socket = net.connect(to, '127.0.0.1');
  const opened = performance.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) => {
    socket.on('close', () => resolve({ afterMs: performance.now() - opened, received }));
    socket.on('error', () => {});
  });
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closed };
}

const connect = () => connectTo(port);

/** Writes a piece every `everyMs` until the server closes the connection (so it is never idle). */
function trickle(connection: Connection, piece: string, everyMs: number) {
  const timer = setInterval(() => {
    if (!connection.socket.destroyed) connection.socket.write(piece);
  }, everyMs);
  void connection.closed.then(() => clearInterval(timer));
  return timer;
}

/** Resolves with `fallback` when `promise` has not settled within `ms` (before the fix: never). */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}
const STILL_OPEN = { afterMs: Number.POSITIVE_INFINITY, received: '' };

describe('slow clients', () => {
  it('a body that never completes is cut off with a 408 after REQUEST_TIMEOUT_MS, even while bytes trickle in', async () => {
    const connection = await connect();
    connection.socket.write(
      'POST /api/v1/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"',
    );
    const timer = trickle(connection, 'a', 200);
    const closed = await within(connection.closed, 6000, STILL_OPEN);
    clearInterval(timer);
    connection.socket.destroy();
    expect(closed.received).toMatch(/^HTTP\/1\.1 408 /);
    // Cut between the time-out and the time-out plus one check interval (a quarter of the headers'), with slack.
    expect(closed.afterMs).toBeGreaterThanOrEqual(1100);
    expect(closed.afterMs).toBeLessThan(2500);
  });

  it('headers that never complete, and a connection that sends nothing, are cut off after HEADERS_TIMEOUT_MS', async () => {
    const trickling = await connect();
    trickling.socket.write('GET /api/v1/users/auth-check HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const timer = trickle(trickling, 'X-Padding: 1\r\n', 100);
    const silent = await connect();
    const [slowHeaders, nothing] = await Promise.all([
      within(trickling.closed, 6000, STILL_OPEN),
      within(silent.closed, 6000, STILL_OPEN),
    ]);
    clearInterval(timer);
    for (const closed of [slowHeaders, nothing]) {
      expect(closed.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(closed.afterMs).toBeGreaterThanOrEqual(500);
      expect(closed.afterMs).toBeLessThan(2000);
    }
  });

  it('a slow but complete body within the time-out is answered as usual', async () => {
    const connection = await connect();
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'a long secret' });
    connection.socket.write(
      `POST /api/v1/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    for (const piece of [body.slice(0, 10), body.slice(10, 20), body.slice(20)]) {
      await new Promise((r) => setTimeout(r, 150));
      connection.socket.write(piece);
    }
    const closed = await within(connection.closed, 6000, STILL_OPEN);
    expect(closed.received).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const connection = await connect();
    connection.socket.write('GET /api/v1/users/oauth/providers HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const closed = await within(connection.closed, 6000, STILL_OPEN);
    expect(closed.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(closed.received).toMatch(/keep-alive/i);
    // Node adds up to a second of grace to the keep-alive time-out it announces.
    expect(closed.afterMs).toBeLessThan(2500);
  });
});

describe('the connection cap', () => {
  it('refuses connections past MAX_CONNECTIONS at once, and accepts again when one closes', async () => {
    const capped = await startTestApp({ env: { MAX_CONNECTIONS: '4' } });
    const cappedPort = Number(new URL(await capped.listen()).port);
    const connect = () => connectTo(cappedPort);
    // Four connections held open (each has sent part of its headers, so none is idle yet).
    const held = await Promise.all(Array.from({ length: 4 }, connect));
    for (const connection of held) connection.socket.write('GET / HTTP/1.1\r\n');
    await new Promise((r) => setTimeout(r, 50));

    const fifth = await connect();
    const refused = await within(fifth.closed, 2000, STILL_OPEN);
    expect(refused.received).toBe('');
    expect(refused.afterMs).toBeLessThan(1000);

    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((r) => setTimeout(r, 50));
    const next = await connect();
    next.socket.write(
      'GET /api/v1/users/oauth/providers HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    const answered = await within(next.closed, 3000, STILL_OPEN);
    expect(answered.received).toMatch(/^HTTP\/1\.1 200 /);
    for (const connection of held) connection.socket.destroy();
    await capped.close();
  });
});
