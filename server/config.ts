import path from 'node:path';
import { z } from 'zod';
import { limits } from '../common/limits.ts';

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
  timeZone: string;
  /** The app's public origin (scheme://host[:port]) when it is served behind a proxy or on HTTPS. */
  publicUrl: URL | null;
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  jsonBodyLimit: number;
  demo: boolean;
  /** Built web app (vite build output). */
  webDistDir: string;
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
  JSON_BODY_LIMIT: z.coerce
    .number({ error: 'must be a number of bytes between 1024 and 104857600' })
    .int('must be a number of bytes between 1024 and 104857600')
    .min(1024, 'must be a number of bytes between 1024 and 104857600')
    .max(100 * 1024 * 1024, 'must be a number of bytes between 1024 and 104857600')
    .default(limits.jsonBodyLimitBytes),
  DEMO: booleanText.default(false),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
};

type SettingName = keyof typeof settings;

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
  return {
    port: read('PORT'),
    host: read('HOST'),
    dataDir: path.resolve(read('DATA_DIR')),
    databaseUrl: read('DATABASE_URL') ?? null,
    timeZone: read('APP_TIME_ZONE'),
    publicUrl: publicUrl ? new URL(publicUrl) : null,
    trustProxy: read('TRUST_PROXY'),
    logLevel: read('LOG_LEVEL'),
    jsonBodyLimit: read('JSON_BODY_LIMIT'),
    demo: read('DEMO'),
    webDistDir: path.resolve(read('WEB_DIST_DIR')),
  };
}
