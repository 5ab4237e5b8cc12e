/**
 * The browser tests' clock. The server (e2e/serve.ts), the browsers (every context, through
 * `test` in fixtures.ts) and the tests' own date arithmetic all read it: it starts at `E2E_START`, a
 * Tuesday 10:00 in Seoul like the server tests' (server/test/harness.ts), when the run starts, and
 * runs at the machine's pace from there. A run never crosses a Seoul midnight or a month's end,
 * whatever the time it is started at.
 */
export const E2E_START = new Date('2026-03-10T10:00:00+09:00');

/**
 * The machine's time (ms) at which the clock read `E2E_START`: set once by the Playwright config
 * and passed to its workers and to the server through the environment.
 */
export const CLOCK_ORIGIN_VARIABLE = 'E2E_CLOCK_ORIGIN';

export function e2eNow(): Date {
  const origin = Number(process.env[CLOCK_ORIGIN_VARIABLE]);
  if (!Number.isFinite(origin))
    throw new Error(`${CLOCK_ORIGIN_VARIABLE} is not set (see e2e/playwright.config.ts)`);
  return new Date(E2E_START.getTime() + (Date.now() - origin));
}
