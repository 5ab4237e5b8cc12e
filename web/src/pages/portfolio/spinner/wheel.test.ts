import { describe, expect, it } from 'vitest';
import { clampCount, indexAtPointer, landingRotation, MAX_ELEMENTS, uniformIndex } from './wheel.ts';

describe('the spinner', () => {
  it('treats a count below 1 as 0 and caps it at 10', () => {
    expect(clampCount('0')).toBe(0);
    expect(clampCount('-3')).toBe(0);
    expect(clampCount('0.5')).toBe(0);
    expect(clampCount('')).toBe(0);
    expect(clampCount('abc')).toBe(0);
    expect(clampCount('1')).toBe(1);
    expect(clampCount('3.9')).toBe(3);
    expect(clampCount('10')).toBe(10);
    expect(clampCount('11')).toBe(MAX_ELEMENTS);
    expect(clampCount('1e6')).toBe(MAX_ELEMENTS);
  });

  it('lands on the chosen element, after at least two turns, from any start', () => {
    for (let count = 1; count <= MAX_ELEMENTS; count++) {
      for (let index = 0; index < count; index++) {
        for (const from of [0, 37.5, 359, 1234.5, -90]) {
          for (const within of [0, 0.5, 0.999]) {
            const to = landingRotation(from, index, count, within);
            expect(to - from).toBeGreaterThanOrEqual(720);
            expect(to - from).toBeLessThan(1080);
            expect(indexAtPointer(to, count)).toBe(index);
          }
        }
      }
    }
  });

  it('picks every element equally often (rejection sampling, no modulo bias)', () => {
    // A generator that cycles through all 2^32 values would be exact; a fast counter walking the
    // range in big steps shows the same: each index gets the same share of accepted draws.
    const count = 7;
    let state = 0;
    const draw = () => {
      state = (state + 2_654_435_761) % 2 ** 32;
      return state;
    };
    const seen = Array(count).fill(0) as number[];
    const draws = 70_000;
    for (let i = 0; i < draws; i++) seen[uniformIndex(count, draw)]!++;
    for (const n of seen) expect(Math.abs(n - draws / count)).toBeLessThan(draws / count / 50);
    // Values past the largest multiple of the count are refused, not folded onto low indexes.
    const limit = 2 ** 32 - (2 ** 32 % count);
    const values = [limit, limit + 1, 5];
    expect(uniformIndex(count, () => values.shift()!)).toBe(5);
  });
});
