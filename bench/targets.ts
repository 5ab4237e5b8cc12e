/**
 * The targets for the API on PostgreSQL at 50 connections (docs/performance.md, "Server"): requests/s
 * at least half of what pgbench does with the same statements in the same run, and p99 at most 25 ms.
 * The bench prints each endpoint's verdict after its medians, with pgbench's own p99 beside a missed
 * p99, so a miss that the SQL alone already has reads as such and a regression of ours reads as a
 * miss.
 */
export const TARGETS = { ratio: 0.5, p99Ms: 25 } as const;

export type EndpointFigures = {
  endpoint: string;
  rps: number;
  p99: number;
  /** pgbench's medians for the same statements in the same run (null when it did not run). */
  pgbench: { rps: number; p99: number } | null;
};

export type Verdict = { endpoint: string; met: number; checked: number; line: string };

export function targetVerdict(figures: EndpointFigures): Verdict {
  const parts: string[] = [];
  let met = 0;
  let checked = 0;
  if (figures.pgbench && figures.pgbench.rps > 0) {
    const ratio = figures.rps / figures.pgbench.rps;
    const ok = ratio >= TARGETS.ratio;
    checked++;
    if (ok) met++;
    // Cut, not rounded, to three places: a ratio just under the bound never reads as the bound.
    const shown = (Math.floor(ratio * 1000) / 1000).toFixed(3);
    parts.push(`API / pgbench ${shown} (≥ ${TARGETS.ratio}): ${ok ? 'met' : 'MISSED'}`);
  }
  const p99Ok = figures.p99 <= TARGETS.p99Ms;
  checked++;
  if (p99Ok) met++;
  parts.push(
    `p99 ${figures.p99.toFixed(1)} ms (≤ ${TARGETS.p99Ms} ms): ${p99Ok ? 'met' : 'MISSED'}` +
      (!p99Ok && figures.pgbench ? ` (pgbench alone: ${figures.pgbench.p99.toFixed(1)} ms)` : ''),
  );
  return {
    endpoint: figures.endpoint,
    met,
    checked,
    line: `${figures.endpoint.padEnd(12)} ${parts.join('   ')}`,
  };
}
