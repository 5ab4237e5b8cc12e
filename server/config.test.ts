import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: null,
      databasePoolSize: 10,
      timeZone: 'Asia/Seoul',
      publicUrl: null,
      jsonBodyLimit: 1024 * 1024,
      demo: false,
      http: {
        requestTimeoutMs: 15_000,
        headersTimeoutMs: 10_000,
        idleTimeoutMs: 60_000,
        keepAliveTimeoutMs: 5_000,
        maxConnections: 2000,
        maxConnectionsPerAddress: 100,
      },
    });
  });

  it('reads the time-outs and the connection caps, and refuses headers allowed longer than the request', () => {
    expect(
      loadConfig({
        REQUEST_TIMEOUT_MS: '30000',
        HEADERS_TIMEOUT_MS: '30000',
        IDLE_TIMEOUT_MS: '120000',
        KEEP_ALIVE_TIMEOUT_MS: '75000',
        MAX_CONNECTIONS: '5000',
        MAX_CONNECTIONS_PER_ADDRESS: '250',
      }).http,
    ).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 30_000,
      idleTimeoutMs: 120_000,
      keepAliveTimeoutMs: 75_000,
      maxConnections: 5000,
      maxConnectionsPerAddress: 250,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      'Invalid setting HEADERS_TIMEOUT_MS="10000": must not be longer than REQUEST_TIMEOUT_MS (5000).',
    );
  });

  it('reads the password reset allowances, 10 per address and 3 per email address an hour by default', () => {
    expect(loadConfig({})).toMatchObject({
      passwordResetsPerAddressPerHour: 10,
      passwordResetsPerAccountPerHour: 3,
    });
    expect(
      loadConfig({ PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '50', PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR: '5' }),
    ).toMatchObject({ passwordResetsPerAddressPerHour: 50, passwordResetsPerAccountPerHour: 5 });
    expect(() => loadConfig({ PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR: '0' })).toThrow(
      'Invalid setting PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR="0": must be a whole number between 1 and 1000.',
    );
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/d',
      APP_TIME_ZONE: 'Europe/London',
      PUBLIC_URL: 'https://tutor.example.com',
      TRUST_PROXY: 'true',
      DEMO: '1',
      LOG_FORMAT: 'pretty',
      SHUTDOWN_DRAIN_MS: '5000',
      DATABASE_POOL_SIZE: '24',
    });
    expect(config.databasePoolSize).toBe(24);
    expect(config.logFormat).toBe('pretty');
    expect(config.shutdownDrainMs).toBe(5000);
    expect(loadConfig({})).toMatchObject({ logFormat: 'auto', shutdownDrainMs: 0 });
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      'Invalid setting LOG_FORMAT="xml": must be auto, json or pretty.',
    );
    expect(config.port).toBe(9000);
    expect(config.dataDir).toBe('/tmp/x');
    expect(config.databaseUrl).toBe('postgres://u@h:5432/d');
    expect(config.timeZone).toBe('Europe/London');
    expect(config.publicUrl?.origin).toBe('https://tutor.example.com');
    expect(config.trustProxy).toBe(true);
    expect(config.demo).toBe(true);
  });

  it('reads each sign-in provider from its own settings, with the real endpoints by default', () => {
    expect(loadConfig({}).oauth).toEqual({});
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      KAKAO_CLIENT_ID: 'k-id',
      NAVER_CLIENT_ID: 'n-id',
      NAVER_CLIENT_SECRET: 'n-secret',
      NAVER_TOKEN_URL: 'http://127.0.0.1:4000/oauth2.0/token',
    });
    expect(config.oauth.google).toMatchObject({
      clientId: 'g-id',
      clientSecret: 'g-secret',
      issuer: 'https://accounts.google.com',
      profileUrl: null,
    });
    expect(config.oauth.google?.authorizationUrl.href).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    // Kakao's client secret is optional (a feature of the Kakao app).
    expect(config.oauth.kakao).toMatchObject({ clientId: 'k-id', clientSecret: null });
    expect(config.oauth.kakao?.profileUrl?.href).toBe('https://kapi.kakao.com/v2/user/me');
    expect(config.oauth.naver?.tokenUrl.href).toBe('http://127.0.0.1:4000/oauth2.0/token');
    expect(config.oauth.naver?.authorizationUrl.href).toBe('https://nid.naver.com/oauth2.0/authorize');
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'x' }, /^Invalid setting GOOGLE_CLIENT_ID: set GOOGLE_CLIENT_SECRET as well\.$/],
    [{ NAVER_CLIENT_SECRET: 'x' }, /^Invalid setting NAVER_CLIENT_SECRET: set NAVER_CLIENT_ID as well\.$/],
    [
      { KAKAO_CLIENT_ID: 'x', KAKAO_TOKEN_URL: 'http://kauth.example.com/token' },
      /^Invalid setting KAKAO_TOKEN_URL=.*https:\/\/ URL \(plain http:\/\/ only for 127\.0\.0\.1/,
    ],
    [{ KAKAO_CLIENT_ID: 'x', KAKAO_PROFILE_URL: 'ftp://x' }, /^Invalid setting KAKAO_PROFILE_URL=/],
  ])('stops on incomplete or unsafe provider settings %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    ['PORT', 'eighty', /^Invalid setting PORT="eighty": must be a whole number/],
    ['PORT', '70000', /^Invalid setting PORT="70000"/],
    ['APP_TIME_ZONE', 'Mars/Olympus', /^Invalid setting APP_TIME_ZONE=.*IANA time zone/],
    ['DATABASE_URL', 'mysql://x', /^Invalid setting DATABASE_URL=.*postgres:\/\//],
    ['PUBLIC_URL', 'tutor.example.com', /^Invalid setting PUBLIC_URL=/],
    ['LOG_LEVEL', 'loud', /^Invalid setting LOG_LEVEL=/],
    ['DEMO', 'maybe', /^Invalid setting DEMO=/],
    ['JSON_BODY_LIMIT', '10', /^Invalid setting JSON_BODY_LIMIT=/],
    [
      'REQUEST_TIMEOUT_MS',
      '0',
      /^Invalid setting REQUEST_TIMEOUT_MS="0": must be a whole number between 100/,
    ],
    ['MAX_CONNECTIONS', 'many', /^Invalid setting MAX_CONNECTIONS="many"/],
    [
      'MAX_CONNECTIONS_PER_ADDRESS',
      '0',
      /^Invalid setting MAX_CONNECTIONS_PER_ADDRESS="0": must be a whole number between 1 and 1000000/,
    ],
    [
      'DATABASE_POOL_SIZE',
      '0',
      /^Invalid setting DATABASE_POOL_SIZE="0": must be a whole number between 1 and 1000/,
    ],
  ])('stops on a bad %s with one line naming it', (name, value, message) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  describe('mail', () => {
    const FROM = 'Tutorfolio <noreply@tutor.example.com>';
    it('sends nothing without SMTP_URL', () => {
      expect(loadConfig({}).mail).toBeNull();
      expect(loadConfig({ MAIL_FROM: FROM }).mail).toBeNull();
    });

    it('reads smtp:// (STARTTLS required off this machine), smtps://, user and password decoded', () => {
      expect(
        loadConfig({ SMTP_URL: 'smtp://tutor%40example.com:p%3Ass@mail.example.com:587', MAIL_FROM: FROM })
          .mail,
      ).toEqual({
        host: 'mail.example.com',
        port: 587,
        secure: false,
        requireTls: true,
        user: 'tutor@example.com',
        password: 'p:ss',
        from: FROM,
        domain: 'tutor.example.com',
      });
      expect(
        loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'a@B.example.com' }).mail,
      ).toMatchObject({
        port: 465,
        secure: true,
        requireTls: false,
        domain: 'b.example.com',
      });
      expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: FROM }).mail).toMatchObject({
        port: 2525,
        requireTls: false,
        user: null,
        password: null,
      });
    });

    it.each([
      [
        { SMTP_URL: 'http://mail.example.com' },
        /^Invalid setting SMTP_URL="http:\/\/mail.example.com": must start with smtp:\/\/ or smtps:\/\//,
      ],
      [
        { SMTP_URL: 'mail.example.com:587' },
        /^Invalid setting SMTP_URL="mail.example.com:587": must start with smtp/,
      ],
      [{ SMTP_URL: 'not a url' }, /^Invalid setting SMTP_URL="not a url": must be a URL/],
      [{ SMTP_URL: 'smtp://u@mail.example.com' }, /names a user without a password/],
      [{ SMTP_URL: 'smtp://u:p@mail.example.com/x?pool=true' }, /no path or query/],
      [{ SMTP_URL: 'smtp://u:%zz@mail.example.com' }, /malformed %-escape/],
      [{ SMTP_URL: 'smtp://u:p@mail.example.com:99999' }, /^Invalid setting SMTP_URL=/],
      [{ SMTP_URL: 'smtp://mail.example.com' }, /^Invalid setting SMTP_URL: set MAIL_FROM as well/],
      [
        { SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'noreply' },
        /^Invalid setting MAIL_FROM="noreply": must be an address/,
      ],
      [
        { SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'A <b@example.com> c' },
        /^Invalid setting MAIL_FROM=/,
      ],
      [
        { SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'A\r\nBcc: x@example.com <b@example.com>' },
        /^Invalid setting MAIL_FROM=/,
      ],
    ])('stops on %j with one line naming the setting', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
      try {
        loadConfig(env);
      } catch (error) {
        expect((error as Error).message).not.toMatch(/\n|\r/);
      }
    });

    it('never prints the password of a bad SMTP_URL', () => {
      expect(() => loadConfig({ SMTP_URL: 'smtp://user:s3cret@mail.example.com/path' })).toThrow(
        'Invalid setting SMTP_URL="smtp://user:***@mail.example.com/path": must be only smtp://user:password@host:port (no path or query).',
      );
    });
  });
});
