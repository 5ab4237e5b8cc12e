import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/contracts/paging.ts';
import { portfolioLimits, serverLimits } from '../../common/limits.ts';
import { portfolioApiMessages } from '../../common/messages.ts';
import type { StopwatchRecord, StopwatchType } from '../../common/portfolio/stopwatch.ts';
import { startTestApp, TEST_START, type TestApp } from '../test/harness.ts';
import { recordsOfRun } from './queries.ts';
import { STOPWATCH_COOKIE } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Body = {
  name?: unknown;
  type?: unknown;
  elapsedTime?: unknown;
  relatedID?: unknown;
  generatedDate?: unknown;
};

/** A visitor's browser: keeps the stopwatch cookie the server gives it. */
class Browser {
  cookie: string | null = null;
  private readonly app: TestApp;
  constructor(app: TestApp) {
    this.app = app;
  }
  async post(body: Body): Promise<LightMyRequestResponse> {
    const response = await this.app.request({
      method: 'POST',
      url: '/api/v1/stopwatch',
      payload: { name: 'Anonymous', generatedDate: '2020-01-01T00:00:00', ...body },
      headers: this.cookie ? { cookie: this.cookie } : {},
    });
    const set = response.cookies.find((c) => c.name === STOPWATCH_COOKIE);
    if (set) this.cookie = `${STOPWATCH_COOKIE}=${set.value}`;
    return response;
  }
  async start(name = 'Anonymous'): Promise<number> {
    const response = await this.post({ name, type: 's', elapsedTime: 0, relatedID: null });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as number;
  }
  async event(run: number, type: StopwatchType, elapsedTime: number, name = 'Anonymous') {
    return this.post({ name, type, elapsedTime, relatedID: run });
  }
}

async function history(query = 'page=0&size=10&sort=id,desc'): Promise<Page<StopwatchRecord>> {
  const response = await t.request({ method: 'GET', url: `/api/v1/stopwatch?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<StopwatchRecord>;
}

const SECOND = 1000;

describe('stopwatch records', () => {
  it('records a run as s, p, r, p, d with relatedID naming the start, on the server clock', async () => {
    const browser = new Browser(t);
    const run = await browser.start('Ada');
    expect(browser.cookie, 'the start gives the browser its key').not.toBeNull();
    t.clock.advance(65 * SECOND);
    expect((await browser.event(run, 'p', 6500, 'Ada')).statusCode).toBe(200);
    t.clock.advance(30 * SECOND);
    expect((await browser.event(run, 'r', 6500, 'Ada')).statusCode).toBe(200);
    t.clock.advance(10 * SECOND);
    expect((await browser.event(run, 'p', 7500, 'Ada')).statusCode).toBe(200);
    expect((await browser.event(run, 'd', 7500, 'Ada')).statusCode).toBe(200);

    const records = await recordsOfRun(t.database.db, run);
    expect(records.map((r) => [r.type, r.runId, r.elapsed])).toEqual([
      ['s', null, 0],
      ['p', run, 6500],
      ['r', run, 6500],
      ['p', run, 7500],
      ['d', run, 7500],
    ]);
    // The client's generatedDate (2020) is ignored: every record carries the server's time.
    expect(records[0]!.recordedAt.toISOString()).toBe(TEST_START.toISOString());
    expect(records[4]!.recordedAt.getTime()).toBe(TEST_START.getTime() + 105 * SECOND);

    const page = await history();
    expect(page.content.slice(0, 5).map((r) => [r.type, r.relatedID, r.name])).toEqual([
      ['d', run, 'Ada'],
      ['p', run, 'Ada'],
      ['r', run, 'Ada'],
      ['p', run, 'Ada'],
      ['s', null, 'Ada'],
    ]);
    const done = page.content[0]!;
    expect(done.elapsedTime).toBe(7500);
    expect(done.time).toBe('00:01:15');
    expect(done.generatedDate).toBe('2026-03-10T10:01:45+09:00');
  });

  it('refuses events that do not follow the run: resume while running, pause while paused, anything after done', async () => {
    const browser = new Browser(t);
    const run = await browser.start();
    const running = await browser.event(run, 'r', 0);
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe(portfolioApiMessages.stopwatchAlreadyRunning);
    t.clock.advance(2 * SECOND);
    expect((await browser.event(run, 'p', 200)).statusCode).toBe(200);
    const paused = await browser.event(run, 'p', 200);
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe(portfolioApiMessages.stopwatchAlreadyPaused);
    expect((await browser.event(run, 'd', 200)).statusCode).toBe(200);
    for (const type of ['r', 'p', 'd'] as const) {
      const ended = await browser.event(run, type, 200);
      expect(ended.statusCode, type).toBe(409);
      expect(ended.json().message).toBe(portfolioApiMessages.stopwatchEnded);
    }
    expect((await recordsOfRun(t.database.db, run)).map((r) => r.type)).toEqual(['s', 'p', 'd']);
  });

  it('continues a run only from the browser that started it, under its name, naming its start record', async () => {
    const owner = new Browser(t);
    const run = await owner.start('Grace');
    const stranger = new Browser(t);
    await stranger.start('Someone else');
    const other = await stranger.event(run, 'p', 100, 'Grace');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(portfolioApiMessages.stopwatchOtherBrowser);
    const noCookie = await new Browser(t).event(run, 'p', 100, 'Grace');
    expect(noCookie.statusCode).toBe(403);
    const renamed = await owner.event(run, 'p', 100, 'Mallory');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(portfolioApiMessages.stopwatchNameChanged);
    expect((await owner.event(999_999, 'p', 100, 'Grace')).statusCode).toBe(404);
    // relatedID must be a start record, not any record of the run.
    const pause = await owner.event(run, 'p', 100, 'Grace');
    expect(pause.statusCode).toBe(200);
    const pauseId = pause.json() as number;
    const wrongRun = await owner.event(pauseId, 'r', 100, 'Grace');
    expect(wrongRun.statusCode).toBe(404);
    expect(wrongRun.json().message).toBe(portfolioApiMessages.stopwatchRunNotFound);
    // The browser keeps one key for all its runs.
    const before = owner.cookie;
    await owner.start('Grace');
    expect(owner.cookie).toBe(before);
  });

  it('owns the time: a pause reports at most what the server measured (plus the allowance), never less than before', async () => {
    const browser = new Browser(t);
    const run = await browser.start();
    t.clock.advance(10 * SECOND);
    // Claims an hour after ten seconds: cut to 10 s + the allowance for the start's trip.
    expect((await browser.event(run, 'p', 360_000)).statusCode).toBe(200);
    t.clock.advance(60 * SECOND);
    // A resume carries the paused time whatever it reports (the time does not move while paused).
    expect((await browser.event(run, 'r', 999)).statusCode).toBe(200);
    t.clock.advance(1 * SECOND);
    // Going backwards is raised to the last value.
    expect((await browser.event(run, 'p', 3)).statusCode).toBe(200);
    t.clock.advance(5 * SECOND);
    // A reset while paused keeps the paused value.
    expect((await browser.event(run, 'd', 100_000)).statusCode).toBe(200);
    const allowed = 1000 + serverLimits.stopwatchLatencyAllowance;
    expect((await recordsOfRun(t.database.db, run)).map((r) => r.elapsed)).toEqual([
      0,
      allowed,
      allowed,
      allowed,
      allowed,
    ]);
  });

  it('keeps an honest report that is within the server measure', async () => {
    const browser = new Browser(t);
    const run = await browser.start();
    t.clock.advance(3 * SECOND);
    // The visitor's clock ran 2.95 s (the start's request took 50 ms to arrive).
    expect((await browser.event(run, 'd', 295)).statusCode).toBe(200);
    expect((await recordsOfRun(t.database.db, run)).map((r) => r.elapsed)).toEqual([0, 295]);
  });
});

describe('validation', () => {
  const base = { name: 'Anonymous', type: 's', elapsedTime: 0, relatedID: null };
  const cases: [string, Body, string][] = [
    ['an unknown type', { ...base, type: 'x' }, 'type: must be s, r, p or d'],
    ['a start with a relatedID', { ...base, relatedID: 5 }, 'relatedID: must be null for a start (s)'],
    ['a start not at zero', { ...base, elapsedTime: 5 }, 'elapsedTime: must be 0 for a start (s)'],
    ['a resume without a run', { ...base, type: 'r', elapsedTime: 5 }, 'relatedID: must be the id'],
    ['a pause with relatedID 0', { ...base, type: 'p', relatedID: 0 }, 'relatedID: must be positive'],
    [
      'a negative time',
      { ...base, type: 'p', relatedID: 1, elapsedTime: -1 },
      'elapsedTime: must not be negative',
    ],
    [
      'a fractional time',
      { ...base, type: 'p', relatedID: 1, elapsedTime: 1.5 },
      'elapsedTime: must be a whole',
    ],
    [
      'a time past 30 days',
      { ...base, type: 'p', relatedID: 1, elapsedTime: portfolioLimits.stopwatchElapsedMax + 1 },
      'elapsedTime: must be at most 30 days',
    ],
    ['a time as text', { ...base, elapsedTime: '0' }, 'elapsedTime: must be a number'],
    ['an empty name', { ...base, name: '   ' }, 'name: must not be empty'],
    ['a name too long', { ...base, name: 'x'.repeat(41) }, 'name: must be at most 40 characters'],
    ['a name with a control character', { ...base, name: 'a\u0007b' }, 'name: must not contain control'],
    ['a name with a direction override', { ...base, name: 'a\u202eb' }, 'name: must not contain control'],
    ['a long generatedDate', { ...base, generatedDate: 'x'.repeat(41) }, 'generatedDate: must be at most 40'],
    ['a missing name', { type: 's', elapsedTime: 0 }, 'name: is required'],
  ];
  for (const [what, body, message] of cases) {
    it(`refuses ${what} with a 400 naming the field`, async () => {
      const response = await t.request({ method: 'POST', url: '/api/v1/stopwatch', payload: body as object });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });
  }

  it('accepts the original client’s body: a name trimmed, generatedDate in any shape or null', async () => {
    const browser = new Browser(t);
    const response = await browser.post({
      name: '  Lin  ',
      type: 's',
      elapsedTime: 0,
      relatedID: null,
      generatedDate: null,
    });
    expect(response.statusCode).toBe(200);
    const [start] = await recordsOfRun(t.database.db, response.json() as number);
    expect(start!.name).toBe('Lin');
  });

  it('pages the history by the allow-list only', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/stopwatch?sort=elapsedTime,desc' })).statusCode,
    ).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/v1/stopwatch?size=0' })).statusCode).toBe(400);
    const byName = await history('size=100&sort=name,asc');
    const names = byName.content.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('history paging and ages', () => {
  it('answers pages of 10, newest first, with ages in whole units by the server clock', async () => {
    const fresh = await startTestApp();
    try {
      const browser = new Browser(fresh);
      const runs: number[] = [];
      for (let i = 0; i < 6; i++) {
        const run = await browser.start(`Run ${i}`);
        runs.push(run);
        fresh.clock.advance(SECOND);
        expect((await browser.event(run, 'd', 100, `Run ${i}`)).statusCode).toBe(200);
      }
      const get = async (page: number) =>
        (
          await fresh.request({ method: 'GET', url: `/api/v1/stopwatch?page=${page}&size=10&sort=id,desc` })
        ).json() as Page<StopwatchRecord>;
      const first = await get(0);
      expect(first.totalElements).toBe(12);
      expect(first.totalPages).toBe(2);
      expect(first.content).toHaveLength(10);
      const second = await get(1);
      expect(second.content).toHaveLength(2);
      const ids = [...first.content, ...second.content].map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(second.content.map((r) => [r.type, r.name])).toEqual([
        ['d', 'Run 0'],
        ['s', 'Run 0'],
      ]);
      expect(first.content[0]).toMatchObject({ minAgo: 0, hourAgo: 0, dayAgo: 0, monthAgo: 0, yearAgo: 0 });

      // 1 year, 2 months, 3 days, 4 hours and 5 minutes later (calendar months, Seoul time).
      fresh.clock.set('2027-05-13T14:06:30+09:00');
      const later = (await get(1)).content.find((r) => r.type === 's')!;
      expect(later.generatedDate).toBe('2026-03-10T10:00:00+09:00');
      expect(later).toMatchObject({ yearAgo: 1, monthAgo: 14 });
      expect(later.dayAgo).toBe(429);
      expect(later.hourAgo).toBe(429 * 24 + 4);
      expect(later.minAgo).toBe((429 * 24 + 4) * 60 + 6);
    } finally {
      await fresh.close();
    }
  });
});

describe('rate limit for visitors who are not signed in', () => {
  it('allows the configured number per address per hour, then 429 with Retry-After; signed-in writers are not limited', async () => {
    const limited = await startTestApp({ env: { STOPWATCH_WRITES_PER_ADDRESS_PER_HOUR: '3' } });
    try {
      const browser = new Browser(limited);
      for (let i = 0; i < 3; i++) await browser.start();
      const refused = await browser.post({ type: 's', elapsedTime: 0, relatedID: null });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.json().message).toBe(portfolioApiMessages.tooManyStopwatchRecords(3600));
      // Another address is counted on its own.
      const elsewhere = await limited.request({
        method: 'POST',
        url: '/api/v1/stopwatch',
        remoteAddress: '203.0.113.9',
        payload: { name: 'Anonymous', type: 's', elapsedTime: 0, relatedID: null },
      });
      expect(elsewhere.statusCode).toBe(200);
      const member = await limited.createUser();
      const signedIn = await limited.request({
        method: 'POST',
        url: '/api/v1/stopwatch',
        as: member,
        payload: { name: 'Member', type: 's', elapsedTime: 0, relatedID: null },
      });
      expect(signedIn.statusCode).toBe(200);
      limited.clock.advance(3600 * SECOND);
      expect((await browser.post({ type: 's', elapsedTime: 0, relatedID: null })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
