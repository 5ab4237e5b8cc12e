import type { ApiErrorBody } from '../../../common/contracts/users.ts';
import { limits } from '../../../common/limits.ts';
import { currentLanguage, textsNow } from '../i18n/texts.ts';

/** Every API call goes through here: base /api/v1, cookies sent, a 20 000 ms time-out. */
export const API_BASE = '/api/v1';

/** A failed call. `status` is the HTTP status, or 0 when the server could not be reached or timed out. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  constructor(status: number, message: string, body: ApiErrorBody | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON, as plain text when a string and `text` is set, or as multipart when FormData. */
  body?: unknown;
  text?: boolean;
  signal?: AbortSignal;
};

/** Builds `path?query` with every value URL-encoded; arrays repeat the key (`sort=a,asc&sort=id,asc`). */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}/${path.replace(/^\//, '')}${search ? `?${search}` : ''}`;
}

/**
 * The answer the entry asked for early for `url` (api/early.ts), if there is one to take: only the
 * first request for an address, only while the browser is still at the address it was asked for,
 * and only a successful answer (on a failure the caller asks again, so what it shows is as ever).
 * `signal` (the caller's time-out) aborts it like the caller's own request.
 */
async function takeEarly(url: string, signal: AbortSignal): Promise<Response | null> {
  const early = globalThis.tutorfolioEarly;
  if (!early?.size) return null;
  const here = `${location.pathname}${location.search}`;
  // Asked for at another address: for a page the browser has left.
  for (const [address, entry] of early) if (entry.at !== here) early.delete(address);
  const found = early.get(url);
  early.delete(url);
  if (!found) return null;
  const abort = () => found.abort.abort();
  if (signal.aborted) abort();
  signal.addEventListener('abort', abort, { once: true });
  const response = await found.response;
  return response?.ok ? response : null;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(limits.requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // The server answers its errors in the language the interface shows.
  const headers: Record<string, string> = {
    accept: 'application/json, text/plain',
    'accept-language': currentLanguage(),
  };
  let body: string | FormData | undefined;
  if (options.body !== undefined) {
    if (options.body instanceof FormData) {
      // The browser writes the multipart content type with its boundary.
      body = options.body;
    } else if (options.text && typeof options.body === 'string') {
      headers['content-type'] = 'text/plain; charset=utf-8';
      body = options.body;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  const url = apiUrl(path, options.query);
  // The page's first data may have been asked for by the entry already (early.ts).
  const early =
    options.body === undefined && (options.method ?? 'GET') === 'GET' ? await takeEarly(url, signal) : null;
  let response: Response;
  try {
    response =
      early ??
      (await fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: 'same-origin',
        signal,
      }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const timedOut = timeout.aborted;
    throw new ApiError(
      0,
      timedOut ? textsNow().appLoadTexts.timedOut : textsNow().appLoadTexts.unreachable,
      null,
    );
  }
  if (!response.ok) {
    let errorBody: ApiErrorBody | null = null;
    let message = response.statusText || `HTTP ${response.status}`;
    const raw = await response.text().catch(() => '');
    try {
      errorBody = JSON.parse(raw) as ApiErrorBody;
      if (typeof errorBody?.message === 'string') message = errorBody.message;
    } catch {
      if (raw) message = raw;
    }
    throw new ApiError(response.status, message, errorBody);
  }
  return response;
}

/** A call whose answer is JSON. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const raw = await response.text();
  return (raw ? JSON.parse(raw) : null) as T;
}

/** A call whose answer is plain text (sign-in, refresh and sign-up answer the username). */
export async function apiText(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await send(path, options);
  return response.text();
}
