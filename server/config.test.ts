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
      timeZone: 'Asia/Seoul',
      publicUrl: null,
      jsonBodyLimit: 1024 * 1024,
      demo: false,
    });
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
    });
    expect(config.port).toBe(9000);
    expect(config.dataDir).toBe('/tmp/x');
    expect(config.databaseUrl).toBe('postgres://u@h:5432/d');
    expect(config.timeZone).toBe('Europe/London');
    expect(config.publicUrl?.origin).toBe('https://tutor.example.com');
    expect(config.trustProxy).toBe(true);
    expect(config.demo).toBe(true);
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
});
