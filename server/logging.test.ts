import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogOutput, formatLogLine, type LogOutput } from './logging.ts';
import { openTestDatabase } from './test/harness.ts';

/** A reader that takes nothing until told: every write stays pending, as on a pipe nobody reads. */
function stalledReader() {
  const received: string[] = [];
  const pending: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark: 1024,
    write(chunk, _encoding, callback) {
      pending.push(() => {
        received.push(String(chunk));
        callback();
      });
    },
  });
  return {
    stream,
    received,
    /** The reader reads again: everything pending is taken, and whatever comes after. */
    resume() {
      while (pending.length > 0) pending.shift()!();
    },
  };
}

describe('the log output', () => {
  it('drops and counts whole lines once a stalled reader holds the buffer, without blocking', () => {
    const reader = stalledReader();
    const output = createLogOutput(reader.stream, 10_000);
    const line = `${'x'.repeat(99)}\n`;
    const started = performance.now();
    for (let i = 0; i < 1000; i++) output.write(line);
    expect(performance.now() - started).toBeLessThan(200);
    // 100 lines of 100 bytes fit in 10,000 bytes; the other 900 are dropped, none cut in half.
    expect(output.dropped).toBe(900);
    output.writePending!();
    expect(reader.stream.writableLength).toBe(10_000);
  });

  it('writes the lines of one turn of the event loop in one write, in their order', async () => {
    const writes: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        writes.push(String(chunk));
        callback();
      },
    });
    const output = createLogOutput(stream);
    output.write('first\n');
    output.write('second\n');
    output.write('third\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['first\nsecond\nthird\n']);
    // A process about to exit writes what the turn holds at once; a flush too.
    output.write('fourth\n');
    output.writePending!();
    expect(writes).toEqual(['first\nsecond\nthird\n', 'fourth\n']);
    output.write('fifth\n');
    await output.flush(1000);
    expect(writes.at(-1)).toBe('fifth\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(3);
  });

  it('says how many lines were lost once the reader reads again, and writes new lines', async () => {
    const reader = stalledReader();
    const output = createLogOutput(reader.stream, 1000);
    for (let i = 0; i < 30; i++) output.write(`${String(i).padStart(99, '.')}\n`);
    expect(output.dropped).toBe(20);
    reader.resume();
    await new Promise((resolve) => setImmediate(resolve));
    reader.resume();
    output.write('after\n');
    await new Promise((resolve) => setImmediate(resolve));
    reader.resume();
    const lines = reader.received.join('').trimEnd().split('\n');
    expect(lines.slice(0, 10).every((l) => l.length === 99)).toBe(true);
    const report = JSON.parse(lines[10]!);
    expect(report).toMatchObject({ level: 40, droppedLogLines: 20 });
    expect(report.msg).toBe('20 log lines were dropped: the log reader was not keeping up');
    expect(lines[11]).toBe('after');
  });

  it('drops every line, and never throws, once the reader has gone (EPIPE)', () => {
    const stream = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const output = createLogOutput(stream);
    output.write('first\n');
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(() => output.write('second\n')).not.toThrow();
        expect(output.dropped).toBe(1);
        resolve();
      }),
    );
  });

  it('flushes within a bound: at once when nothing is pending, after the time-out when the reader stays stalled', async () => {
    const reader = stalledReader();
    const output = createLogOutput(reader.stream);
    let started = performance.now();
    await output.flush(5000);
    expect(performance.now() - started).toBeLessThan(50);
    output.write('pending\n');
    started = performance.now();
    await output.flush(150);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(1000);
  });
});

/** An app at LOG_LEVEL info whose log lines are kept, parsed, for the test to read. */
async function appWithLog(env: Record<string, string> = {}) {
  const lines: Record<string, unknown>[] = [];
  const output: LogOutput = {
    write: (line) => void lines.push(JSON.parse(line)),
    dropped: 0,
    flush: async () => {},
  };
  const database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent-web-dist', ...env });
  const app = await buildApp({ config, database, now: () => new Date(), logOutput: output });
  // Outside /api/ (no access rule needed): a handler with a bug, logging before it fails.
  app.get('/test-only/broken', async (request) => {
    request.log.info({ step: 'before' }, 'about to fail');
    throw new TypeError("Cannot read properties of undefined (reading 'id')");
  });
  await app.ready();
  return {
    app,
    lines,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe("a request's log lines", () => {
  it('all carry its id, and the failure carries the reference the user was shown, with the stack', async () => {
    const t = await appWithLog();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/test-only/broken' });
      expect(response.statusCode).toBe(500);
      const id = response.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const shown = response.json().message as string;
      expect(shown).toContain(id);

      const mine = t.lines.filter((line) => line.reqId === id);
      // One line for the request itself, when it is answered: what was asked, the answer, the time.
      expect(mine.map((line) => line.msg)).toEqual([
        'about to fail',
        'unexpected failure',
        'request completed',
      ]);
      expect(mine.at(-1)).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/test-only/broken' },
        res: { statusCode: 500 },
        responseTime: expect.any(Number),
      });
      // No line about this request lacks its id.
      expect(
        t.lines.filter((line) => line.reqId !== id && JSON.stringify(line).includes('/test-only/')),
      ).toEqual([]);
      const failure = mine.find((line) => line.msg === 'unexpected failure')!;
      expect(failure.level).toBe(50);
      expect(shown).toContain(String(failure.reference));
      expect((failure.err as { stack: string }).stack).toContain(
        'TypeError: Cannot read properties of undefined',
      );
    } finally {
      await t.close();
    }
  });

  it('adds the incoming request line at LOG_LEVEL=debug; the health probes log neither line', async () => {
    const t = await appWithLog({ LOG_LEVEL: 'debug' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/test-only/broken' });
      const id = response.headers['x-request-id'] as string;
      const mine = t.lines.filter((line) => line.reqId === id);
      expect(mine.map((line) => line.msg)).toEqual([
        'incoming request',
        'about to fail',
        'unexpected failure',
        'request completed',
      ]);
      expect(mine[0]).toMatchObject({ level: 20, req: { method: 'GET', url: '/test-only/broken' } });
      const probe = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(t.lines.filter((line) => line.reqId === probe.headers['x-request-id'])).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("keeps a trusted proxy's X-Request-Id, and makes its own for anyone else", async () => {
    const nginxId = 'a3f1c2d4e5b60718293a4b5c6d7e8f90';
    const direct = await appWithLog();
    const proxied = await appWithLog({ TRUST_PROXY: '1' });
    try {
      const notTrusted = await direct.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': nginxId },
      });
      expect(notTrusted.headers['x-request-id']).not.toBe(nginxId);
      const trusted = await proxied.app.inject({
        method: 'GET',
        url: '/test-only/broken',
        headers: { 'x-request-id': nginxId },
      });
      expect(trusted.headers['x-request-id']).toBe(nginxId);
      expect(trusted.json().message).toContain(nginxId);
      expect(proxied.lines.some((line) => line.reqId === nginxId && line.reference === nginxId)).toBe(true);
      // Not an id: a header that could forge log lines or the words shown to users is ignored.
      const forged = await proxied.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'x"\n{"level":60}' },
      });
      expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});

describe('log lines for people (a terminal)', () => {
  const at = new Date(2026, 2, 10, 9, 5, 7, 42).getTime();

  it("reads as time, level, the request's short id, message, the request and its answer", () => {
    const incoming = formatLogLine(
      `${JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', reqId: '0f3c9a1e-1111-4222-8333-944445555666', req: { method: 'POST', url: '/api/v1/users/login', remoteAddress: '127.0.0.1' }, msg: 'incoming request' })}\n`,
      false,
    );
    expect(incoming).toBe('09:05:07.042 INFO  0f3c9a1e incoming request POST /api/v1/users/login\n');
    const completed = formatLogLine(
      JSON.stringify({
        level: 30,
        time: at,
        reqId: '0f3c9a1e-1111',
        res: { statusCode: 401 },
        responseTime: 12.345,
        msg: 'request completed',
      }),
      false,
    );
    expect(completed).toBe('09:05:07.042 INFO  0f3c9a1e request completed 401 12.3 ms\n');
    const other = formatLogLine(
      JSON.stringify({ level: 40, time: at, msg: 'refused connections', refusedConnections: 3, who: 'x' }),
      false,
    );
    expect(other).toBe('09:05:07.042 WARN  refused connections refusedConnections=3 who=x\n');
  });

  it("puts an error's stack below its line, indented, and colours only when asked", () => {
    const line = JSON.stringify({
      level: 50,
      time: at,
      reqId: 'abcdef012345',
      reference: 'abcdef012345',
      err: { type: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at handler (x.ts:1:1)' },
      msg: 'unexpected failure',
    });
    const plain = formatLogLine(line, false);
    expect(plain).toBe(
      '09:05:07.042 ERROR abcdef01 unexpected failure reference=abcdef012345\n    TypeError: boom\n        at handler (x.ts:1:1)\n',
    );
    const coloured = formatLogLine(line, true);
    expect(coloured).not.toBe(plain);
    expect(coloured).toContain('\u001b[31m');
    expect(stripVTControlCharacters(coloured)).toBe(plain);
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(formatLogLine('plain words\n', true)).toBe('plain words\n');
    expect(formatLogLine('42\n', false)).toBe('42\n');
  });
});
