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

/**
 * One early request: the address the browser was at when it was made, its answer (null: failed),
 * the page's query key for it, and its data once a successful answer has been read (`read` settles
 * then, or on a failure).
 */
export type EarlyAnswer = {
  at: string;
  response: Promise<Response | null>;
  abort: AbortController;
  key: unknown[];
  read: Promise<unknown>;
  data?: unknown;
};

declare global {
  /**
   * The early requests by API address, from the entry to the client (client.ts `takeEarly`). A global
   * rather than a shared module: a module both imported would put the client's chunk in the entry.
   */
  var tutorfolioEarly: Map<string, EarlyAnswer> | undefined;
}

/**
 * Starts a GET of `url` (an address under /api/v1, as the client writes it) for the page about to
 * render, whose query `key` will hold its data (queryClient.ts `seedEarly`).
 */
export function fetchEarly([url, key]: EarlyRequest): void {
  const abort = new AbortController();
  const response = fetch(url, {
    headers: { accept: 'application/json, text/plain' },
    credentials: 'same-origin',
    signal: abort.signal,
  }).catch(() => null);
  const entry = { at: `${location.pathname}${location.search}`, response, abort, key } as EarlyAnswer;
  // A copy of a successful answer is read here; the answer itself stays for the client (takeEarly).
  entry.read = response
    .then((r) => r?.ok && r.clone().json())
    .then((data) => {
      if (data) entry.data = data;
    })
    .catch(() => {});
  globalThis.tutorfolioEarly ??= new Map();
  globalThis.tutorfolioEarly.set(url, entry);
}

/** An early request: its address and the query key the page keeps its answer under. */
export type EarlyRequest = [url: string, key: unknown[]];

/**
 * The requests a page under the header starts on its first render, by its address (patterns as in
 * routes.tsx, queries and keys as the pages' api calls and tutoringKeys write them: early.test.ts
 * holds them to that). A page not listed asks for its data itself, as before.
 */
export function earlyRequestsFor(path: string, search: string): EarlyRequest[] {
  // The name as the address holds it: the app's links write it with encodeURIComponent, as the
  // client does (a name written otherwise gets no early answer: its data might not be the key's).
  const [, area, name = '', ...rest] = path.split('/');
  let key: string;
  try {
    key = decodeURIComponent(name);
  } catch {
    return [];
  }
  if (!name || rest.length > 0 || encodeURIComponent(key) !== name) return [];
  key = key.toLowerCase();
  const params = new URLSearchParams(search);
  // As usePageParams reads the address: 1-based page, a size of PAGE_SIZES (limits.ts) else 5, a date
  // only when it is a day.
  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '', 10) || 1) - 1);
  let size = Number(params.get('size'));
  if (![1, 2, 5, 10, 25, 50, 100].includes(size)) size = 5;
  const rawDate = params.get('date');
  const day = rawDate && /^\d{4}-\d{2}-\d{2}$/.test(rawDate) ? rawDate : null;
  const date = day ? `&date=${day}` : '';
  const api = '/api/v1/';
  const session: EarlyRequest = [`${api}users/auth-check`, ['auth-check']];
  if (area === 'tutoring')
    return [
      session,
      [
        `${api}questions/student/${name}?page=${page}&size=${size}&sort=targetDate%2Casc${date}`,
        ['pending', key, page, size, day],
      ],
      [`${api}assignments/ids/${name}?sort=targetDate%2Casc${date}`, ['pending-ids', key, day]],
      // The student's saved answers (useDrafts): asked in the first render's commit, they were still on
      // their way when the page painted.
      [`${api}drafts/${name}`, ['drafts', key]],
    ];
  if (area === 'submission')
    return [
      session,
      [
        `${api}submissions/${name}?page=${page}&size=${size}&sort=question.generatedDate%2Cdesc&sort=id%2Casc${date}`,
        ['submissions', key, page, size, day],
      ],
    ];
  return [];
}
