import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

/** A mail the test server accepted (or held): its envelope and its bytes as sent. */
export type ReceivedMail = { from: string; to: string[]; raw: string; messageId: string | null };

export type TestSmtpServer = {
  port: number;
  /** Every mail whose DATA arrived, in order, repeats included. */
  received: ReceivedMail[];
  /** Resolves once `count` mails arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on loopback (the smtp-server package) for tests of the mail worker: no TLS,
 * optionally one account (`auth`); `refuse` answers a recipient 550, `hold` keeps a mail's DATA
 * unanswered (as a slow server would) after recording it, until the server is closed.
 */
export async function startSmtpServer(
  options: {
    port?: number;
    auth?: { user: string; password: string };
    refuse?: (recipient: string) => boolean;
    hold?: (mail: ReceivedMail, index: number) => boolean;
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const held: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      const ok = auth.username === options.auth?.user && auth.password === options.auth?.password;
      callback(
        ok ? null : new Error('Invalid username or password'),
        ok ? { user: auth.username } : undefined,
      );
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = new Error('No such user here') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? null,
        };
        const index = received.length;
        received.push(mail);
        for (const waiter of waiters.filter((w) => received.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        if (options.hold?.(mail, index)) held.push(() => callback(new Error('closing')));
        else callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return {
    port: address.port,
    received,
    waitFor(count, timeoutMs = 30_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} mails arrived in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    async close() {
      for (const release of held.splice(0)) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How many times each Message-ID arrived. */
export function countByMessageId(mails: readonly ReceivedMail[]): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const mail of mails) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
  return counts;
}

/** The decoded text of each part of a mail by content type (quoted-printable, base64 or as is). */
export function mimeParts(raw: string): Record<string, string> {
  const boundary = /boundary="([^"]+)"/.exec(raw)?.[1];
  const sections = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const parts: Record<string, string> = {};
  for (const section of sections) {
    const split = section.indexOf('\r\n\r\n');
    const head = section.slice(0, split);
    const body = section.slice(split + 4).replace(/\r\n$/, '');
    const type = /^Content-Type:\s*([^;\r\n]+)/im.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    const bytes =
      encoding === 'base64'
        ? Buffer.from(body, 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            )
          : Buffer.from(body, 'utf8');
    parts[type] = bytes.toString('utf8');
  }
  return parts;
}
