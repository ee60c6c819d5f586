/**
 * `npm run check:rolling` (SQLite) and `npm run check:rolling:pg` (PostgreSQL): a rolling restart
 * measured as an operator would see it. Two instances of the compiled service (dist/src/server.js,
 * built here when stale), started the documented way (plain node), behind HAProxy (Debian's package, installed here when missing) that
 * health-checks GET /api/health/ready. autocannon sends 16 connections through HAProxy for
 * ROLLING_SECONDS (default 36) while each instance in turn gets SIGTERM, drains, exits and is started
 * again. Prints the figures and exits 1 unless there were 0 non-2xx answers and 0 socket errors.
 *
 * Then the client address behind the same HAProxy (`option forwardfor`): a third instance with
 * TRUST_PROXY=true and a rate limit of 10 a minute gets 14 requests whose X-Forwarded-For starts
 * with an address of the client's choosing; only 10 may pass, and its log must name the address
 * HAProxy saw, never the client's.
 *
 * Ports 18080 (HAProxy) and 18081/18082 (instances) on 127.0.0.1, 18083/18084 for the address check. On PostgreSQL (ROLLING_DB=pg) the
 * script creates its own database (pricing_rolling_<pid>) on 127.0.0.1:5432 as postgres (TEST_PG_*
 * override), migrates and seeds it, and drops it at the end.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';

/** ROLLING_ROOT / ROLLING_CHECK_PATH: run another tree's server (a `git archive` of an older commit, for before-figures; /api/info there). */
const ROOT = path.resolve(process.env.ROLLING_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const CHECK_PATH = process.env.ROLLING_CHECK_PATH ?? '/api/health/ready';
const SECONDS = Number(process.env.ROLLING_SECONDS ?? 36);
const LB_PORT = 18080;
const INSTANCE_PORTS = [18081, 18082] as const;
const LIMITED_LB_PORT = 18083;
const LIMITED_PORT = 18084;
const LIMIT_PER_MINUTE = 10;
/** Longer than HAProxy needs to see readiness fail (inter 500 ms × fall 1, plus the check itself). */
const SHUTDOWN_DELAY_MS = 2000;
const DB = process.env.ROLLING_DB === 'pg' ? 'pg' : 'better-sqlite3';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 23)}] ${msg}`);

function ensureHaproxy(): string {
  const r = spawnSync('bash', [path.join(path.dirname(fileURLToPath(import.meta.url)), 'ensure-haproxy.sh')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`scripts/ensure-haproxy.sh failed (${r.status})`);
  return spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
}

/** The database both instances read: a seeded SQLite file, or a fresh PostgreSQL database. */
async function prepareDatabase(): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  if (DB === 'better-sqlite3') {
    const file = path.join(os.tmpdir(), `pricing-rolling-${process.pid}.sqlite3`);
    const env = { DB_CLIENT: 'better-sqlite3', DB_FILENAME: file };
    const db = createDb(loadConfig(env).db);
    await db.migrate.latest();
    await db.seed.run();
    await db.destroy();
    return {
      env: { ...env, DB_MIGRATE: 'false' },
      drop: () => {
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
        return Promise.resolve();
      },
    };
  }
  const admin = {
    host: process.env.TEST_PG_HOST ?? '127.0.0.1',
    port: Number(process.env.TEST_PG_PORT ?? 5432),
    user: process.env.TEST_PG_USER ?? 'postgres',
    password: process.env.TEST_PG_PASSWORD ?? '',
    database: process.env.TEST_PG_DATABASE ?? 'test',
  };
  const name = `pricing_rolling_${process.pid}`;
  const adminDb = knexFactory({ client: 'pg', connection: admin });
  await adminDb.raw('create database ??', [name]);
  const env = {
    DB_CLIENT: 'pg',
    DB_HOST: admin.host,
    DB_PORT: String(admin.port),
    DB_USER: admin.user,
    DB_PASSWORD: admin.password,
    DB_NAME: name,
  };
  const db = createDb(loadConfig(env).db);
  await db.migrate.latest();
  await db.seed.run();
  await db.destroy();
  return {
    env,
    async drop() {
      await adminDb.raw('drop database if exists ?? with (force)', [name]);
      await adminDb.destroy();
    },
  };
}

interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** The compiled service, built when stale; an older tree from before the build runs under tsx. */
function serverEntry(): string[] {
  if (!fs.existsSync(path.join(ROOT, 'scripts/build-server.ts'))) return ['--import', 'tsx', 'src/server.ts'];
  return ['dist/src/server.js'];
}

async function startInstance(port: number, dbEnv: NodeJS.ProcessEnv, logLines?: string[]): Promise<Instance> {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--heap-growing-percent=50', ...serverEntry()], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...dbEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logLines ? 'info' : 'warn',
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      MALLOC_ARENA_MAX: '2',
    },
    stdio: ['ignore', logLines ? 'pipe' : 'inherit', 'inherit'],
  });
  // Line by line: the service writes its log in blocks, which need not end at a line's end.
  if (logLines && child.stdout) readline.createInterface({ input: child.stdout }).on('line', (line) => line && logLines.push(line));
  // 'close', not 'exit': by then the log the instance flushed on its way out has been read too.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${CHECK_PATH}`);
      if (res.status === 200) return { port, child, exited };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`instance on ${port} did not become ready`);
}

function haproxyConfig(): string {
  return `global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 10s
  timeout check 2s
  option forwardfor
frontend pricing
  bind 127.0.0.1:${LB_PORT}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET ${CHECK_PATH}
  http-check expect status 200
  default-server inter 500ms fall 1 rise 2
${INSTANCE_PORTS.map((p, i) => `  server i${i + 1} 127.0.0.1:${p} check`).join('\n')}
frontend limited
  bind 127.0.0.1:${LIMITED_LB_PORT}
  default_backend limited
backend limited
  server l1 127.0.0.1:${LIMITED_PORT}
`;
}

/**
 * The rate limit and the log behind HAProxy with TRUST_PROXY=true: the left part of
 * X-Forwarded-For is the client's to write, so varying it must not buy more requests.
 */
async function checkClientAddress(dbEnv: NodeJS.ProcessEnv): Promise<boolean> {
  const logLines: string[] = [];
  const limited = await startInstance(
    LIMITED_PORT,
    { ...dbEnv, TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: String(LIMIT_PER_MINUTE) },
    logLines,
  );
  const statuses: number[] = [];
  try {
    for (let i = 0; i < LIMIT_PER_MINUTE + 4; i++) {
      const res = await fetch(`http://127.0.0.1:${LIMITED_LB_PORT}/api/stats/tables`, { headers: { 'X-Forwarded-For': `10.9.9.${i}` } });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  } finally {
    // The log goes out through a buffer: it is complete once the instance has stopped.
    limited.child.kill('SIGTERM');
    await limited.exited;
  }
  const passed = statuses.filter((s) => s === 200).length;
  const limitedCount = statuses.filter((s) => s === 429).length;
  const ips = new Set(
    logLines
      .map((l) => JSON.parse(l) as { msg?: string; route?: string; ip?: string })
      .filter((l) => l.msg === 'request' && l.route === '/api/stats/tables')
      .map((l) => l.ip),
  );
  console.log('');
  console.log(`client address behind HAProxy (option forwardfor, TRUST_PROXY=true, ${LIMIT_PER_MINUTE}/min):`);
  console.log(`  ${statuses.length} requests with X-Forwarded-For 10.9.9.<i>: ${passed} × 200, ${limitedCount} × 429`);
  console.log(`  addresses in the request log: ${[...ips].join(', ') || '(none)'}`);
  const ok = passed === LIMIT_PER_MINUTE && limitedCount === 4 && ips.size === 1 && ips.has('127.0.0.1');
  console.log(ok ? 'OK: the client could not choose its address' : 'FAILED: the client chose its address');
  return ok;
}

async function main(): Promise<void> {
  if (fs.existsSync(path.join(ROOT, 'scripts/build-server.ts'))) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', '--if-stale'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const haproxyBin = ensureHaproxy();
  log(`database: ${DB}`);
  const database = await prepareDatabase();
  const instances: (Instance | undefined)[] = [];
  let haproxy: ChildProcess | undefined;
  const restarts: string[] = [];
  try {
    for (const port of INSTANCE_PORTS) instances.push(await startInstance(port, database.env));
    const cfg = path.join(os.tmpdir(), `pricing-rolling-${process.pid}.cfg`);
    fs.writeFileSync(cfg, haproxyConfig());
    haproxy = spawn(haproxyBin, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    await sleep(2500); // both servers seen up (rise 2 × 500 ms)

    const until = Date.now() + SECONDS * 1000;
    const load = autocannon({
      url: `http://127.0.0.1:${LB_PORT}`,
      connections: 16,
      duration: SECONDS,
      requests: [
        { method: 'GET', path: '/api/info' },
        {
          method: 'POST',
          path: '/api/query/pricing',
          headers: { 'content-type': 'application/json' },
          body: '{"keyword":"支架","pageSize":20}',
        },
        { method: 'POST', path: '/api/query/pricing-details', headers: { 'content-type': 'application/json' }, body: '{"pricingId":7}' },
      ],
    });

    // Roll: each instance in turn, again and again while the load runs.
    const rolling = (async () => {
      await sleep(3000);
      for (let turn = 0; Date.now() < until - 9000; turn++) {
        const index = turn % instances.length;
        const old = instances[index]!;
        const t0 = Date.now();
        old.child.kill('SIGTERM');
        const code = await old.exited;
        const stoppedMs = Date.now() - t0;
        instances[index] = await startInstance(old.port, database.env);
        restarts.push(`:${old.port} SIGTERM -> exit ${code} after ${stoppedMs} ms, ready again after ${Date.now() - t0} ms`);
        log(restarts.at(-1)!);
        await sleep(1500); // HAProxy sees it up (rise 2 × 500 ms) before the next one goes
      }
    })();

    const [result] = await Promise.all([load, rolling]);
    const socketErrors = result.errors + result.timeouts;
    const exitCodes = restarts.map((r) => /exit (\S+)/.exec(r)?.[1]);
    console.log('');
    console.log(`rolling restart (${DB}): 2 instances behind HAProxy, autocannon 16 connections for ${SECONDS} s`);
    console.log(`  restarts:     ${restarts.length} (${exitCodes.filter((c) => c === '0').length} exited 0)`);
    console.log(`  requests:     ${result.requests.total} (${result['2xx']} 2xx)`);
    console.log(`  non-2xx:      ${result.non2xx}`);
    console.log(`  socket errors: ${result.errors}, timeouts: ${result.timeouts}, resets: ${result.resets ?? 0}`);
    console.log(`  latency:      p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
    const ok = result.non2xx === 0 && socketErrors === 0 && restarts.length >= 2 && exitCodes.every((c) => c === '0');
    console.log(ok ? 'OK: nothing lost' : 'FAILED: requests were lost or an instance did not exit 0');
    const addressOk = await checkClientAddress(database.env);
    process.exitCode = ok && addressOk ? 0 : 1;
  } finally {
    haproxy?.kill('SIGTERM');
    for (const i of instances) if (i && i.child.exitCode === null) i.child.kill('SIGINT');
    await Promise.all(instances.flatMap((i) => (i ? [i.exited] : [])));
    await database.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
