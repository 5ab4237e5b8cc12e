/**
 * Requests through real sockets to a test app that listens (`TestApp.listen()`), for the race tests:
 * sent at once, they really overlap on PostgreSQL (`npm run test:pg`), which `app.inject` never does.
 */

export type SocketAnswer = {
  status: number;
  /** The body parsed as JSON, or its text when it is not JSON (and null when empty). */
  body: unknown;
  text: string;
  headers: Headers;
};

/**
 * Sends one request to `base` + `path` as the cookie's owner (with our Origin, as a browser's write
 * carries), a JSON body when one is given, and reads the whole answer.
 */
export async function overSocket(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string | undefined; body?: unknown } = {},
): Promise<SocketAnswer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin: base,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text === '' ? null : text;
  try {
    body = JSON.parse(text);
  } catch {
    // a text answer stays text
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** Fails the test with the answer's words when the server broke (5xx); answers the answer. */
export function noServerError(answer: SocketAnswer, what: string): SocketAnswer {
  if (answer.status >= 500) throw new Error(`${what} → ${answer.status}: ${answer.text}`);
  return answer;
}

/** Starts every request before awaiting any, so they arrive together. */
export function atOnce<T>(count: number, request: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => request(index)));
}
