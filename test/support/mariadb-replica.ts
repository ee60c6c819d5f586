import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import { waitFor } from './wait.js';

/**
 * A MariaDB primary and a replica of it: two mariadbd instances of the machine's MariaDB in a
 * temporary folder, run as the mysql user, on free ports of 127.0.0.1 (the machine's own server
 * is never touched). One data folder is made by mariadb-install-db and copied for the replica,
 * which then replicates the primary's binlog from its first event (CHANGE MASTER … MASTER_LOG_POS=4).
 * destroy() stops both and removes the folder; an exit that skips it still stops them.
 */

const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const live = new Set<MariaDbReplicaPair>();
process.once('exit', () => {
  for (const pair of live) pair.destroySync();
});

type Server = 'primary' | 'replica';

export class MariaDbReplicaPair {
  private constructor(
    readonly dir: string,
    readonly ports: Record<Server, number>,
  ) {}

  static async create(): Promise<MariaDbReplicaPair> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-mariadb-replica-'));
    spawnSync('chown', ['mysql:mysql', dir]);
    const pair = new MariaDbReplicaPair(dir, { primary: await freePort(), replica: await freePort() });
    live.add(pair);
    try {
      await run('runuser', [
        '-u',
        'mysql',
        '--',
        'mariadb-install-db',
        '--no-defaults',
        `--datadir=${pair.dataDir('primary')}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
      ]);
      await run('cp', ['-a', pair.dataDir('primary'), pair.dataDir('replica')]);
      await Promise.all([pair.start('primary'), pair.start('replica')]);
      await pair.on('replica', async (db) => {
        await db.raw(
          `change master to master_host = '127.0.0.1', master_port = ?, master_user = 'root', master_password = '',
             master_log_file = 'mysql-bin.000001', master_log_pos = 4, master_use_gtid = no`,
          [pair.ports.primary],
        );
        await db.raw('start slave');
      });
    } catch (err) {
      pair.destroySync();
      throw err;
    }
    return pair;
  }

  dataDir(server: Server): string {
    return path.join(this.dir, server);
  }

  url(server: Server, database: string): string {
    return `mysql://root@127.0.0.1:${this.ports[server]}/${database}`;
  }

  /** Starts a server (again) and waits until it answers. The replica resumes replicating by itself. */
  async start(server: Server): Promise<void> {
    const args = [
      '-u',
      'mysql',
      '--',
      'mariadbd',
      '--no-defaults',
      `--datadir=${this.dataDir(server)}`,
      `--port=${this.ports[server]}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(this.dir, `${server}.sock`)}`,
      `--pid-file=${path.join(this.dir, `${server}.pid`)}`,
      `--log-error=${path.join(this.dir, `${server}.err`)}`,
      `--server-id=${server === 'primary' ? 1 : 2}`,
      '--log-bin=mysql-bin',
      '--binlog-format=ROW',
      '--innodb-buffer-pool-size=32M',
      '--innodb-flush-log-at-trx-commit=2',
      '--character-set-server=utf8mb4',
      ...(server === 'replica' ? ['--relay-log=relay-bin', '--read-only=1'] : []),
    ];
    const child = spawn('runuser', args, { detached: true, stdio: 'ignore' });
    child.unref();
    await waitFor(
      async () => {
        try {
          return await this.on(server, async (db) => (await db.raw('select 1'), true));
        } catch {
          return false;
        }
      },
      { timeoutMs: 30_000, intervalMs: 100, what: `the MariaDB ${server} to answer` },
    );
  }

  /** SIGTERM (a normal shutdown), and waits until the process is gone. */
  async stop(server: Server): Promise<void> {
    const file = path.join(this.dir, `${server}.pid`);
    if (!fs.existsSync(file)) return;
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      return;
    }
    await waitFor(
      () => !fs.existsSync(`/proc/${pid}`) || /^\S+ \S+ Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/\(.*\)/, 'x')),
      {
        timeoutMs: 30_000,
        intervalMs: 100,
        what: `the MariaDB ${server} to stop`,
      },
    );
  }

  async on<T>(server: Server, work: (db: Knex) => Promise<T>, database?: string): Promise<T> {
    const db = knexFactory({
      client: 'mysql2',
      connection: { host: '127.0.0.1', port: this.ports[server], user: 'root', database, connectTimeout: 3000 },
      pool: { min: 0, max: 1 },
    });
    try {
      return await work(db);
    } finally {
      await db.destroy();
    }
  }

  async destroy(): Promise<void> {
    await Promise.all([this.stop('replica'), this.stop('primary')]).catch(() => {});
    fs.rmSync(this.dir, { recursive: true, force: true });
    live.delete(this);
  }

  destroySync(): void {
    for (const server of ['replica', 'primary'] as const) {
      const file = path.join(this.dir, `${server}.pid`);
      if (fs.existsSync(file)) {
        try {
          process.kill(Number(fs.readFileSync(file, 'utf8').trim()), 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
    live.delete(this);
  }
}
