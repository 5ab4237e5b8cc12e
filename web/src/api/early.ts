/*
 * The first data of a page, asked for by the entry (main.tsx) as soon as the HTML has run its first
 * script, instead of once React, the router, the layout and the page have been downloaded, run and
 * rendered: on a phone that is most of a second during which the server could already have answered.
 * The app's HTTP client (client.ts `takeEarly`) takes such an answer when it asks for the same
 * address, so the page's query finds its data on its way or already there. Part of the entry: it
 * imports nothing.
 *
 * What keeps the app's behaviour what it would be without it (client.ts):
 * - only the first request for an address takes its early answer (a later refetch asks the server);
 * - only while the browser is still at the address the early request was made at;
 * - only a successful answer is taken: on a failure (401, 403, 5xx, no network) the client asks
 *   again the usual way, so the failure and its words (in the interface's language) are as ever.
 * An address the entry guessed wrong (it does not read the pages' code) is simply never taken.
 */

/** One early request: the address the browser was at when it was made, and its answer (null: failed). */
export type EarlyAnswer = { at: string; response: Promise<Response | null>; abort: AbortController };

declare global {
  /**
   * The early requests by API address, from the entry to the client (client.ts `takeEarly`). A global
   * rather than a shared module: a module both imported would put the client's chunk in the entry.
   */
  var tutorfolioEarly: Map<string, EarlyAnswer> | undefined;
}

/** Starts a GET of `url` (an address under /api/v1, as the client writes it) for the page about to render. */
export function fetchEarly(url: string): void {
  const abort = new AbortController();
  const response = fetch(url, {
    headers: { accept: 'application/json, text/plain' },
    credentials: 'same-origin',
    signal: abort.signal,
  }).catch(() => null);
  globalThis.tutorfolioEarly ??= new Map();
  globalThis.tutorfolioEarly.set(url, { at: `${location.pathname}${location.search}`, response, abort });
}

/**
 * The requests a page under the header starts on its first render, by its address (patterns as in
 * routes.tsx, queries as the pages' api calls write them). A page not listed asks for its data
 * itself, as before.
 */
export function earlyRequestsFor(path: string, search: string): string[] {
  // The name as the address holds it: the app's links write it with encodeURIComponent, as the
  // client does (a name typed otherwise merely gets no early answer).
  const [, area, name, ...rest] = path.split('/');
  if (!name || rest.length > 0) return [];
  const params = new URLSearchParams(search);
  // As usePageParams reads the address: 1-based page, default size 5, a date only when it is a day.
  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '', 10) || 1) - 1);
  const size = Number(params.get('size')) || 5;
  const rawDate = params.get('date');
  const date = rawDate && /^\d{4}-\d{2}-\d{2}$/.test(rawDate) ? `&date=${rawDate}` : '';
  const api = '/api/v1/';
  const session = `${api}users/auth-check`;
  if (area === 'tutoring')
    return [
      session,
      `${api}questions/student/${name}?page=${page}&size=${size}&sort=targetDate%2Casc${date}`,
      `${api}assignments/ids/${name}${date && `?${date.slice(1)}`}`,
    ];
  if (area === 'submission')
    return [
      session,
      `${api}submissions/${name}?page=${page}&size=${size}&sort=question.generatedDate%2Cdesc&sort=id%2Casc${date}`,
    ];
  return [];
}
