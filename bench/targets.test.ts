import { describe, expect, it } from 'vitest';
import { targetVerdict } from './targets.ts';

describe("bench:api's verdicts on the server's targets", () => {
  it('meets both at a ratio of exactly 0.5 and a p99 of exactly 25 ms', () => {
    const verdict = targetVerdict({ endpoint: 'read', rps: 2500, p99: 25, pgbench: { rps: 5000, p99: 20 } });
    expect(verdict).toEqual({
      endpoint: 'read',
      met: 2,
      checked: 2,
      line: 'read         API / pgbench 0.500 (≥ 0.5): met   p99 25.0 ms (≤ 25 ms): met',
    });
  });

  it("misses each just past its bound, and names pgbench's own p99 beside a missed p99", () => {
    const verdict = targetVerdict({
      endpoint: 'submit',
      rps: 1798,
      p99: 25.1,
      pgbench: { rps: 3597, p99: 27 },
    });
    expect(verdict.met).toBe(0);
    expect(verdict.checked).toBe(2);
    expect(verdict.line).toBe(
      'submit       API / pgbench 0.499 (≥ 0.5): MISSED   p99 25.1 ms (≤ 25 ms): MISSED (pgbench alone: 27.0 ms)',
    );
  });

  it('checks only the p99 when pgbench did not run', () => {
    expect(targetVerdict({ endpoint: 'calendar', rps: 100, p99: 5, pgbench: null })).toMatchObject({
      met: 1,
      checked: 1,
      line: 'calendar     p99 5.0 ms (≤ 25 ms): met',
    });
  });
});
