import path from 'node:path';
import { z } from 'zod';
import { isRole, ROLES, type Role } from './http/roles.js';
import { PROJECT_ROOT } from './project-root.js';

/**
 * Every environment variable the service reads, validated once at start-up.
 * A bad value throws a ConfigError whose message names the variable, so an operator
 * sees `PORT: ...` rather than a stack trace from deep inside a driver.
 */

const DB_CLIENTS = ['better-sqlite3', 'mssql', 'pg', 'mysql2'] as const;
/** The embedded database of a fresh clone, relative to the project. */
export const DEFAULT_SQLITE_FILE = 'data/pricing.sqlite3';
export type DbClient = (typeof DB_CLIENTS)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/*
 * Each variable's schema is described with what it expects: a bad value stops start-up with
 * `NAME: "value" is not <that>` (describeProblem), so the description reads after "is not".
 */
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max).describe(`a whole number from ${min} to ${max}`);
const port = (min: 0 | 1) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(65535)
    .describe(`a port number (${min}–65535${min === 0 ? '; 0 picks a free one' : ''})`);
const optionalText = (what: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .describe(what);
const bool = z
  .stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] })
  .describe('true or false (or 1/0, yes/no, on/off)');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== ''),
);

/**
 * An IANA zone name (Area/City, UTC, Etc/…) that the runtime knows. Abbreviations are refused:
 * the runtime reads CST as US Central time, while a Chinese team means China Standard Time.
 */
function isIanaTimeZone(tz: string): boolean {
  if (tz !== 'UTC' && !/^[A-Za-z]+\/[\w+-]+(\/[\w+-]+)?$/.test(tz)) return false;
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

/** An issuer the service fetches keys from: https, or http on this machine only (a test or dev provider). */
function isIssuerUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Three base64url parts: what the service takes for a JWT (src/http/auth.ts). */
export const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/** One API_TOKENS entry: the token, and after a `:` the roles it carries joined by `+` (none: all roles). */
function parseStaticToken(entry: string): StaticToken {
  const colon = entry.lastIndexOf(':');
  const token = colon < 0 ? entry : entry.slice(0, colon);
  const roles = colon < 0 ? [...ROLES] : entry.slice(colon + 1).split('+');
  return { token, roles: [...new Set(roles)] as Role[] };
}

/** The rule an API_TOKENS entry breaks, in words that never quote it (it is a secret). */
function staticTokenProblem(entry: string): string | undefined {
  if (/^bearer\s/i.test(entry)) return 'starts with "Bearer ": list the token alone (clients send "Authorization: Bearer <token>")';
  const { token, roles } = parseStaticToken(entry);
  if (/\s/.test(entry)) return 'contains a space';
  if (!/^[\x21-\x7e]*$/.test(token)) return 'holds a character that is not visible ASCII';
  if (token.includes(':')) return 'holds more than one ":" (the token itself must have none)';
  if (token.length < 16) return `the token has ${token.length} characters; at least 16 are needed (openssl rand -hex 32)`;
  if (!roles.every(isRole)) return `its roles after the ":" must be ${ROLES.join(' or ')}, several joined by +`;
  return undefined;
}

/** `64kb`, `1mb`, `65536`: the forms koa-bodyparser's `jsonLimit` understands. */
const byteSize = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?\s*(b|kb|mb)?$/i)
  .transform((v) => {
    const [, n, unit] = /^(\d+(?:\.\d+)?)\s*(b|kb|mb)?$/i.exec(v)!;
    return Math.floor(Number(n) * { b: 1, kb: 1024, mb: 1024 * 1024 }[(unit ?? 'b').toLowerCase() as 'b' | 'kb' | 'mb']);
  })
  .describe('a size such as 65536, 64kb or 1mb');

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: port(0).default(3001),
  HOST: optionalText('a host name or address to listen on'),
  // No default here: resolveDbClient tells "not set" (inferred from DATABASE_URL) from a choice.
  DB_CLIENT: z
    .enum(DB_CLIENTS)
    .optional()
    .describe(`one of ${DB_CLIENTS.join(', ')}`),
  // No default here: the default file is the only one the service creates and seeds by itself.
  DB_FILENAME: z.string().trim().min(1).describe('a file path').optional(),
  DB_SEED_DEMO: bool.optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || URL.canParse(v))
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .describe('a URL such as postgres://user@host:5432/db'),
  DB_HOST: optionalText('a host name or address'),
  DB_PORT: port(1).optional(),
  DB_USER: optionalText('a user name'),
  DB_PASSWORD: z.string().optional(),
  DB_NAME: optionalText('a database name'),
  DB_ENCRYPT: bool.default(true),
  DB_TRUST_SERVER_CERTIFICATE: bool.default(false),
  DB_READ_ONLY_INTENT: bool.default(false),
  DATABASE_READ_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || URL.canParse(v))
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .describe('a URL such as postgres://user@standby:5432/db'),
  REPLICA_MAX_LAG_MS: int(0, 86_400_000).default(30_000),
  REPLICA_CHECK_INTERVAL_MS: int(100, 600_000).default(1000),
  REPLICA_RETURN_AFTER_MS: int(0, 3_600_000).default(10_000),
  REPLICA_CONNECT_TIMEOUT_MS: int(100, 600_000).default(2000),
  DB_POOL_MIN: int(0, 100).default(0),
  DB_POOL_MAX: int(1, 100).default(10),
  DB_CONNECT_TIMEOUT_MS: int(100, 600_000).default(5000),
  DB_ACQUIRE_TIMEOUT_MS: int(100, 600_000).default(5000),
  QUERY_TIMEOUT_MS: int(100, 3_600_000).default(15_000),
  COUNT_CACHE_MIN_MS: int(0, 3_600_000).default(0),
  // The default is queries/paging/page-queries.ts DEFERRED_JOIN_MIN_OFFSET (config does not load the query modules).
  DEFERRED_JOIN_MIN_OFFSET: int(0, 1_000_000_000).default(2000),
  DB_CHECK_TIMEOUT_MS: int(100, 600_000).default(3000),
  DB_MIGRATE: bool.optional(),
  APP_TIMEZONE: z
    .string()
    .trim()
    .refine(isIanaTimeZone)
    .describe(
      'an IANA time zone name (Area/City, UTC or Etc/…) such as Asia/Shanghai; abbreviations such as CST or EST are ambiguous (for China Standard Time write Asia/Shanghai)',
    )
    .default('Asia/Shanghai'),
  COMPANY_NAME: z
    .string()
    .trim()
    .max(100)
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .describe('the company name printed at the top of the quote sheet (核价单), at most 100 characters'),
  CORS_ORIGINS: list
    .refine((origins) => origins.every(isCorsOrigin))
    .describe('* or a comma-separated list of origins such as https://pricing.example.com (scheme://host[:port], no path)')
    .default([]),
  API_TOKENS: list
    .superRefine((entries, ctx) =>
      entries.forEach((entry, i) => {
        const problem = staticTokenProblem(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: `entry ${i + 1} of ${entries.length}: ${problem}`, params: { told: true } });
      }),
    )
    .transform((entries) => entries.map(parseStaticToken))
    .describe(
      `a comma-separated list of tokens of at least 16 visible ASCII characters each, without spaces or colons, each optionally followed by :roles (${ROLES.join('+')})`,
    )
    .default([]),
  AUTH_ISSUER: z
    .string()
    .trim()
    .refine((v) => v === '' || isIssuerUrl(v))
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .describe('an https URL of the OpenID Provider such as https://login.microsoftonline.com/<tenant>/v2.0 (http only for localhost)'),
  AUTH_AUDIENCE: list
    .refine((audiences) => audiences.every((a) => !/\s/.test(a)))
    .describe("the audience (aud) of the API's access tokens, such as api://pricing, or a comma-separated list of them")
    .default([]),
  AUTH_ACCEPTED_ISSUERS: list
    .refine((issuers) => issuers.every((i) => URL.canParse(i)))
    .describe('a comma-separated list of further issuer URLs, such as https://sts.windows.net/<tenant>/')
    .default([]),
  AUTH_ROLES_CLAIM: z
    .string()
    .trim()
    .regex(/^[^\s,]+$/)
    .describe('a claim name, or a dotted path such as realm_access.roles')
    .default('roles'),
  AUTH_NAME_CLAIM: z
    .string()
    .trim()
    .regex(/^[^\s,]+$/)
    .describe("the claim holding the person's name as the purchasing system writes 核价员 (pricing.priced_by), such as name")
    .default('name'),
  AUTH_CLIENT_ID: optionalText("the page's client (application) id at the provider"),
  AUTH_SCOPES: z
    .string()
    .trim()
    // RFC 6749's scope characters, less the comma: a comma-separated list is a mistake here.
    .regex(/^[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]+( +[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]+)*$/)
    .describe('space-separated scopes such as openid profile api://pricing/access_as_user')
    .default('openid profile'),
  AUTH_CLOCK_TOLERANCE_S: int(0, 300).default(30),
  BODY_LIMIT: byteSize.default(64 * 1024),
  RATE_LIMIT_PER_MINUTE: int(0, 1_000_000).default(0),
  RATE_LIMIT_METRICS: bool.default(false),
  REDIS_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || /^rediss?:\/\//.test(v))
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .describe('a redis:// or rediss:// URL'),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,64}$/)
    .describe('1-64 letters, digits or _ : . -')
    .default('pricing:rl'),
  // A count of proxies, or a boolean for one (true) or none (false).
  TRUST_PROXY: z
    .union([z.stringbool({ truthy: ['true', 'yes', 'on'], falsy: ['false', 'no', 'off'] }).transform(Number), int(0, 10)])
    .describe('true (one proxy), false, or the number of proxies in front of the service (0-10)')
    .default(0),
  LOG_LEVEL: z
    .enum(LOG_LEVELS)
    .describe(`one of ${LOG_LEVELS.join(', ')}`)
    .default('info'),
  EXPORT_MAX_ROWS: int(1, 10_000_000).default(100_000),
  EXPORT_MAX_CONCURRENT: int(1, 100).default(4),
  EXPORT_IDLE_TIMEOUT_MS: int(1000, 3_600_000).default(30_000),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(10_000),
  SHUTDOWN_DELAY_MS: int(0, 600_000).default(5000),
  // Node's defaults (keep-alive 5 s, headers 60 s, request 300 s, no connection cap) were not chosen
  // for this service; docs/operations.md says why these are.
  HTTP_KEEP_ALIVE_TIMEOUT_MS: int(1000, 600_000).default(65_000),
  HTTP_HEADERS_TIMEOUT_MS: int(1000, 600_000).default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: int(1000, 3_600_000).default(30_000),
  HTTP_MAX_CONNECTIONS: int(1, 1_000_000).default(1000),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the service reads (test/docs.test.ts checks that the README names each). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config {
  port: number;
  host: string | undefined;
  db: DbConfig;
  /** DATABASE_READ_URL: the read replica that queries, exports and statistics read; undefined without one. */
  replica: ReplicaConfig | undefined;
  appTimeZone: string;
  /** COMPANY_NAME: the quote sheet's title; undefined when not set. */
  companyName: string | undefined;
  corsOrigins: string[];
  /** API_TOKENS: static bearer tokens for machine clients, each with its roles. */
  apiTokens: StaticToken[];
  /** Company sign-in (OpenID Connect): JWT access tokens from AUTH_ISSUER; undefined when not set up. */
  auth: AuthConfig | undefined;
  /** BODY_LIMIT in bytes. */
  bodyLimit: number;
  rateLimitPerMinute: number;
  /** Count the metrics route against the rate limit too (off: a scraper is never throttled). */
  rateLimitMetrics: boolean;
  redisUrl: string | undefined;
  /** Key prefix of the shared rate-limit counters in Redis (one per service and environment). */
  redisKeyPrefix: string;
  /**
   * Proxies in front of the service that each append to X-Forwarded-For (0: clients connect
   * directly). The client address is that many entries from the right: the left part is the client's.
   */
  trustProxyHops: number;
  logLevel: (typeof LOG_LEVELS)[number];
  exportMaxRows: number;
  /** Exports generated at once; more get 503 EXPORTS_BUSY with Retry-After. */
  exportMaxConcurrent: number;
  shutdownTimeoutMs: number;
  /** After SIGTERM: readiness answers 503 while the listener stays open this long (load balancers notice). */
  shutdownDelayMs: number;
  http: HttpServerConfig;
}

export interface StaticToken {
  token: string;
  roles: Role[];
}

export interface AuthConfig {
  /** AUTH_ISSUER: discovery starts here, and tokens may name it as their issuer. */
  issuer: string;
  /** Every `iss` a token may carry: the issuer and AUTH_ACCEPTED_ISSUERS. */
  acceptedIssuers: string[];
  audiences: string[];
  /** A claim name, else a dotted path into the claims (realm_access.roles). */
  rolesClaim: string;
  /** The claim whose value is the caller's 核价员 name (the workbench's 我的). */
  nameClaim: string;
  /** The page's client id and the scopes it asks for (the page's sign-in settings route). */
  clientId: string | undefined;
  scopes: string;
  clockToleranceS: number;
}

/** The Node HTTP server's limits (src/lifecycle/http-server.ts). */
export interface HttpServerConfig {
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
  /** An answer (an export above all) whose reader takes nothing this long is cut. */
  idleReaderTimeoutMs: number;
}

export interface DbConfig {
  client: DbClient;
  /** SQLite: the file, relative to the project. */
  filename: string;
  /**
   * SQLite: a missing file may be created, and an empty one gets the demo data. Only for the
   * default file (or DB_SEED_DEMO=true): a mistyped path to real data must not show fake prices.
   */
  seedDemo: boolean;
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
  /** Pages from this offset on pick their ids first, from remembered positions where known (queries/paging/). */
  deferredJoinMinOffset: number;
  checkTimeoutMs: number;
  /** Run pending migrations at start-up (default: only for the embedded SQLite file). */
  migrate: boolean;
}

/**
 * A read replica (a readable secondary, a hot standby): what reads it, and when it is used. The
 * primary (DbConfig) keeps migrations, readiness's schema check and the fallback.
 */
export interface ReplicaConfig {
  /** The replica's connection: DATABASE_READ_URL with the primary's settings, its waits bounded by REPLICA_CONNECT_TIMEOUT_MS. */
  db: DbConfig;
  /** Above this lag reads go to the primary. */
  maxLagMs: number;
  /** How often the lag is measured, in the background. */
  checkIntervalMs: number;
  /** How long the replica must stay healthy before reads go back to it. */
  returnAfterMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** The database client each DATABASE_URL scheme names. */
const CLIENT_BY_URL_SCHEME: Readonly<Record<string, DbClient>> = {
  'postgres:': 'pg',
  'postgresql:': 'pg',
  'mysql:': 'mysql2',
  'mariadb:': 'mysql2',
  'mssql:': 'mssql',
};

const DB_SERVER_PARTS = ['DB_HOST', 'DB_PORT', 'DB_USER', 'DB_PASSWORD', 'DB_NAME'] as const;

/**
 * DB_CLIENT, or the client DATABASE_URL's scheme names. A setting that would be ignored or that
 * contradicts another stops start-up: otherwise `DATABASE_URL=postgres://…` alone, or DB_HOST
 * alone, silently served the SQLite demo file.
 */
function resolveDbClient(e: Env): DbClient {
  const problems: string[] = [];
  const url = e.DATABASE_URL;
  const urlClient = url ? CLIENT_BY_URL_SCHEME[new URL(url).protocol.toLowerCase()] : undefined;
  if (url && !urlClient) {
    problems.push(`DATABASE_URL: unknown scheme ${new URL(url).protocol}// (use postgres://, mysql:// or mssql://)`);
  }
  if (url && urlClient && e.DB_CLIENT && e.DB_CLIENT !== urlClient) {
    problems.push(
      `DB_CLIENT: is ${e.DB_CLIENT}, but DATABASE_URL is a ${new URL(url).protocol}// URL (${urlClient}): make them agree or unset DB_CLIENT`,
    );
  }
  if (url) {
    for (const name of DB_SERVER_PARTS) {
      if (e[name] !== undefined && e[name] !== '')
        problems.push(`${name}: set together with DATABASE_URL, which would be used instead: put it in the URL or unset one of them`);
    }
  } else if (e.DB_HOST && !e.DB_CLIENT) {
    problems.push(
      'DB_HOST: set, but DB_CLIENT is not: set DB_CLIENT to pg, mysql2 or mssql (without it the service reads the SQLite file DB_FILENAME)',
    );
  } else if (e.DB_HOST && e.DB_CLIENT === 'better-sqlite3') {
    problems.push(
      'DB_HOST: set, but DB_CLIENT is better-sqlite3, which reads DB_FILENAME: unset DB_HOST or set DB_CLIENT to pg, mysql2 or mssql',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return e.DB_CLIENT ?? urlClient ?? 'better-sqlite3';
}

const REPLICA_SETTINGS = [
  'REPLICA_MAX_LAG_MS',
  'REPLICA_CHECK_INTERVAL_MS',
  'REPLICA_RETURN_AFTER_MS',
  'REPLICA_CONNECT_TIMEOUT_MS',
] as const;

/**
 * The read replica, or undefined without DATABASE_READ_URL. Its URL must name the primary's
 * client (one dialect serves both); a replica setting without it would be ignored, so it stops
 * start-up. DB_READ_ONLY_INTENT then applies to the replica's connection only.
 */
function resolveReplica(e: Env, raw: NodeJS.ProcessEnv, primary: DbConfig): ReplicaConfig | undefined {
  const url = e.DATABASE_READ_URL;
  if (!url) {
    const stray = REPLICA_SETTINGS.filter((name) => (raw[name] ?? '').trim() !== '');
    if (stray.length > 0) {
      throw new ConfigError(stray.map((name) => `${name}: set, but DATABASE_READ_URL is not: set DATABASE_READ_URL or unset ${name}`));
    }
    return undefined;
  }
  const scheme = new URL(url).protocol.toLowerCase();
  const client = CLIENT_BY_URL_SCHEME[scheme];
  if (!client) throw new ConfigError([`DATABASE_READ_URL: unknown scheme ${scheme}// (use postgres://, mysql:// or mssql://)`]);
  if (client !== primary.client) {
    throw new ConfigError([
      `DATABASE_READ_URL: a ${scheme}// URL (${client}), but the primary database is ${primary.client}: the replica must be a copy of the primary, on the same kind of server`,
    ]);
  }
  // A read waits this long at most for a replica connection before it goes to the primary.
  const waitMs = e.REPLICA_CONNECT_TIMEOUT_MS;
  return {
    db: {
      ...primary,
      url,
      host: undefined,
      port: undefined,
      user: undefined,
      password: undefined,
      database: undefined,
      readOnlyIntent: e.DB_READ_ONLY_INTENT,
      connectTimeoutMs: Math.min(primary.connectTimeoutMs, waitMs),
      acquireTimeoutMs: Math.min(primary.acquireTimeoutMs, waitMs),
      migrate: false,
    },
    maxLagMs: e.REPLICA_MAX_LAG_MS,
    checkIntervalMs: e.REPLICA_CHECK_INTERVAL_MS,
    returnAfterMs: e.REPLICA_RETURN_AFTER_MS,
  };
}

const AUTH_DEPENDENTS = ['AUTH_AUDIENCE', 'AUTH_ACCEPTED_ISSUERS', 'AUTH_CLIENT_ID'] as const;

/**
 * The sign-in settings, or undefined without AUTH_ISSUER. A setting that needs the issuer, or an
 * issuer without its audience, stops start-up rather than leaving the API open or shut by surprise.
 */
function resolveAuth(e: Env): AuthConfig | undefined {
  const problems: string[] = [];
  if (!e.AUTH_ISSUER) {
    for (const name of AUTH_DEPENDENTS) {
      const value = e[name];
      if (value !== undefined && value.length > 0) problems.push(`${name}: set, but AUTH_ISSUER is not: set AUTH_ISSUER or unset ${name}`);
    }
  } else {
    if (e.AUTH_AUDIENCE.length === 0) {
      problems.push("AUTH_AUDIENCE: required with AUTH_ISSUER: the audience (aud) of the API's access tokens, such as api://pricing");
    }
    // A static token shaped like a JWT would be sent to the JWT check and never match.
    if (e.API_TOKENS.some((t) => JWT_SHAPE.test(t.token))) {
      problems.push('API_TOKENS: a token looks like a JWT (three parts joined by dots): with AUTH_ISSUER set, use tokens without dots');
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  if (!e.AUTH_ISSUER) return undefined;
  return {
    issuer: e.AUTH_ISSUER,
    acceptedIssuers: [...new Set([e.AUTH_ISSUER, ...e.AUTH_ACCEPTED_ISSUERS])],
    audiences: e.AUTH_AUDIENCE,
    rolesClaim: e.AUTH_ROLES_CLAIM,
    nameClaim: e.AUTH_NAME_CLAIM,
    clientId: e.AUTH_CLIENT_ID,
    scopes: e.AUTH_SCOPES.split(/ +/).join(' '),
    clockToleranceS: e.AUTH_CLOCK_TOLERANCE_S,
  };
}

/** Variables whose values are never printed, not even in part. */
const SECRETS: ReadonlySet<string> = new Set(['DB_PASSWORD', 'API_TOKENS']);
/** URLs printed without their password. */
const URLS_WITH_PASSWORDS: ReadonlySet<string> = new Set(['DATABASE_URL', 'DATABASE_READ_URL', 'REDIS_URL']);

/** What a variable's schema expects (its description, under any .default()/.optional()). */
function expectedOf(schema: z.ZodType | undefined): string | undefined {
  if (!schema) return undefined;
  const inner = (schema._zod.def as { innerType?: z.ZodType }).innerType;
  return schema.description ?? expectedOf(inner);
}

/** A value as it may be printed: quoted, a URL's password masked, a secret not at all. */
function shownValue(name: string, value: string): string {
  if (SECRETS.has(name)) return '(value not shown)';
  if (URLS_WITH_PASSWORDS.has(name) && URL.canParse(value) && new URL(value).password) {
    const url = new URL(value);
    url.password = '***';
    return JSON.stringify(url.href);
  }
  if (URLS_WITH_PASSWORDS.has(name) && /:[^/@]*@/.test(value)) return '(a URL with a password, not shown)';
  return JSON.stringify(value);
}

/** `PORT: "abc" is not a port number (0–65535)`: the value and the form that was expected. */
function describeProblem(name: string, value: string | undefined, fallback: string): string {
  const expected = expectedOf(envSchema.shape[name as keyof typeof envSchema.shape]);
  if (!expected || value === undefined) return `${name}: ${fallback}`;
  return `${name}: ${shownValue(name, value)} is not ${expected}`;
}

/** An issue whose message already says what is wrong, without the value (`params.told`). */
const isTold = (issue: z.core.$ZodIssue) => issue.code === 'custom' && (issue.params as { told?: boolean } | undefined)?.told === true;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    throw new ConfigError(
      names.flatMap((name) => {
        const issues = parsed.error.issues.filter((i) => i.path[0] === name);
        const told = issues.filter(isTold);
        if (told.length > 0) return told.map((i) => `${name}: ${i.message}`);
        return [describeProblem(name, env[name], issues[0]!.message)];
      }),
    );
  }
  const e = parsed.data;
  if (e.DB_POOL_MIN > e.DB_POOL_MAX) {
    throw new ConfigError([`DB_POOL_MIN: must not exceed DB_POOL_MAX (${e.DB_POOL_MAX})`]);
  }
  const client = resolveDbClient(e);
  const isSqlite = client === 'better-sqlite3';
  if (!isSqlite && !e.DATABASE_URL && !e.DB_HOST) {
    throw new ConfigError([`DB_HOST: required (or DATABASE_URL) when DB_CLIENT is ${client}`]);
  }
  const auth = resolveAuth(e);
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError([`HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS})`]);
  }
  const filename = e.DB_FILENAME ?? DEFAULT_SQLITE_FILE;
  const db: DbConfig = {
    client,
    filename,
    seedDemo: isSqlite && (e.DB_SEED_DEMO ?? path.resolve(PROJECT_ROOT, filename) === path.resolve(PROJECT_ROOT, DEFAULT_SQLITE_FILE)),
    url: e.DATABASE_URL,
    host: e.DB_HOST,
    port: e.DB_PORT,
    user: e.DB_USER,
    password: e.DB_PASSWORD,
    database: e.DB_NAME,
    encrypt: e.DB_ENCRYPT,
    trustServerCertificate: e.DB_TRUST_SERVER_CERTIFICATE,
    // With DATABASE_READ_URL the read intent is the replica's connection's (resolveReplica).
    readOnlyIntent: e.DB_READ_ONLY_INTENT && !e.DATABASE_READ_URL,
    poolMin: e.DB_POOL_MIN,
    poolMax: e.DB_POOL_MAX,
    connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    queryTimeoutMs: e.QUERY_TIMEOUT_MS,
    countCacheMinMs: e.COUNT_CACHE_MIN_MS,
    deferredJoinMinOffset: e.DEFERRED_JOIN_MIN_OFFSET,
    checkTimeoutMs: e.DB_CHECK_TIMEOUT_MS,
    migrate: e.DB_MIGRATE ?? isSqlite,
  };
  const replica = resolveReplica(e, env, db);
  return {
    port: e.PORT,
    host: e.HOST,
    db,
    replica,
    appTimeZone: e.APP_TIMEZONE,
    companyName: e.COMPANY_NAME,
    corsOrigins: e.CORS_ORIGINS,
    apiTokens: e.API_TOKENS,
    auth,
    bodyLimit: e.BODY_LIMIT,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitMetrics: e.RATE_LIMIT_METRICS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxyHops: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    exportMaxRows: e.EXPORT_MAX_ROWS,
    exportMaxConcurrent: e.EXPORT_MAX_CONCURRENT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    http: {
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      idleReaderTimeoutMs: e.EXPORT_IDLE_TIMEOUT_MS,
    },
  };
}
