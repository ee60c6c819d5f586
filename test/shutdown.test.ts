import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { sharedTestDb } from './support/context.js';

/**
 * The real server (src/server.ts) in a child process, as `npm start` runs it, on its own SQLite file. Requests are kept in flight from the client side: the body is
 * sent in two halves over a raw socket, so the server is mid-request when the signal arrives.
 */
interface RunningServer {
  child: ChildProcess;
  port: number;
  logs: Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitForLog(msg: string, timeoutMs?: number): Promise<void>;
}

const dbFiles: string[] = [];

async function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const dbFile = path.join(os.tmpdir(), `pricing-shutdown-${process.pid}-${dbFiles.length}.sqlite3`);
  dbFiles.push(dbFile);
  // A copy of the seeded test database saves the child its own seeding (it would seed an empty file).
  const shared = sharedTestDb();
  if (shared.client.config.client === 'better-sqlite3') await shared.raw('vacuum into ?', [dbFile]);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DB_CLIENT: 'better-sqlite3', DB_FILENAME: dbFile, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters: { msg: string; resolve: () => void }[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        for (const w of waiters.filter((w) => String(entry.msg).startsWith(w.msg))) w.resolve();
      } catch {
        // not a log line
      }
    }
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitForLog = (msg: string, timeoutMs = 20_000) =>
    logs.some((l) => String(l.msg).startsWith(msg))
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no "${msg}" log line; stderr: ${stderr}`)), timeoutMs);
          waiters.push({ msg, resolve: () => (clearTimeout(timer), resolve()) });
          void exited.then(() => reject(new Error(`server exited before "${msg}"; stderr: ${stderr}`)));
        });
  await waitForLog('pricing query service listening');
  const port = Number(logs.find((l) => l.port !== undefined)?.port);
  return { child, port, logs, exited, waitForLog };
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
  socket.write(bytes.subarray(0, half));
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
async function connectionRefused(port: number): Promise<string> {
  let outcome = '';
  for (let attempt = 0; attempt < 40 && outcome !== 'ECONNREFUSED'; attempt++) {
    outcome = await tryConnect(port);
    if (outcome !== 'ECONNREFUSED') await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return outcome;
}

async function get(port: number, path: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  await res.arrayBuffer();
  return res.status;
}

describe('graceful shutdown (the real server in a child process)', function () {
  this.timeout(40_000);
  const children: ChildProcess[] = [];

  after(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    for (const f of dbFiles) for (const s of ['', '-wal', '-shm']) fs.rmSync(f + s, { force: true });
  });

  it('on SIGTERM: refuses new connections, finishes requests in flight with 200, exits 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '10000' });
    children.push(server.child);
    expect(await get(server.port, '/api/test-db')).to.equal(200);

    const inFlight = await Promise.all([0, 1, 2].map((i) => halfSentRequest(server.port, JSON.stringify({ keyword: '', pageSize: 5 + i }))));
    // An idle keep-alive connection must not hold the shutdown up.
    const idle = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    idle.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await server.waitForLog('shutting down');
    expect(await connectionRefused(server.port)).to.equal('ECONNREFUSED');

    for (const r of inFlight) r.finish();
    for (const r of inFlight) {
      const { statusLine, payload } = await r.response;
      expect(statusLine).to.equal('HTTP/1.1 200 OK');
      expect(JSON.parse(payload)).to.include({ success: true, total: JSON.parse(payload).total });
    }
    const { code, signal } = await server.exited;
    expect({ code, signal }).to.deep.equal({ code: 0, signal: null });
    // It waited for nothing but the requests: well below SHUTDOWN_TIMEOUT_MS.
    expect(Date.now() - signalled).to.be.below(5000);
    expect(server.logs.map((l) => l.msg)).to.include('shut down');
  });

  it('on SIGINT with a request that never completes: gives up after SHUTDOWN_TIMEOUT_MS and still exits 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '600' });
    children.push(server.child);
    const stuck = await halfSentRequest(server.port, JSON.stringify({ pageSize: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const signalled = Date.now();
    server.child.kill('SIGINT');
    const { code } = await server.exited;
    const took = Date.now() - signalled;
    expect(code).to.equal(0);
    expect(took).to.be.within(500, 5000);
    expect(server.logs.map((l) => l.msg)).to.include('shutdown timeout reached; closing remaining connections');
    await stuck.response;
  });
});
