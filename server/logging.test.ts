import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogOutput } from './logging.ts';

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
    expect(reader.stream.writableLength).toBe(10_000);
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
