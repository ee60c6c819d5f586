import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import { waitFor } from './wait.js';

/**
 * A PostgreSQL primary and a hot standby of it, built in a temporary folder from the machine's
 * binaries (PG_BIN, default /usr/lib/postgresql/15/bin) and run as the postgres user (initdb and
 * pg_ctl refuse root): initdb, then `pg_basebackup -R -X stream -c fast` (a fast checkpoint: the
 * pair is up in about a second instead of waiting for a spread one). Free ports of 127.0.0.1, no
 * socket outside the folder; the machine's own cluster is never touched. destroy() stops both and
 * removes the folder; an exit that skips it (a crashed run) still stops the servers.
 */

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

/** A command of PG_BIN as the postgres user. */
function asPostgres(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args], { timeout: 60_000 });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Settings both servers share: small, fast, and never fsync (the folder is thrown away). */
function commonSettings(port: number, dir: string): string {
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'fsync = off',
    'full_page_writes = off',
    'shared_buffers = 16MB',
    'max_connections = 60',
    "log_line_prefix = '%m [%p] %a@%d '",
    // No vacuum on its own schedule: its cleanup could cancel a standby's read (a replay conflict)
    // at a moment no test chose.
    'autovacuum = off',
    '',
  ].join('\n');
}

const live = new Set<PgStandbyPair>();
process.once('exit', () => {
  for (const pair of live) pair.destroySync();
});

export class PgStandbyPair {
  private constructor(
    readonly dir: string,
    readonly primaryPort: number,
    readonly standbyPort: number,
  ) {}

  /** The primary with `database` created on it (migrate and seed it, then call addStandby()). */
  static async create(database: string): Promise<PgStandbyPair> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-replica-'));
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    fs.chownSync(dir, uid, gid);
    const pair = new PgStandbyPair(dir, await freePort(), await freePort());
    live.add(pair);
    try {
      await asPostgres('initdb', ['--no-sync', '-D', pair.primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
      fs.appendFileSync(path.join(pair.primaryDir, 'postgresql.conf'), commonSettings(pair.primaryPort, dir));
      fs.appendFileSync(path.join(pair.primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
      await asPostgres('pg_ctl', ['-D', pair.primaryDir, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
      await pair.onPrimary('postgres', (db) => db.raw(`create database "${database}" encoding 'UTF8' template template0`));
    } catch (err) {
      pair.destroySync();
      throw err;
    }
    return pair;
  }

  get primaryDir(): string {
    return path.join(this.dir, 'primary');
  }

  get standbyDir(): string {
    return path.join(this.dir, 'standby');
  }

  url(server: 'primary' | 'standby', database: string): string {
    return `postgres://postgres@127.0.0.1:${server === 'primary' ? this.primaryPort : this.standbyPort}/${database}`;
  }

  /**
   * The standby: a base backup of the primary as it is now, following it by streaming. A read
   * that holds a lock replay needs is cancelled after 500 ms (the replay-conflict case needs a
   * short wait); deadlock_timeout is long so that such a conflict is replay's cancel (40001), not
   * the deadlock detector's (40P01).
   */
  async addStandby(): Promise<void> {
    await asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.primaryPort),
      '-U',
      'postgres',
      '-D',
      this.standbyDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    fs.appendFileSync(
      path.join(this.standbyDir, 'postgresql.conf'),
      `${commonSettings(this.standbyPort, this.dir)}max_standby_streaming_delay = 500ms\ndeadlock_timeout = 60s\n`,
    );
    await this.startStandby();
  }

  async startStandby(): Promise<void> {
    await asPostgres('pg_ctl', ['-D', this.standbyDir, '-l', path.join(this.dir, 'standby.log'), '-w', 'start']);
    await waitFor(
      async () => {
        try {
          return await this.onStandby('postgres', async (db) => {
            const r = await db.raw(`select status from pg_stat_wal_receiver`);
            return r.rows[0]?.status === 'streaming';
          });
        } catch {
          return false;
        }
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the standby to stream from the primary' },
    );
  }

  /** A fast shutdown (SIGINT, as the official image's STOPSIGNAL): sessions are ended, the port closes. */
  async stopStandby(): Promise<void> {
    await asPostgres('pg_ctl', ['-D', this.standbyDir, '-m', 'fast', '-w', 'stop']);
  }

  /**
   * SIGKILL to the standby's postmaster and every process it started, at once (an OOM kill, a node
   * lost): sent before the first await, so a caller may go on without waiting. The promise settles
   * once they are gone: the postmaster, reparented, stays a zombie until PID 1 reaps it, and a new
   * postmaster would take it for a live one.
   */
  async killStandby(): Promise<void> {
    const postmaster = Number(fs.readFileSync(path.join(this.standbyDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pids = [postmaster, ...childrenOf(postmaster)];
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await waitFor(() => pids.every((pid) => !fs.existsSync(`/proc/${pid}`)), {
      timeoutMs: 15_000,
      intervalMs: 100,
      what: "the killed standby's processes to be gone",
    });
  }

  /**
   * Every statement into both servers' logs from now on (the standby takes the setting from the
   * primary's base backup): where a request ran is read from the servers themselves, since their
   * pg_stat counters lag behind pooled connections. After the seed, whose inserts would fill the log.
   */
  async logStatements(): Promise<void> {
    await this.onPrimary('postgres', async (db) => {
      await db.raw(`alter system set log_statement = 'all'`);
      await db.raw('select pg_reload_conf()');
    });
  }

  /** What a server logged for `application` on `database` so far (`LOG:  statement: …`, `ERROR:  …`), first lines only. */
  logged(server: 'primary' | 'standby', application: string, database: string): string[] {
    const marker = ` ${application}@${database} `;
    const log = fs.readFileSync(path.join(this.dir, `${server}.log`), 'utf8');
    return log
      .split('\n')
      .filter((line) => line.includes(marker))
      .map((line) => line.slice(line.indexOf(marker) + marker.length));
  }

  /** The statements `application` ran on `database` of a server so far, from its log. */
  statements(server: 'primary' | 'standby', application: string, database: string): string[] {
    return this.logged(server, application, database)
      .filter((text) => /^LOG: {2}(statement|execute [^:]*):/.test(text))
      .map((text) => text.replace(/^LOG: {2}/, ''));
  }

  async onPrimary<T>(database: string, work: (db: Knex) => Promise<T>): Promise<T> {
    return withKnex(this.primaryPort, database, work);
  }

  async onStandby<T>(database: string, work: (db: Knex) => Promise<T>): Promise<T> {
    return withKnex(this.standbyPort, database, work);
  }

  /** A knex instance on one server, for a test to hold (a lock in a transaction); the caller destroys it. */
  connect(server: 'primary' | 'standby', database: string): Knex {
    return knexFor(server === 'primary' ? this.primaryPort : this.standbyPort, database);
  }

  async destroy(): Promise<void> {
    for (const dir of [this.standbyDir, this.primaryDir]) {
      if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
        await asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      }
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
    live.delete(this);
  }

  /** destroy() for an exit handler, where nothing asynchronous runs. */
  destroySync(): void {
    for (const dir of [this.standbyDir, this.primaryDir]) {
      if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
        spawnSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, 'pg_ctl'), '-D', dir, '-m', 'immediate', 'stop']);
      }
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
    live.delete(this);
  }
}

function knexFor(port: number, database: string): Knex {
  return knexFactory({
    client: 'pg',
    connection: { host: '127.0.0.1', port, user: 'postgres', database, connectionTimeoutMillis: 3000 },
    pool: { min: 0, max: 2 },
  });
}

async function withKnex<T>(port: number, database: string, work: (db: Knex) => Promise<T>): Promise<T> {
  const db = knexFor(port, database);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** The processes whose parent is `pid` (/proc/<pid>/stat's fourth field). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields after its closing one.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}
