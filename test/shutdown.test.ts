import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { sharedTestDb } from './support/context.js';
import { waitFor } from './support/wait.js';

/**
 * The real server, compiled (dist/src/server.js, built once here when stale), in a child process on
 * its own SQLite file: started as node runs it (the documented exec form) or through `npm start`. Requests are
 * kept in flight from the client side: the body is sent in two halves over a raw socket, so the
 * server is mid-request when the signal arrives; or the server is stopped (SIGSTOP) while requests
 * arrive, which is what a busy event loop looks like from outside.
 */
interface RunningServer {
  /** The process started: node itself, or npm. */
  child: ChildProcess;
  /** The node process that serves (the child itself, or npm's child). */
  serverPid: number;
  port: number;
  logs: Record<string, unknown>[];
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitForLog(msg: string, timeoutMs?: number): Promise<void>;
}

const dbFiles: string[] = [];
const children: ChildProcess[] = [];
const servedBy: number[] = [];

let built = false;
function buildServerOnce(): void {
  if (built) return;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', '--if-stale'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed: ${r.stdout}${r.stderr}`);
  built = true;
}

async function startServer(env: NodeJS.ProcessEnv, via: 'node' | 'npm' = 'node'): Promise<RunningServer> {
  const dbFile = path.join(os.tmpdir(), `pricing-shutdown-${process.pid}-${dbFiles.length}.sqlite3`);
  dbFiles.push(dbFile);
  buildServerOnce();
  // A copy of the seeded test database saves the child its own seeding (it would seed an empty file).
  const shared = sharedTestDb();
  if (shared.client.config.client === 'better-sqlite3') await shared.raw('vacuum into ?', [dbFile]);
  const childEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DB_CLIENT: 'better-sqlite3',
    DB_FILENAME: dbFile,
    // Where the shared database is not SQLite the file is new: the child seeds it.
    DB_SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    ...env,
  };
  const child =
    via === 'node'
      ? spawn(process.execPath, ['dist/src/server.js'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
      : // Its own process group, as an orchestrator or a terminal would start it, so the group can be signalled.
        // --ignore-scripts skips only `prestart` (the builds, steps that end before the server
        // exists), so a test never waits for Vite; the start line itself runs as users run it.
        spawn('npm', ['start', '--ignore-scripts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  const logs: Record<string, unknown>[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
      } catch {
        // not a log line (npm's banner)
      }
    }
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // 'close' comes after the last output has been read, unlike 'exit'.
  let closed = false;
  child.once('close', () => (closed = true));
  const waitForLog = async (msg: string, timeoutMs = 20_000) => {
    await waitFor(
      () => {
        if (logs.some((l) => String(l.msg).startsWith(msg))) return true;
        if (closed) throw new Error(`server exited before "${msg}"; stderr: ${stderr}`);
        return false;
      },
      { timeoutMs, what: () => `a "${msg}" log line; stderr: ${stderr}` },
    );
  };
  await waitForLog('pricing query service listening');
  const listening = logs.find((l) => String(l.msg).startsWith('pricing query service listening'))!;
  // The server says its pid; without that (older builds), the deepest process under the child.
  const serverPid = Number(listening.pid) || deepestDescendant(child.pid!);
  servedBy.push(serverPid);
  return { child, serverPid, port: Number(listening.port), logs, stderr: () => stderr, exited, waitForLog };
}

function deepestDescendant(pid: number): number {
  const kids = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
  return kids.length === 0 ? pid : deepestDescendant(kids[kids.length - 1]!);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The state letter of a process (R running, S sleeping, T stopped...), from /proc as `ps` reads it. */
function processState(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

/**
 * Whether the server has read all that was sent to it: at least `connections` established sockets
 * on its port, none with bytes left in its receive queue (/proc/net/tcp). A connection the server
 * has not accepted yet is listed there too, its bytes still queued.
 */
function serverHasRead(port: number, connections: number): boolean {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const sockets = fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(([, localAddress, , state]) => localAddress?.endsWith(local) && state === '01');
  return sockets.length >= connections && sockets.every(([, , , , queues]) => queues?.split(':')[1] === '00000000');
}

/** Waits until the server has read what was sent on (at least) `connections` connections: requests are in flight. */
function allRead(port: number, connections: number): Promise<unknown> {
  return waitFor(() => serverHasRead(port, connections), { what: `the server to read what ${connections} connections sent` });
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection on a raw socket: the test decides when bytes go out, and sees a reset
 * as a reset (`error`), not as a retry hidden by an HTTP client.
 */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private ended: string | undefined;
  private wake: () => void = () => {};

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (c: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, c]);
      this.wake();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      this.ended ??= err.code ?? 'error';
      this.wake();
    });
    socket.on('close', () => {
      this.ended ??= 'closed';
      this.wake();
    });
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  send(method: 'GET' | 'POST', target: string, body?: object): void {
    const payload = body ? Buffer.from(JSON.stringify(body), 'utf8') : undefined;
    const head = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1'];
    if (payload) head.push('Content-Type: application/json', `Content-Length: ${payload.length}`);
    this.socket.write(head.join('\r\n') + '\r\n\r\n');
    if (payload) this.socket.write(payload);
  }

  /** The next whole response, or what ended the connection before it ('ECONNRESET', 'closed'). */
  async response(): Promise<RawResponse | { error: string }> {
    for (;;) {
      const headEnd = this.buffer.indexOf('\r\n\r\n');
      if (headEnd >= 0) {
        const [statusLine = '', ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffer.length >= headEnd + 4 + length) {
          const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
          this.buffer = this.buffer.subarray(headEnd + 4 + length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (this.ended) return { error: this.ended };
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Requests of two kinds: the cheap info and a query that reads the database. */
function sendSome(conn: RawConnection, i: number): void {
  if (i % 2 === 0) conn.send('GET', '/api/info');
  else conn.send('POST', '/api/query/pricing', { pageSize: 3 + (i % 5) });
}

/** A POST whose body is only half sent: the server holds it in flight until `finish()`. */
async function halfSentRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (c: Buffer) => (received += c.toString('utf8')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const bytes = Buffer.from(body, 'utf8');
  const half = Math.floor(bytes.length / 2);
  socket.write(
    `POST /api/query/pricing HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`,
  );
  // Once written, the bytes are in the server's receive queue (loopback).
  await new Promise<void>((resolve, reject) => socket.write(bytes.subarray(0, half), (err) => (err ? reject(err) : resolve())));
  return {
    finish: () => socket.write(bytes.subarray(half)),
    /** The whole answer, once the server has closed the connection. */
    response: closed.then(() => {
      const [head = '', payload = ''] = received.split('\r\n\r\n');
      return { statusLine: head.split('\r\n')[0] ?? '', head, payload };
    }),
  };
}

function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve('connected')));
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

/**
 * The listening socket closes on the event-loop turn after server.close(); until then the kernel
 * may still complete a handshake. So: refused within a short while, not necessarily at once.
 */
async function connectionRefused(port: number): Promise<void> {
  let outcome = '';
  await waitFor(async () => (outcome = await tryConnect(port)) === 'ECONNREFUSED', {
    intervalMs: 25,
    what: () => `the listener to refuse connections (last attempt: ${outcome})`,
  });
}

async function get(port: number, path: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  await res.arrayBuffer();
  return res.status;
}

describe('graceful shutdown (the real server in a child process)', function () {
  this.timeout(40_000);

  after(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const pid of servedBy) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    for (const f of dbFiles) for (const s of ['', '-wal', '-shm']) fs.rmSync(f + s, { force: true });
  });

  it('on SIGTERM: readiness 503 at once, new connections still answered (Connection: close) for SHUTDOWN_DELAY_MS, then refused; requests in flight finish with 200; exit 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '20000', SHUTDOWN_DELAY_MS: '1500' });
    expect(await get(server.port, '/api/health/ready')).to.equal(200);

    const inFlight = await Promise.all(
      [0, 1, 2].map((i) => halfSentRequest(server.port, JSON.stringify({ keyword: '', pageSize: 5 + i }))),
    );
    // An idle keep-alive connection must not hold the shutdown up.
    const idle = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    idle.on('error', () => {});
    await allRead(server.port, 4);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await server.waitForLog('shutting down');
    const ready = await fetch(`http://127.0.0.1:${server.port}/api/health/ready`);
    expect(ready.status).to.equal(503);
    expect(await ready.json()).to.include({ success: false, code: 'NOT_READY', message: '服务未就绪：正在关闭' });
    const late = await RawConnection.open(server.port);
    late.send('GET', '/api/info');
    const answer = await late.response();
    expect(answer).to.have.property('status', 200);
    expect((answer as RawResponse).headers.connection).to.equal('close');
    expect(await get(server.port, '/api/health/live')).to.equal(200);

    await connectionRefused(server.port);
    expect(Date.now() - signalled, 'the listener stayed open for SHUTDOWN_DELAY_MS').to.be.at.least(1400);

    for (const r of inFlight) r.finish();
    for (const r of inFlight) {
      const { statusLine, payload } = await r.response;
      expect(statusLine).to.equal('HTTP/1.1 200 OK');
      expect(JSON.parse(payload)).to.include({ success: true, total: JSON.parse(payload).total });
    }
    const { code, signal } = await server.exited;
    expect({ code, signal }).to.deep.equal({ code: 0, signal: null });
    // It waited for nothing but the delay and the requests: well below SHUTDOWN_TIMEOUT_MS.
    expect(Date.now() - signalled).to.be.below(12_000);
    expect(server.logs.map((l) => l.msg)).to.include('shut down');
  });

  it('requests that arrive while the event loop is busy (process stopped) when SIGTERM comes: all answered, 5 rounds of 8', async function () {
    this.timeout(120_000);
    const lost: string[] = [];
    for (let round = 0; round < 5; round++) {
      // No delay: the listener closes as soon as the signal is handled, the hardest case.
      const server = await startServer({ SHUTDOWN_DELAY_MS: '0' });
      // Two keep-alive connections that have served a request: their next one arrives while stopped.
      const kept = await Promise.all([0, 1].map(() => RawConnection.open(server.port)));
      for (const c of kept) c.send('GET', '/api/info');
      for (const c of kept) expect(await c.response()).to.have.property('status', 200);

      process.kill(server.serverPid, 'SIGSTOP');
      await waitFor(() => processState(server.serverPid) === 'T', { what: 'the server to be stopped' });
      // The kernel completes these handshakes into the listen backlog while the process cannot run.
      const fresh = await Promise.all([0, 1, 2, 3, 4, 5].map(() => RawConnection.open(server.port)));
      const all = [...kept, ...fresh];
      all.forEach((c, i) => sendSome(c, i));
      // Written out, the requests wait in the stopped server's receive queues.
      await waitFor(() => all.every((c) => c.socket.writableLength === 0), { what: 'the requests to be written out' });
      // kill() queues the signal before it returns: SIGTERM is pending when SIGCONT lets the server run.
      process.kill(server.serverPid, 'SIGTERM');
      process.kill(server.serverPid, 'SIGCONT');

      const answers = await Promise.all(all.map((c) => c.response()));
      answers.forEach((a, i) => {
        if (!('status' in a) || a.status !== 200) lost.push(`round ${round} request ${i}: ${JSON.stringify(a)}`);
      });
      expect(await server.exited).to.deep.equal({ code: 0, signal: null });
      for (const c of all) c.close();
    }
    expect(lost, 'requests lost').to.deep.equal([]);
  });

  for (const target of ['npm', 'group', 'node'] as const) {
    it(`under \`npm start\`, SIGTERM to ${target === 'group' ? 'the process group' : `the ${target} process`}: requests in flight answered, one drain, everything exits 0`, async () => {
      const server = await startServer({ SHUTDOWN_DELAY_MS: '300' }, 'npm');
      const npmPid = server.child.pid!;
      expect(server.serverPid, 'npm runs node directly (exec), no shell or tsx relay between').to.not.equal(npmPid);
      const held = await Promise.all([0, 1, 2, 3].map((i) => halfSentRequest(server.port, JSON.stringify({ pageSize: 2 + i }))));
      await allRead(server.port, 4);

      if (target === 'npm') process.kill(npmPid, 'SIGTERM');
      else if (target === 'group') process.kill(-npmPid, 'SIGTERM');
      else process.kill(server.serverPid, 'SIGTERM');
      await server.waitForLog('shutting down');
      await connectionRefused(server.port); // past the delay: the listener is closed, the requests are still held
      expect(isRunning(server.serverPid), 'the server is not killed early').to.equal(true);

      for (const r of held) r.finish();
      for (const r of held) expect((await r.response).statusLine).to.equal('HTTP/1.1 200 OK');
      const { code } = await server.exited;
      expect(code, `npm's exit code; stderr: ${server.stderr()}`).to.equal(0);
      await waitFor(() => !isRunning(server.serverPid), { timeoutMs: 5000, what: 'the server process to end (no server left behind)' });
      expect(
        server.logs.filter((l) => String(l.msg).startsWith('shutting down')),
        'one shutdown',
      ).to.have.length(1);
      expect(server.logs.map((l) => l.msg)).to.include('shut down');
    });
  }

  it('on SIGHUP: the same graceful stop (there is no configuration to reload)', async () => {
    const server = await startServer({ SHUTDOWN_DELAY_MS: '0' });
    const held = await halfSentRequest(server.port, JSON.stringify({ pageSize: 1 }));
    await allRead(server.port, 1);
    server.child.kill('SIGHUP');
    await server.waitForLog('shutting down');
    held.finish();
    expect((await held.response).statusLine).to.equal('HTTP/1.1 200 OK');
    expect(await server.exited).to.deep.equal({ code: 0, signal: null });
  });

  it('on SIGINT with a request that never completes: gives up after SHUTDOWN_TIMEOUT_MS and still exits 0', async () => {
    // A delay SIGINT would have to wait out if it did not skip it.
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '600', SHUTDOWN_DELAY_MS: '20000' });
    const stuck = await halfSentRequest(server.port, JSON.stringify({ pageSize: 1 }));
    await allRead(server.port, 1);
    const signalled = Date.now();
    server.child.kill('SIGINT');
    const { code } = await server.exited;
    const took = Date.now() - signalled;
    expect(code).to.equal(0);
    // SIGINT (Ctrl-C) skips SHUTDOWN_DELAY_MS, then waits SHUTDOWN_TIMEOUT_MS for the stuck request.
    expect(took).to.be.within(500, 10_000);
    expect(server.logs.map((l) => l.msg)).to.include('shutdown timeout reached; closing remaining connections');
    await stuck.response;
  });
});

describe('start-up (the real server in a child process)', function () {
  this.timeout(40_000);

  it('the listening line names the address and the API docs URL', async () => {
    const server = await startServer({});
    const line = server.logs.find((l) => String(l.msg).startsWith('pricing query service listening'))!;
    expect(line.msg).to.equal(
      `pricing query service listening on http://127.0.0.1:${server.port} (API docs: http://127.0.0.1:${server.port}/api/docs)`,
    );
    expect(await get(server.port, '/api/docs')).to.equal(200);
    server.child.kill('SIGINT');
    await server.exited;
  });

  it('a database without the schema: a start-up warning naming the cause, and readiness 503', async () => {
    const empty = path.join(os.tmpdir(), `pricing-unmigrated-${process.pid}.sqlite3`);
    dbFiles.push(empty);
    fs.writeFileSync(empty, ''); // an empty file is a SQLite database without tables
    // startServer copies the seeded database into its own file; this one points elsewhere.
    const server = await startServer({ DB_FILENAME: empty, DB_MIGRATE: 'false' });
    const warning = server.logs.find((l) => l.level === 40 && String(l.msg).startsWith('not ready'));
    expect(warning, 'a warn line before listening').to.not.equal(undefined);
    expect(warning).to.include({ reason: 'schema-not-migrated' });
    expect(String(warning!.msg)).to.include('npm run db:migrate');
    expect(await get(server.port, '/api/health/ready')).to.equal(503);
    server.child.kill('SIGINT');
    await server.exited;
  });

  it('a port in use: one line naming the port on stderr, no stack trace, exit 1', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const dbFile = path.join(os.tmpdir(), `pricing-port-${process.pid}.sqlite3`);
      dbFiles.push(dbFile); // empty: the server migrates and seeds it before it tries to listen
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DB_CLIENT: 'better-sqlite3',
          DB_FILENAME: dbFile,
          DB_SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      expect(code).to.equal(1);
      expect(stderr.trim()).to.equal(
        `Cannot listen: port ${port} on 127.0.0.1 is already in use by another process (set PORT to another port or stop it).`,
      );
    } finally {
      holder.close();
    }
  });
});
