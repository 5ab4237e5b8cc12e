// Loaded into the server by `bench:scale` (`node --import <this file> … server/main.ts`, with an IPC
// channel): times every statement node-postgres sends, from the call to its answer, by statement
// text. The machine's PostgreSQL has no pg_stat_statements loaded (it must be in
// shared_preload_libraries, which needs a restart of a server other work shares), so the heaviest
// statements are measured here, as the app's pool sees them (one round trip each on loopback).

import { monitorEventLoopDelay, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';

export type StatementRequest = { statements: 'reset' } | { statements: 'report'; top: number };
export type StatementFigure = { text: string; calls: number; totalMs: number; meanMs: number; maxMs: number };
export type StatementReport = {
  statements: 'report';
  top: StatementFigure[];
  calls: number;
  totalMs: number;
  /** The server's event loop since the reset: how late a timer ran (ms), and garbage collection. */
  loop: { p99Ms: number; maxMs: number; stalls: { atMs: number; ms: number; kind: string }[] };
};

// A stall of the event loop delays every request in flight: its causes are reported with the
// statements: a loop held for STALL_MS or more, and every garbage collection of GC_MS or more
// (shorter than a stall: a collection adds to whatever else held the loop at the time).
const STALL_MS = 50;
const GC_MS = 25;
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let stalls: { atMs: number; ms: number; kind: string }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.duration >= GC_MS)
      stalls.push({
        atMs: Math.round(entry.startTime),
        ms: Math.round(entry.duration),
        kind: `gc ${String((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind)}`,
      });
}).observe({ entryTypes: ['gc'] });
let lastTick = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - lastTick - 10 >= STALL_MS)
    stalls.push({ atMs: Math.round(lastTick), ms: Math.round(now - lastTick - 10), kind: 'loop' });
  lastTick = now;
}, 10).unref();

type Tally = { calls: number; totalMs: number; maxMs: number };
let tallies = new Map<string, Tally>();

function note(text: string, ms: number): void {
  const key = text.replace(/\s+/g, ' ').trim();
  const tally = tallies.get(key) ?? { calls: 0, totalMs: 0, maxMs: 0 };
  tally.calls++;
  tally.totalMs += ms;
  tally.maxMs = Math.max(tally.maxMs, ms);
  tallies.set(key, tally);
}

const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; submit?: unknown } | undefined;
  const text = typeof first === 'string' ? first : first && !first.submit ? first.text : undefined;
  if (!text) return original.apply(this, args);
  const started = performance.now();
  const last = args.at(-1);
  if (typeof last === 'function') {
    args[args.length - 1] = (error: unknown, result: unknown) => {
      note(text, performance.now() - started);
      (last as (e: unknown, r: unknown) => void)(error, result);
    };
    return original.apply(this, args);
  }
  const answer = original.apply(this, args) as Promise<unknown>;
  answer.then(
    () => note(text, performance.now() - started),
    () => note(text, performance.now() - started),
  );
  return answer;
} as typeof pg.Client.prototype.query;

process.on('message', (message: StatementRequest) => {
  if (message?.statements === 'reset') {
    tallies = new Map();
    delay.reset();
    stalls = [];
    process.send?.({ statements: 'reset' });
  } else if (message?.statements === 'report') {
    const all = [...tallies.entries()].map(([text, t]) => ({
      text,
      calls: t.calls,
      totalMs: t.totalMs,
      meanMs: t.totalMs / t.calls,
      maxMs: t.maxMs,
    }));
    all.sort((a, b) => b.totalMs - a.totalMs);
    const report: StatementReport = {
      statements: 'report',
      top: all.slice(0, message.top),
      calls: all.reduce((sum, s) => sum + s.calls, 0),
      totalMs: all.reduce((sum, s) => sum + s.totalMs, 0),
      loop: { p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6, stalls: stalls.slice(0, 40) },
    };
    process.send?.(report);
  }
});
