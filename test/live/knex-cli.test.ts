import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { expect } from 'chai';
import { liveSqliteEnv } from './live-support.js';

/**
 * The knex CLI as a newcomer runs it (`npm run knex -- …`): it names the database it uses, and a
 * database it cannot use gets one line of advice, never a stack trace or the password.
 */
function knexCli(env: NodeJS.ProcessEnv, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'node_modules/knex/bin/cli.js', '--knexfile', 'knexfile.ts', ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('the knex CLI (knexfile.ts)', function () {
  this.timeout(90_000);
  const password = `s3cret-${crypto.randomBytes(4).toString('hex')}`;

  it('names the PostgreSQL database it uses, host:port/name, without the password', () => {
    const { status, out } = knexCli({ DATABASE_URL: `postgres://postgres:${password}@127.0.0.1:5432/test` }, 'migrate:status');
    expect(out).to.include('knex: pg 127.0.0.1:5432/test (user postgres)');
    expect(out).to.not.include(password);
    expect(status, out).to.be.oneOf([0, 1]); // the test database may hold no migrations: knex says so
  });

  it('names the SQLite file it uses', () => {
    const sqlite = liveSqliteEnv('knex-cli');
    try {
      const { status, out } = knexCli(sqlite.env, 'migrate:status');
      expect(out).to.include(`knex: better-sqlite3 ${sqlite.env.DB_FILENAME}`);
      expect(status, out).to.equal(0);
    } finally {
      sqlite.remove();
    }
  });

  for (const [name, url, advice] of [
    [
      'a database that does not exist',
      `postgres://postgres:${password}@127.0.0.1:5432/no_such_db_${process.pid}`,
      /does not exist: create it/,
    ],
    ['a login the server refuses', `mysql://root:${password}@127.0.0.1:3306/test`, /cannot be used \(login-failed\)/],
    ['a server that is not there', `postgres://postgres:${password}@127.0.0.1:1/test`, /cannot be used \(connection-refused\)/],
  ] as const) {
    it(`${name}: one line of advice and exit 1, no stack trace, no password`, () => {
      const { status, out } = knexCli({ DATABASE_URL: url }, 'migrate:status');
      expect(status, out).to.equal(1);
      expect(out).to.match(advice);
      expect(out, 'no stack trace').to.not.match(/^\s+at /m);
      expect(out).to.not.include(password);
    });
  }
});
