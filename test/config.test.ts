import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config.js';
import { DEFERRED_JOIN_MIN_OFFSET } from '../src/queries/paging/page-queries.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One bad value per variable (variables that take any text, such as DB_PASSWORD, have none). */
const BAD_VALUES: [variable: string, value: string][] = [
  ['PORT', 'eighty'],
  ['PORT', '70000'],
  ['DB_CLIENT', 'oracle'],
  ['DB_FILENAME', '  '],
  ['DATABASE_URL', 'not a url'],
  ['DB_PORT', '0'],
  ['DB_ENCRYPT', 'maybe'],
  ['DB_TRUST_SERVER_CERTIFICATE', 'sure'],
  ['DB_READ_ONLY_INTENT', 'readonly'],
  ['DATABASE_READ_URL', 'not a url'],
  ['REPLICA_MAX_LAG_MS', '30s'],
  ['REPLICA_CHECK_INTERVAL_MS', '10'],
  ['REPLICA_RETURN_AFTER_MS', '-1'],
  ['REPLICA_CONNECT_TIMEOUT_MS', 'soon'],
  ['DB_POOL_MIN', '-1'],
  ['DB_POOL_MAX', '0'],
  ['DB_CONNECT_TIMEOUT_MS', '5s'],
  ['DB_ACQUIRE_TIMEOUT_MS', '10'],
  ['QUERY_TIMEOUT_MS', '1.5'],
  ['DB_CHECK_TIMEOUT_MS', 'fast'],
  ['DB_MIGRATE', 'perhaps'],
  ['APP_TIMEZONE', 'Mars/Olympus_Mons'],
  ['CORS_ORIGINS', 'pricing.example.com'],
  ['CORS_ORIGINS', 'https://ok.example.com,https://bad.example.com/path'],
  ['APP_TIMEZONE', 'CST'],
  ['APP_TIMEZONE', 'EST'],
  ['APP_TIMEZONE', 'UTC+8'],
  ['AUTH_ISSUER', 'http://login.example.com/tenant'],
  ['AUTH_ISSUER', 'not a url'],
  ['AUTH_ACCEPTED_ISSUERS', 'https://sts.windows.net/t/,not a url'],
  ['AUTH_ROLES_CLAIM', 'realm access'],
  ['AUTH_SCOPES', 'openid,profile'],
  ['AUTH_CLOCK_TOLERANCE_S', '3600'],
  ['BODY_LIMIT', 'lots'],
  ['RATE_LIMIT_PER_MINUTE', '-5'],
  ['RATE_LIMIT_METRICS', 'sometimes'],
  ['REDIS_URL', 'http://127.0.0.1:6379'],
  ['REDIS_KEY_PREFIX', 'has spaces'],
  ['TRUST_PROXY', 'yes please'],
  ['TRUST_PROXY', '-1'],
  ['TRUST_PROXY', '1.5'],
  ['LOG_LEVEL', 'verbose'],
  ['EXPORT_MAX_ROWS', '0'],
  ['SHUTDOWN_TIMEOUT_MS', 'never'],
  ['SHUTDOWN_DELAY_MS', '-1'],
  ['EXPORT_MAX_CONCURRENT', '0'],
  ['EXPORT_IDLE_TIMEOUT_MS', '10'],
  ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '500'],
  ['HTTP_HEADERS_TIMEOUT_MS', 'soon'],
  ['HTTP_REQUEST_TIMEOUT_MS', '0'],
  ['HTTP_MAX_CONNECTIONS', '0'],
];

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).to.be.instanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('with no variables, the documented defaults', () => {
    const c = loadConfig({});
    expect(c).to.include({
      port: 3001,
      bodyLimit: 65_536,
      rateLimitPerMinute: 0,
      rateLimitMetrics: false,
      trustProxyHops: 0,
      logLevel: 'info',
      shutdownTimeoutMs: 10_000,
    });
    expect(c.apiTokens).to.deep.equal([]);
    expect(c.corsOrigins).to.deep.equal([]);
    expect(c.redisUrl).to.equal(undefined);
    expect(c.redisKeyPrefix).to.equal('pricing:rl');
    expect(c.db.deferredJoinMinOffset, 'the default of paging/page-queries.ts').to.equal(DEFERRED_JOIN_MIN_OFFSET);
  });

  it('reads lists, booleans and numbers', () => {
    const c = loadConfig({
      API_TOKENS: ' token-aaaaaaaaaaaaaaaa , token-bbbbbbbbbbbbbbbb ,',
      CORS_ORIGINS: 'https://a.example.com, http://localhost:8000',
      TRUST_PROXY: 'on',
      RATE_LIMIT_PER_MINUTE: '120',
      REDIS_URL: 'redis://127.0.0.1:6379/0',
    });
    const both = ['pricing.read', 'pricing.export'];
    expect(c.apiTokens).to.deep.equal([
      { token: 'token-aaaaaaaaaaaaaaaa', roles: both },
      { token: 'token-bbbbbbbbbbbbbbbb', roles: both },
    ]);
    expect(c.corsOrigins).to.deep.equal(['https://a.example.com', 'http://localhost:8000']);
    expect(c).to.include({ trustProxyHops: 1, rateLimitPerMinute: 120, redisUrl: 'redis://127.0.0.1:6379/0' });
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).to.deep.equal(['*']);
  });

  for (const [variable, value] of BAD_VALUES) {
    it(`stops on ${variable}=${JSON.stringify(value)} with a message naming ${variable}, the value and the form expected`, () => {
      const err = configError({ [variable]: value });
      expect(err.problems).to.have.length(1);
      const shown = variable === 'API_TOKENS' ? '(value not shown)' : JSON.stringify(value);
      expect(err.problems[0]).to.match(new RegExp(`^${variable}: ${escapeRegExp(shown)} is not \\S.{5,}`));
    });
  }

  it('API_TOKENS: each mistake names its entry and the rule it breaks, never the value', () => {
    const good = 'a-long-enough-token-1234';
    const cases: [string, RegExp][] = [
      ['abc123', /^API_TOKENS: entry 1 of 1: the token has 6 characters; at least 16 are needed/],
      [`${good},${good}:pricing.write`, /^API_TOKENS: entry 2 of 2: its roles after the ":" must be pricing\.read or pricing\.export/],
      [`${good}:`, /^API_TOKENS: entry 1 of 1: its roles after the ":" must be/],
      [`${good}, Bearer ${good}x`, /^API_TOKENS: entry 2 of 2: starts with "Bearer ": list the token alone/],
      [`${good},with space in it 1234`, /^API_TOKENS: entry 2 of 2: contains a space/],
      [`${good},tok:en-0123456789abcdef:pricing.read`, /^API_TOKENS: entry 2 of 2: holds more than one ":"/],
    ];
    for (const [value, expected] of cases) {
      const err = configError({ API_TOKENS: value });
      expect(err.problems, value).to.have.length(1);
      expect(err.problems[0], value).to.match(expected);
      for (const part of value.split(/[,:\s]/).filter((p) => p.length >= 6 && !/^(pricing|Bearer)/.test(p))) {
        expect(err.message, 'the value is never shown').to.not.include(part);
      }
    }
    const two = configError({ API_TOKENS: 'short,a-long-enough-token-1234:nope' });
    expect(two.problems.map((p) => p.slice(0, 'API_TOKENS: entry 1 of 2'.length))).to.deep.equal([
      'API_TOKENS: entry 1 of 2',
      'API_TOKENS: entry 2 of 2',
    ]);
  });

  it('APP_TIMEZONE: IANA names only; an abbreviation stops start-up suggesting Asia/Shanghai', () => {
    for (const zone of ['Asia/Shanghai', 'Europe/Berlin', 'UTC', 'Etc/GMT-8', 'America/Argentina/Buenos_Aires']) {
      expect(loadConfig({ APP_TIMEZONE: zone }).appTimeZone, zone).to.equal(zone);
    }
    for (const zone of ['CST', 'EST', 'PST', 'UTC+8', 'GMT', 'Asia/Nowhere']) {
      expect(configError({ APP_TIMEZONE: zone }).message, zone)
        .to.include(`APP_TIMEZONE: "${zone}" is not an IANA time zone name`)
        .and.include('Asia/Shanghai');
    }
  });

  it('DB_FILENAME: only the default file (or DB_SEED_DEMO=true) may be created and given the demo data', () => {
    expect(loadConfig({}).db).to.include({ filename: 'data/pricing.sqlite3', seedDemo: true });
    expect(loadConfig({ DB_FILENAME: './data/pricing.sqlite3' }).db.seedDemo, 'the default file, spelt otherwise').to.equal(true);
    expect(loadConfig({ DB_FILENAME: '/srv/pricing/real.sqlite3' }).db.seedDemo).to.equal(false);
    expect(loadConfig({ DB_FILENAME: '/tmp/demo.sqlite3', DB_SEED_DEMO: 'true' }).db.seedDemo).to.equal(true);
    expect(loadConfig({ DB_SEED_DEMO: 'false' }).db.seedDemo).to.equal(false);
  });

  it('reads the roles a static token carries after a colon; a bare token has both', () => {
    const c = loadConfig({
      API_TOKENS: 'reader-token-0123456789:pricing.read,both-token-0123456789:pricing.read+pricing.export,bare-token-0123456789',
    });
    expect(c.apiTokens).to.deep.equal([
      { token: 'reader-token-0123456789', roles: ['pricing.read'] },
      { token: 'both-token-0123456789', roles: ['pricing.read', 'pricing.export'] },
      { token: 'bare-token-0123456789', roles: ['pricing.read', 'pricing.export'] },
    ]);
  });

  it('company sign-in: off by default; with AUTH_ISSUER its settings, the audience required', () => {
    expect(loadConfig({}).auth).to.equal(undefined);
    const c = loadConfig({
      AUTH_ISSUER: 'https://login.microsoftonline.com/tenant-id/v2.0',
      AUTH_AUDIENCE: 'api://pricing',
      AUTH_ACCEPTED_ISSUERS: 'https://sts.windows.net/tenant-id/',
      AUTH_CLIENT_ID: 'page-client',
      AUTH_SCOPES: 'openid  profile api://pricing/access_as_user',
    });
    expect(c.auth).to.deep.equal({
      issuer: 'https://login.microsoftonline.com/tenant-id/v2.0',
      acceptedIssuers: ['https://login.microsoftonline.com/tenant-id/v2.0', 'https://sts.windows.net/tenant-id/'],
      audiences: ['api://pricing'],
      rolesClaim: 'roles',
      nameClaim: 'name',
      clientId: 'page-client',
      scopes: 'openid profile api://pricing/access_as_user',
      clockToleranceS: 30,
    });
    expect(loadConfig({ AUTH_ISSUER: 'http://127.0.0.1:8080', AUTH_AUDIENCE: 'x' }).auth?.issuer, 'http on this machine').to.equal(
      'http://127.0.0.1:8080',
    );
    expect(configError({ AUTH_ISSUER: 'https://idp.example.com' }).message).to.match(/AUTH_AUDIENCE: required/);
    expect(configError({ AUTH_AUDIENCE: 'api://pricing' }).message).to.match(/AUTH_AUDIENCE: set, but AUTH_ISSUER is not/);
    const jwtShaped = configError({ AUTH_ISSUER: 'https://idp.example.com', AUTH_AUDIENCE: 'a', API_TOKENS: 'aaaaaaaa.bbbbbbbb.cccccccc' });
    expect(jwtShaped.message).to.include('API_TOKENS: a token looks like a JWT').and.not.include('aaaaaaaa');
  });

  it('quotes the value and the expected form: PORT=abc', () => {
    expect(configError({ PORT: 'abc' }).problems).to.deep.equal(['PORT: "abc" is not a port number (0–65535; 0 picks a free one)']);
  });

  it('never prints a secret: tokens not at all, a URL without its password', () => {
    const tokens = configError({ API_TOKENS: 'tooshort-secret' });
    expect(tokens.message).to.not.include('tooshort-secret');
    const redis = configError({ REDIS_URL: 'http://user:hunter2-secret@cache:6379' });
    expect(redis.message).to.include('REDIS_URL: "http://user:***@cache:6379/"').and.not.include('hunter2');
    const db = configError({ DATABASE_URL: 'postgres://u:hunter2-secret@db:5432/x', DB_NAME: 'y' });
    expect(db.message).to.not.include('hunter2');
  });

  it('stops on DB_POOL_MIN above DB_POOL_MAX, naming DB_POOL_MIN', () => {
    expect(configError({ DB_POOL_MIN: '5', DB_POOL_MAX: '2' }).message).to.include('DB_POOL_MIN');
  });

  it('stops on a networked DB_CLIENT without DB_HOST or DATABASE_URL, naming DB_HOST', () => {
    expect(configError({ DB_CLIENT: 'pg' }).message).to.include('DB_HOST');
  });

  it('infers DB_CLIENT from the DATABASE_URL scheme', () => {
    const cases: [string, string][] = [
      ['postgres://reader@db.example:5432/pricing', 'pg'],
      ['postgresql://reader@db.example/pricing', 'pg'],
      ['mysql://root@127.0.0.1:3306/pricing', 'mysql2'],
      ['mariadb://root@127.0.0.1/pricing', 'mysql2'],
      ['mssql://reader:pw@sql.example:1433/pricing', 'mssql'],
    ];
    for (const [url, client] of cases) {
      const c = loadConfig({ DATABASE_URL: url });
      expect(c.db.client, url).to.equal(client);
      expect(c.db.migrate, `${url}: a networked database is not migrated by default`).to.equal(false);
    }
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', DB_CLIENT: 'pg' }).db.client).to.equal('pg');
  });

  it("a read replica: DATABASE_READ_URL with the primary's settings, the read intent moved to it, its waits bounded", () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@primary/db' }).replica, 'none without DATABASE_READ_URL').to.equal(undefined);
    const c = loadConfig({
      DB_CLIENT: 'mssql',
      DB_HOST: 'sql-primary',
      DB_USER: 'reader',
      DB_PASSWORD: 'pw',
      DB_NAME: 'pricing',
      DB_POOL_MAX: '7',
      DB_READ_ONLY_INTENT: 'true',
      DB_CONNECT_TIMEOUT_MS: '5000',
      DATABASE_READ_URL: 'mssql://reader:pw@ag-listener:1433/pricing',
      REPLICA_MAX_LAG_MS: '2000',
    });
    expect(c.db.readOnlyIntent, "the primary's connection takes no read intent").to.equal(false);
    expect(c.replica?.db).to.include({
      client: 'mssql',
      url: 'mssql://reader:pw@ag-listener:1433/pricing',
      host: undefined,
      readOnlyIntent: true,
      poolMax: 7,
      connectTimeoutMs: 2000,
      acquireTimeoutMs: 2000,
      migrate: false,
    });
    expect(c.replica).to.include({ maxLagMs: 2000, checkIntervalMs: 1000, returnAfterMs: 10_000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://x@p/db', DATABASE_READ_URL: 'postgres://x@s/db' }).replica?.maxLagMs, 'default').to.equal(
      30_000,
    );
    // Without a replica DB_READ_ONLY_INTENT stays the one connection's, as before.
    expect(loadConfig({ DATABASE_URL: 'mssql://x@ag/db', DB_READ_ONLY_INTENT: 'true' }).db.readOnlyIntent).to.equal(true);
  });

  it('refuses a DATABASE_READ_URL for another client than the primary, and replica settings without it', () => {
    expect(configError({ DATABASE_URL: 'postgres://x@p/db', DATABASE_READ_URL: 'mysql://x@s/db' }).problems[0]).to.match(
      /^DATABASE_READ_URL: a mysql:\/\/ URL \(mysql2\), but the primary database is pg/,
    );
    expect(configError({ DATABASE_READ_URL: 'postgres://x@s/db' }).problems[0], 'SQLite has no replica').to.match(
      /^DATABASE_READ_URL: .*the primary database is better-sqlite3/,
    );
    expect(configError({ DATABASE_URL: 'postgres://x@p/db', DATABASE_READ_URL: 'redis://x@s/db' }).problems[0]).to.match(
      /^DATABASE_READ_URL: unknown scheme redis:/,
    );
    expect(
      configError({ DATABASE_URL: 'postgres://x@p/db', REPLICA_MAX_LAG_MS: '5000', REPLICA_RETURN_AFTER_MS: '0' }).problems,
    ).to.deep.equal([
      'REPLICA_MAX_LAG_MS: set, but DATABASE_READ_URL is not: set DATABASE_READ_URL or unset REPLICA_MAX_LAG_MS',
      'REPLICA_RETURN_AFTER_MS: set, but DATABASE_READ_URL is not: set DATABASE_READ_URL or unset REPLICA_RETURN_AFTER_MS',
    ]);
    const secret = configError({ DATABASE_URL: 'postgres://x@p/db', DATABASE_READ_URL: 'postgres://u:hunter2-secret@ bad/db' });
    expect(secret.message).to.include('DATABASE_READ_URL').and.not.include('hunter2');
  });

  it('refuses a DATABASE_URL whose scheme names no supported database, naming DATABASE_URL', () => {
    const err = configError({ DATABASE_URL: 'redis://127.0.0.1:6379' });
    expect(err.problems).to.have.length(1);
    expect(err.problems[0]).to.match(/^DATABASE_URL: .*redis:/);
  });

  it('refuses DB_CLIENT contradicting the DATABASE_URL scheme, naming both', () => {
    for (const [client, url] of [
      ['pg', 'mysql://root@127.0.0.1/pricing'],
      ['mysql2', 'postgres://x@h/db'],
      ['better-sqlite3', 'postgres://x@h/db'],
    ]) {
      const err = configError({ DB_CLIENT: client, DATABASE_URL: url });
      expect(err.problems, `${client} + ${url}`).to.have.length(1);
      expect(err.problems[0])
        .to.match(/^DB_CLIENT: /)
        .and.include('DATABASE_URL')
        .and.include(client);
    }
  });

  it('refuses DB_HOST without DB_CLIENT, or with SQLite, instead of serving the SQLite file', () => {
    expect(configError({ DB_HOST: 'db.example' }).problems[0]).to.match(/^DB_HOST: .*DB_CLIENT/);
    expect(configError({ DB_HOST: 'db.example', DB_CLIENT: 'better-sqlite3' }).problems[0]).to.match(/^DB_HOST: .*DB_CLIENT/);
    expect(loadConfig({ DB_HOST: 'db.example', DB_CLIENT: 'pg' }).db).to.include({ client: 'pg', host: 'db.example' });
  });

  it('refuses DB_HOST … DB_NAME next to DATABASE_URL (they would be ignored), naming each', () => {
    const err = configError({ DATABASE_URL: 'postgres://x@h/db', DB_HOST: 'other', DB_NAME: 'other' });
    expect(err.problems.map((p) => p.split(':')[0])).to.deep.equal(['DB_HOST', 'DB_NAME']);
    expect(err.problems.every((p) => p.includes('DATABASE_URL'))).to.equal(true);
  });

  it('`tsx src/server.ts` with DATABASE_URL=mysql://… and DB_CLIENT=pg exits naming both, without listening', function () {
    // Generous: CI runs this beside three database suites, and a child killed by the time-out prints nothing.
    this.timeout(100_000);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, DB_CLIENT: 'pg', DATABASE_URL: 'mysql://root@127.0.0.1:3306/test', PORT: '0' },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(result.signal, 'not killed by the time-out').to.equal(null);
    expect(result.status).to.not.equal(0);
    expect(result.stderr).to.include('DB_CLIENT').and.include('DATABASE_URL');
    expect(result.stdout).to.not.include('listening');
  });

  it('stops on HTTP_HEADERS_TIMEOUT_MS above HTTP_REQUEST_TIMEOUT_MS (Node would refuse it), naming it', () => {
    expect(configError({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' }).message).to.include(
      'HTTP_HEADERS_TIMEOUT_MS',
    );
  });

  it("the shutdown, export and HTTP server defaults are chosen, not Node's", () => {
    const c = loadConfig({});
    expect(c).to.include({ shutdownDelayMs: 5000, exportMaxConcurrent: 4 });
    expect(c.http).to.deep.equal({
      keepAliveTimeoutMs: 65_000,
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 30_000,
      maxConnections: 1000,
      idleReaderTimeoutMs: 30_000,
    });
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(err.message).to.include('PORT').and.include('LOG_LEVEL');
  });
});

describe('start-up with a bad variable', () => {
  // Generous time-outs: CI runs these beside three database suites, and a killed child prints nothing.
  const start = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, PORT: '0', ...env },
      encoding: 'utf8',
      timeout: 90_000,
    });

  it('a DB_FILENAME that does not exist (not the default): exit 1 saying what to do; nothing is created', function () {
    this.timeout(100_000);
    const dir = path.join(os.tmpdir(), `pricing-missing-${process.pid}`);
    const result = start({ DB_FILENAME: path.join(dir, 'x.sqlite3') });
    expect(result.status, result.stderr).to.equal(1);
    expect(result.stderr)
      .to.include('DB_FILENAME')
      .and.include('does not exist')
      .and.include('npm run db:setup')
      .and.include('DB_SEED_DEMO=true');
    expect(result.stdout).to.not.include('listening');
    expect(fs.existsSync(dir), 'no folder was created').to.equal(false);
  });

  it('a DB_FILENAME that is a directory: exit 1 naming it', function () {
    this.timeout(100_000);
    const result = start({ DB_FILENAME: os.tmpdir() });
    expect(result.status, result.stderr).to.equal(1);
    expect(result.stderr).to.include('DB_FILENAME').and.include('is a directory');
  });

  it('APP_TIMEZONE=CST: exit 1 suggesting Asia/Shanghai', function () {
    this.timeout(100_000);
    const result = start({ APP_TIMEZONE: 'CST', DB_FILENAME: ':memory:' });
    expect(result.status).to.equal(1);
    expect(result.stderr).to.include('APP_TIMEZONE').and.include('Asia/Shanghai');
  });

  it('`tsx src/server.ts` exits non-zero and names the variable on stderr', function () {
    this.timeout(100_000);
    const result = start({ PORT: 'not-a-port', DB_FILENAME: ':memory:' });
    expect(result.status).to.not.equal(0);
    expect(result.status).to.not.equal(null);
    expect(result.stderr).to.include('PORT');
    expect(result.stdout).to.not.include('listening');
  });
});
