import net from 'node:net';

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

/**
 * Sends `text` as it is to a listening app (`TestApp.listen()`'s URL) and answers the status and body
 * once the server closes the connection: for requests app.inject cannot make, such as HTTP/1.0
 * without a Host (inject always sends one). The request should be HTTP/1.0, which closes after one
 * answer.
 */
export async function sendRaw(base: string, text: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (received += chunk));
  await new Promise<void>((resolve, reject) => {
    socket.on('close', () => resolve());
    socket.on('error', reject);
    socket.write(text);
  });
  const at = received.indexOf('\r\n\r\n');
  return { status: Number(received.split(' ', 2)[1]), body: at < 0 ? '' : received.slice(at + 4) };
}
