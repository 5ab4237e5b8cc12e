import path from 'node:path';
import { serverLimits } from '../common/limits.ts';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../common/oauth.ts';
import { z } from '../common/zod.ts';

/**
 * Every setting, read from the environment once and validated here. A bad value stops start-up with
 * one line naming the variable (see ConfigError); nothing else in the server reads process.env.
 */
export type Config = {
  port: number;
  host: string;
  /** Embedded database directory (PGlite); ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | null;
  /** Connections this instance keeps to PostgreSQL at most (requests beyond wait their turn). */
  databasePoolSize: number;
  /** Server processes on one port (node:cluster); above 1 only on PostgreSQL (server/cluster.ts). */
  workers: number;
  timeZone: string;
  /** The app's public origin (scheme://host[:port]) when it is served behind a proxy or on HTTPS. */
  publicUrl: URL | null;
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** 'auto': readable lines on a terminal, JSON lines otherwise (server/run.ts decides). */
  logFormat: 'auto' | 'json' | 'pretty';
  /**
   * After SIGTERM, how long the server keeps serving while `/readyz` answers 503, so a load
   * balancer that probes it takes the instance out of rotation before it stops accepting.
   */
  shutdownDrainMs: number;
  jsonBodyLimit: number;
  /** Sign-ups allowed per client address per hour (server/users/throttle.ts). */
  signUpsPerHour: number;
  /** Password reset requests allowed per client address and per email address per hour (server/users/recovery.ts). */
  passwordResetsPerAddressPerHour: number;
  passwordResetsPerAccountPerHour: number;
  /** Stopwatch records per anonymous address per hour, wall posts per address per hour. */
  stopwatchWritesPerHour: number;
  wallPostsPerHour: number;
  /** Slow and numerous clients (server/app.ts). */
  http: HttpLimits;
  demo: boolean;
  /**
   * Every answer of a route that declares its response contract is checked against it (a different
   * shape is a 500 and a logged error). On in tests and `npm run dev`; see docs/architecture.md.
   */
  checkResponses: boolean;
  /** Built web app (vite build output). */
  webDistDir: string;
  /** Where uploaded pictures are kept (profile pictures in `avatars/`). */
  imagesDir: string;
  /** Sign-in providers with settings; a provider missing here has no button and no routes. */
  oauth: Partial<Record<OAuthProvider, OAuthProviderSettings>>;
  /** Where mail goes (SMTP_URL, MAIL_FROM); null: mail waits in the outbox, unsent. */
  mail: MailSettings | null;
};

/** The mail service the outbox's worker sends through (server/mail/transport.ts). */
export type MailSettings = {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte (port 465). */
  secure: boolean;
  /** smtp:// to another machine: STARTTLS is required, so a man in the middle cannot strip it. */
  requireTls: boolean;
  user: string | null;
  password: string | null;
  /** The From header as written (`Tutorfolio <noreply@example.com>` or an address). */
  from: string;
  /** Its address's domain, the right side of our Message-IDs. */
  domain: string;
};

/** Time-outs (milliseconds) and the connection cap of the HTTP server. */
export type HttpLimits = {
  /** The whole request, headers and body, must arrive within this (else 408 and closed). */
  requestTimeoutMs: number;
  /** The headers must arrive within this; also ends connections that send nothing. */
  headersTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed (a client that stops reading). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection between requests is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are closed as they arrive. */
  maxConnections: number;
  /**
   * Connections open at once from one client address (the socket's peer, an IPv6 /64); more from
   * it are closed as they arrive. Not applied behind a trusted proxy (server/http/connections.ts).
   */
  maxConnectionsPerAddress: number;
};

/** One provider's registration with us and its endpoints (the real ones unless overridden for tests). */
export type OAuthProviderSettings = {
  clientId: string;
  /** Null only for Kakao, whose client secret is an optional feature of the Kakao app. */
  clientSecret: string | null;
  authorizationUrl: URL;
  tokenUrl: URL;
  /** Naver and Kakao: the profile endpoint. Google's profile is its signed-in ID token. */
  profileUrl: URL | null;
  /** The `iss` of Google's ID tokens; for Naver and Kakao only a label (they issue none). */
  issuer: string;
};

export class ConfigError extends Error {}

const booleanText = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''], {
    error: 'must be 1 or 0 (or true/false)',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A whole number in [min, max]; the message names the range. */
function wholeNumber(min: number, max: number) {
  const message = `must be a whole number between ${min} and ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const settings = {
  PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(8080),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DATABASE_POOL_SIZE: wholeNumber(1, 1000).default(10),
  WEB_CONCURRENCY: wholeNumber(1, 64).default(1),
  APP_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Seoul or Europe/London')
    .default('Asia/Seoul'),
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL such as https://tutor.example.com',
    })
    .optional(),
  TRUST_PROXY: booleanText.default(false),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { error: 'must be auto, json or pretty' }).default('auto'),
  SHUTDOWN_DRAIN_MS: wholeNumber(0, 60_000).default(0),
  JSON_BODY_LIMIT: z.coerce
    .number({ error: 'must be a number of bytes between 1024 and 104857600' })
    .int('must be a number of bytes between 1024 and 104857600')
    .min(1024, 'must be a number of bytes between 1024 and 104857600')
    .max(100 * 1024 * 1024, 'must be a number of bytes between 1024 and 104857600')
    .default(serverLimits.jsonBodyLimitBytes),
  SIGNUPS_PER_ADDRESS_PER_HOUR: wholeNumber(1, 100_000).default(serverLimits.signUpsPerAddressPerHour),
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: wholeNumber(1, 100_000).default(
    serverLimits.passwordResetsPerAddressPerHour,
  ),
  PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR: wholeNumber(1, 1_000).default(
    serverLimits.passwordResetsPerAccountPerHour,
  ),
  STOPWATCH_WRITES_PER_ADDRESS_PER_HOUR: wholeNumber(1, 100_000).default(
    serverLimits.stopwatchWritesPerAddressPerHour,
  ),
  WALL_POSTS_PER_ADDRESS_PER_HOUR: wholeNumber(1, 100_000).default(serverLimits.wallPostsPerAddressPerHour),
  REQUEST_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(15_000),
  HEADERS_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(10_000),
  IDLE_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(5_000),
  // Room for ten addresses each holding MAX_CONNECTIONS_PER_ADDRESS and as many other clients.
  MAX_CONNECTIONS: wholeNumber(1, 1_000_000).default(2000),
  MAX_CONNECTIONS_PER_ADDRESS: wholeNumber(1, 1_000_000).default(100),
  DEMO: booleanText.default(false),
  CHECK_RESPONSES: booleanText.default(false),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
  IMAGES_DIR: z.string().min(1, 'must not be empty').optional(),
};

type SettingName = keyof typeof settings;

/** The providers' own endpoints; `<PROVIDER>_AUTHORIZATION_URL` etc. override them (tests, proxies). */
const OAUTH_DEFAULTS: Record<
  OAuthProvider,
  { authorizationUrl: string; tokenUrl: string; profileUrl: string | null; issuer: string }
> = {
  google: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: null,
    issuer: 'https://accounts.google.com',
  },
  naver: {
    authorizationUrl: 'https://nid.naver.com/oauth2.0/authorize',
    tokenUrl: 'https://nid.naver.com/oauth2.0/token',
    profileUrl: 'https://openapi.naver.com/v1/nid/me',
    issuer: 'https://nid.naver.com',
  },
  kakao: {
    authorizationUrl: 'https://kauth.kakao.com/oauth/authorize',
    tokenUrl: 'https://kauth.kakao.com/oauth/token',
    profileUrl: 'https://kapi.kakao.com/v2/user/me',
    issuer: 'https://kauth.kakao.com',
  },
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Provider endpoints must be HTTPS; plain HTTP only on this machine (a local test provider). */
const endpointUrl = z
  .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
  .transform((value) => new URL(value))
  .refine(
    (url) => url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname),
    'must be an https:// URL (plain http:// only for 127.0.0.1 or localhost)',
  );

function readOAuthProvider(
  env: Record<string, string | undefined>,
  provider: OAuthProvider,
): OAuthProviderSettings | undefined {
  const prefix = provider.toUpperCase();
  const value = (name: string): string | undefined => {
    const raw = env[`${prefix}_${name}`]?.trim();
    return raw ? raw : undefined;
  };
  const clientId = value('CLIENT_ID');
  const clientSecret = value('CLIENT_SECRET') ?? null;
  if (!clientId) {
    if (clientSecret) {
      throw new ConfigError(`Invalid setting ${prefix}_CLIENT_SECRET: set ${prefix}_CLIENT_ID as well.`);
    }
    return undefined;
  }
  if (!clientSecret && provider !== 'kakao') {
    throw new ConfigError(`Invalid setting ${prefix}_CLIENT_ID: set ${prefix}_CLIENT_SECRET as well.`);
  }
  const defaults = OAUTH_DEFAULTS[provider];
  const endpoint = (name: string, fallback: string): URL => {
    const raw = value(name) ?? fallback;
    const result = endpointUrl.safeParse(raw);
    if (!result.success) {
      const reason = result.error.issues[0]?.message ?? 'is not valid';
      throw new ConfigError(`Invalid setting ${prefix}_${name}=${JSON.stringify(raw)}: ${reason}.`);
    }
    return result.data;
  };
  return {
    clientId,
    clientSecret,
    authorizationUrl: endpoint('AUTHORIZATION_URL', defaults.authorizationUrl),
    tokenUrl: endpoint('TOKEN_URL', defaults.tokenUrl),
    profileUrl: defaults.profileUrl === null ? null : endpoint('PROFILE_URL', defaults.profileUrl),
    issuer: value('ISSUER') ?? defaults.issuer,
  };
}

function readOAuth(env: Record<string, string | undefined>): Config['oauth'] {
  const oauth: Config['oauth'] = {};
  for (const provider of OAUTH_PROVIDERS) {
    const settings = readOAuthProvider(env, provider);
    if (settings) oauth[provider] = settings;
  }
  return oauth;
}

/** `SMTP_URL` with its password hidden, for a message that names the setting. */
function withoutPassword(raw: string): string {
  return raw.replace(/^([a-z]+:\/\/[^:@/]*:)[^@/]*@/i, '$1***@');
}

const mailAddress = z.email();
/** `Name <address>` or an address; the name without quotes, angle brackets or line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const MAIL_FROM_PATTERN = /^(?:([^"<>\r\n\u0000-\u001f]*?)\s*<([^<>\s]+)>|([^<>\s]+))$/;

function readMail(env: Record<string, string | undefined>): MailSettings | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  const bad = (reason: string): never => {
    throw new ConfigError(`Invalid setting SMTP_URL=${JSON.stringify(withoutPassword(raw))}: ${reason}.`);
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad('must be a URL such as smtp://user:password@mail.example.com:587 or smtps://…:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') bad('must start with smtp:// or smtps://');
  if (!url.hostname) bad('names no host');
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash)
    bad('must be only smtp://user:password@host:port (no path or query)');
  if (url.username && !url.password) bad('names a user without a password (write user:password@)');
  if (url.password && !url.username) bad('has a password without a user');
  const decoded = (part: string): string | null => {
    if (!part) return null;
    try {
      return decodeURIComponent(part);
    } catch {
      return bad('has a malformed %-escape in its user or password');
    }
  };
  const user = decoded(url.username);
  const password = decoded(url.password);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname;
  const from = env.MAIL_FROM?.trim();
  if (!from)
    throw new ConfigError(
      'Invalid setting SMTP_URL: set MAIL_FROM as well (the sender, e.g. Tutorfolio <noreply@example.com>).',
    );
  const match = MAIL_FROM_PATTERN.exec(from);
  const fromAddress = match?.[2] ?? match?.[3] ?? '';
  if (!match || !mailAddress.safeParse(fromAddress).success) {
    throw new ConfigError(
      `Invalid setting MAIL_FROM=${JSON.stringify(from)}: must be an address, or a name and an address such as Tutorfolio <noreply@example.com>.`,
    );
  }
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTls: !secure && !LOOPBACK_HOSTS.has(host),
    user,
    password,
    from,
    domain: fromAddress.slice(fromAddress.lastIndexOf('@') + 1).toLowerCase(),
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const read = <K extends SettingName>(name: K): z.output<(typeof settings)[K]> => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? undefined : raw;
    const result = settings[name].safeParse(value);
    if (!result.success) {
      const reason = result.error.issues[0]?.message ?? 'is not valid';
      throw new ConfigError(`Invalid setting ${name}=${JSON.stringify(raw)}: ${reason}.`);
    }
    return result.data as z.output<(typeof settings)[K]>;
  };

  const publicUrl = read('PUBLIC_URL');
  const requestTimeoutMs = read('REQUEST_TIMEOUT_MS');
  const headersTimeoutMs = read('HEADERS_TIMEOUT_MS');
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      `Invalid setting HEADERS_TIMEOUT_MS=${JSON.stringify(env.HEADERS_TIMEOUT_MS ?? String(headersTimeoutMs))}: must not be longer than REQUEST_TIMEOUT_MS (${requestTimeoutMs}).`,
    );
  }
  const workers = read('WEB_CONCURRENCY');
  if (workers > 1 && !read('DATABASE_URL')) {
    throw new ConfigError(
      `Invalid setting WEB_CONCURRENCY=${JSON.stringify(env.WEB_CONCURRENCY)}: more than one server process needs PostgreSQL (DATABASE_URL); the embedded database belongs to one process.`,
    );
  }
  return {
    port: read('PORT'),
    host: read('HOST'),
    dataDir: path.resolve(read('DATA_DIR')),
    databaseUrl: read('DATABASE_URL') ?? null,
    databasePoolSize: read('DATABASE_POOL_SIZE'),
    workers,
    timeZone: read('APP_TIME_ZONE'),
    publicUrl: publicUrl ? new URL(publicUrl) : null,
    trustProxy: read('TRUST_PROXY'),
    logLevel: read('LOG_LEVEL'),
    logFormat: read('LOG_FORMAT'),
    shutdownDrainMs: read('SHUTDOWN_DRAIN_MS'),
    jsonBodyLimit: read('JSON_BODY_LIMIT'),
    signUpsPerHour: read('SIGNUPS_PER_ADDRESS_PER_HOUR'),
    passwordResetsPerAddressPerHour: read('PASSWORD_RESETS_PER_ADDRESS_PER_HOUR'),
    passwordResetsPerAccountPerHour: read('PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR'),
    stopwatchWritesPerHour: read('STOPWATCH_WRITES_PER_ADDRESS_PER_HOUR'),
    wallPostsPerHour: read('WALL_POSTS_PER_ADDRESS_PER_HOUR'),
    http: {
      requestTimeoutMs,
      headersTimeoutMs,
      idleTimeoutMs: read('IDLE_TIMEOUT_MS'),
      keepAliveTimeoutMs: read('KEEP_ALIVE_TIMEOUT_MS'),
      maxConnections: read('MAX_CONNECTIONS'),
      maxConnectionsPerAddress: read('MAX_CONNECTIONS_PER_ADDRESS'),
    },
    demo: read('DEMO'),
    checkResponses: read('CHECK_RESPONSES'),
    webDistDir: path.resolve(read('WEB_DIST_DIR')),
    imagesDir: path.resolve(read('IMAGES_DIR') ?? path.join(read('DATA_DIR'), 'images')),
    oauth: readOAuth(env),
    mail: readMail(env),
  };
}
