import { z } from 'zod';

/**
 * Every environment variable the service reads, validated once at start-up.
 * A bad value throws a ConfigError whose message names the variable, so an operator
 * sees `PORT: ...` rather than a stack trace from deep inside a driver.
 */

const DB_CLIENTS = ['better-sqlite3', 'mssql', 'pg', 'mysql2'] as const;
export type DbClient = (typeof DB_CLIENTS)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const bool = z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] });
const list = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  );

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** What a browser sends as Origin: scheme://host[:port], no path; or `*` for any origin. */
function isCorsOrigin(value: string): boolean {
  if (value === '*') return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
}

/** `64kb`, `1mb`, `65536`: the forms koa-bodyparser's `jsonLimit` understands. */
const byteSize = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?\s*(b|kb|mb)?$/i, 'must be a size such as 65536, 64kb or 1mb');

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: int(0, 65535).default(3001),
  HOST: optionalText,
  DB_CLIENT: z.enum(DB_CLIENTS).default('better-sqlite3'),
  DB_FILENAME: z.string().trim().min(1).default('data/pricing.sqlite3'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || URL.canParse(v), 'must be a URL such as postgres://user@host:5432/db')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  DB_HOST: optionalText,
  DB_PORT: int(1, 65535).optional(),
  DB_USER: optionalText,
  DB_PASSWORD: z.string().optional(),
  DB_NAME: optionalText,
  DB_ENCRYPT: bool.default(true),
  DB_TRUST_SERVER_CERTIFICATE: bool.default(false),
  DB_READ_ONLY_INTENT: bool.default(false),
  DB_POOL_MIN: int(0, 100).default(0),
  DB_POOL_MAX: int(1, 100).default(10),
  DB_CONNECT_TIMEOUT_MS: int(100, 600_000).default(5000),
  DB_ACQUIRE_TIMEOUT_MS: int(100, 600_000).default(5000),
  QUERY_TIMEOUT_MS: int(100, 3_600_000).default(15_000),
  COUNT_CACHE_MIN_MS: int(0, 3_600_000).default(20),
  // The default is paging.ts DEFERRED_JOIN_MIN_OFFSET (config does not load the query modules).
  DEFERRED_JOIN_MIN_OFFSET: int(0, 1_000_000_000).default(2000),
  DB_CHECK_TIMEOUT_MS: int(100, 600_000).default(3000),
  DB_MIGRATE: bool.optional(),
  APP_TIMEZONE: z.string().trim().refine(isValidTimeZone, 'must be an IANA time zone such as Asia/Shanghai').default('Asia/Shanghai'),
  CORS_ORIGINS: list
    .refine((origins) => origins.every(isCorsOrigin), 'must be * or origins such as https://pricing.example.com (scheme://host[:port], no path)')
    .default([]),
  API_TOKENS: list
    .refine((tokens) => tokens.every((t) => /^[\x21-\x7e]{16,}$/.test(t)), 'each token must be at least 16 visible ASCII characters without spaces')
    .default([]),
  BODY_LIMIT: byteSize.default('64kb'),
  RATE_LIMIT_PER_MINUTE: int(0, 1_000_000).default(0),
  REDIS_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  REDIS_KEY_PREFIX: z.string().trim().regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits or _ : . -').default('pricing:rl'),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  EXPORT_MAX_ROWS: int(1, 10_000_000).default(100_000),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string | undefined;
  db: DbConfig;
  appTimeZone: string;
  corsOrigins: string[];
  apiTokens: string[];
  bodyLimit: string;
  rateLimitPerMinute: number;
  redisUrl: string | undefined;
  /** Key prefix of the shared rate-limit counters in Redis (one per service and environment). */
  redisKeyPrefix: string;
  trustProxy: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  exportMaxRows: number;
  shutdownTimeoutMs: number;
}

export interface DbConfig {
  client: DbClient;
  filename: string;
  url: string | undefined;
  host: string | undefined;
  port: number | undefined;
  user: string | undefined;
  password: string | undefined;
  database: string | undefined;
  encrypt: boolean;
  trustServerCertificate: boolean;
  readOnlyIntent: boolean;
  poolMin: number;
  poolMax: number;
  connectTimeoutMs: number;
  acquireTimeoutMs: number;
  queryTimeoutMs: number;
  /** SQLite and pg: totals whose count took at least this long are kept while the data is unchanged. */
  countCacheMinMs: number;
  /** Pages from this offset on pick their ids first, from remembered positions where known (paging.ts). */
  deferredJoinMinOffset: number;
  checkTimeoutMs: number;
  /** Run pending migrations at start-up (default: only for the embedded SQLite file). */
  migrate: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.DB_POOL_MIN > e.DB_POOL_MAX) {
    throw new ConfigError([`DB_POOL_MIN: must not exceed DB_POOL_MAX (${e.DB_POOL_MAX})`]);
  }
  const isSqlite = e.DB_CLIENT === 'better-sqlite3';
  if (!isSqlite && !e.DATABASE_URL && !e.DB_HOST) {
    throw new ConfigError([`DB_HOST: required (or DATABASE_URL) when DB_CLIENT is ${e.DB_CLIENT}`]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    db: {
      client: e.DB_CLIENT,
      filename: e.DB_FILENAME,
      url: e.DATABASE_URL,
      host: e.DB_HOST,
      port: e.DB_PORT,
      user: e.DB_USER,
      password: e.DB_PASSWORD,
      database: e.DB_NAME,
      encrypt: e.DB_ENCRYPT,
      trustServerCertificate: e.DB_TRUST_SERVER_CERTIFICATE,
      readOnlyIntent: e.DB_READ_ONLY_INTENT,
      poolMin: e.DB_POOL_MIN,
      poolMax: e.DB_POOL_MAX,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      queryTimeoutMs: e.QUERY_TIMEOUT_MS,
      countCacheMinMs: e.COUNT_CACHE_MIN_MS,
      deferredJoinMinOffset: e.DEFERRED_JOIN_MIN_OFFSET,
      checkTimeoutMs: e.DB_CHECK_TIMEOUT_MS,
      migrate: e.DB_MIGRATE ?? isSqlite,
    },
    appTimeZone: e.APP_TIMEZONE,
    corsOrigins: e.CORS_ORIGINS,
    apiTokens: e.API_TOKENS,
    bodyLimit: e.BODY_LIMIT,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    exportMaxRows: e.EXPORT_MAX_ROWS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}
