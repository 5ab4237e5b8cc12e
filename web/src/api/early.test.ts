import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageParams } from '../layout/usePageParams.ts';
import { type EarlyAnswer, earlyRequestsFor } from './early.ts';
import { tutoringApi, tutoringKeys } from './tutoring.ts';
import { userKeys, usersApi } from './users.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  globalThis.tutorfolioEarly = undefined;
});

/** The addresses and query keys the page at `address` uses, read with the page's own hooks and api calls. */
async function pageRequests(pattern: string, address: string) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      MemoryRouter,
      { initialEntries: [address] },
      createElement(Routes, null, createElement(Route, { path: pattern, element: children })),
    );
  const { result } = renderHook(() => ({ ...usePageParams(), name: useParams().name ?? '' }), { wrapper });
  const { name, page, size, date } = result.current;
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response('null');
    }),
  );
  if (pattern.startsWith('/tutoring')) {
    await tutoringApi.pendingQuestions(name, { page, size }, date);
    await tutoringApi.pendingIds(name, date);
    await tutoringApi.drafts(name);
  } else await tutoringApi.submissions(name, { page, size }, date);
  await usersApi.authCheck();
  const keys = pattern.startsWith('/tutoring')
    ? [
        tutoringKeys.pending(name, page, size, date),
        tutoringKeys.pendingIds(name, date),
        tutoringKeys.drafts(name),
      ]
    : [tutoringKeys.submissions(name, page, size, date)];
  const [auth, ...data] = [urls.pop(), ...urls];
  return [[auth, [...userKeys.auth]], ...data.map((url, i) => [url, [...keys[i]!]])];
}

describe('earlyRequestsFor', () => {
  // The entry cannot import the pages' code; if its addresses or keys drift from theirs, the page
  // asks again and shows a loading render first. This holds them together.
  it.each([
    ['/tutoring/:name', '/tutoring/alice'],
    ['/tutoring/:name', '/tutoring/Alice?page=3&size=10&date=2026-11-23'],
    ['/tutoring/:name', '/tutoring/kim%20mi?date=2026-02-01&page=x'],
    ['/submission/:name', '/submission/alice'],
    ['/submission/:name', '/submission/ALICE?size=20&page=2&date=2026-11-23'],
  ])('asks for what the page at %s asks for, under its keys (%s)', async (pattern, address) => {
    const [path, search = ''] = address.split('?');
    const expected = await pageRequests(pattern, address);
    expect(earlyRequestsFor(path!, search ? `?${search}` : '')).toEqual(expected);
  });

  it('asks for nothing on other pages, or for a name written otherwise than the app writes it', () => {
    expect(earlyRequestsFor('/review/alice', '')).toEqual([]);
    expect(earlyRequestsFor('/tutoring/alice/more', '')).toEqual([]);
    expect(earlyRequestsFor('/tutoring/', '')).toEqual([]);
    expect(earlyRequestsFor('/tutoring/%E0%A4%A', '')).toEqual([]);
    expect(earlyRequestsFor('/tutoring/a@b', '')).toEqual([]);
  });
});

describe('the query cache takes early answers (queryClient.ts)', () => {
  /** An early answer read once `arrived` settles. */
  function early(at: string, data: unknown, arrived: Promise<void> = Promise.resolve()): EarlyAnswer {
    const answer = { at, key: ['pending', 'alice', 0, 5, null], abort: new AbortController() } as EarlyAnswer;
    answer.response = Promise.resolve(null);
    answer.read = arrived.then(() => {
      answer.data = data;
    });
    return answer;
  }

  it('puts a successful answer under its key and hands it over only once', async () => {
    window.history.replaceState(null, '', '/tutoring/alice');
    const entry = early('/tutoring/alice', { content: [] });
    globalThis.tutorfolioEarly = new Map([['/api/v1/x', entry]]);
    const { queryClient } = await import('./queryClient.ts');
    await entry.read;
    await Promise.resolve();
    expect(queryClient.getQueryData(['pending', 'alice', 0, 5, null])).toEqual({ content: [] });
    expect(globalThis.tutorfolioEarly.size).toBe(0);
  });

  it('ignores an answer asked for at another address, a failed one, and one the client took', async () => {
    window.history.replaceState(null, '', '/tutoring/alice');
    const elsewhere = early('/tutoring/bob', { content: [] });
    const failed = early('/tutoring/alice', undefined);
    let arrive = () => {};
    const taken = early('/tutoring/alice', { content: [1] }, new Promise((resolve) => (arrive = resolve)));
    globalThis.tutorfolioEarly = new Map([
      ['/a', elsewhere],
      ['/b', failed],
      ['/c', taken],
    ]);
    const { queryClient } = await import('./queryClient.ts');
    // The page asked for it before it was read (takeEarly took it out): the client reads it itself.
    globalThis.tutorfolioEarly.delete('/c');
    arrive();
    await Promise.all([elsewhere.read, failed.read, taken.read]);
    await Promise.resolve();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([]);
    expect([...globalThis.tutorfolioEarly.keys()]).toEqual(['/a', '/b']);
  });
});
