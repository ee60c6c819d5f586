import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createApp } from '../src/app.js';
import { createLogger } from '../src/logger.js';
import { sharedTestDb, testConfig } from './support/context.js';
import { waitFor } from './support/wait.js';

/**
 * Exports under load, on a real socket: the cap on concurrent exports, and a request log line whose
 * duration covers the whole streamed body. (/api/info latency while 20 exports run is measured by
 * `npm run bench:export-lag`, in its own processes.)
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function serve(env: NodeJS.ProcessEnv, logLines?: Record<string, unknown>[]) {
  const config = testConfig(env);
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines?.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = createApp({ config, db: sharedTestDb(), logger: createLogger(logLines ? 'info' : 'silent', sink) });
  const handle = app.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Starts an export and hands back the response without reading its body. */
function startExport(port: number, accept = XLSX): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/query/pricing',
        headers: { 'Content-Type': 'application/json', Accept: accept },
      },
      resolve,
    );
    req.on('error', reject);
    req.end('{}');
  });
}

/** Polls with exports until one is let in (200), and hands it back unread: the slot has come back. */
function slotBack(port: number): Promise<http.IncomingMessage> {
  return waitFor(
    async () => {
      const res = await startExport(port, 'text/csv');
      if (res.statusCode === 200) return res;
      await readAll(res);
      return undefined;
    },
    { intervalMs: 50, what: 'the export slot to come back' },
  );
}

function readAll(res: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', reject);
  });
}

describe('exports under load (a real socket)', function () {
  this.timeout(20_000);
  const servers: http.Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) (s.closeAllConnections(), s.close());
  });

  it('EXPORT_MAX_CONCURRENT: an export beyond the cap gets 503 EXPORTS_BUSY with Retry-After at once; the slot comes back when the export ends', async () => {
    const { server, port } = await serve({ EXPORT_MAX_CONCURRENT: '1' });
    servers.push(server);
    const first = await startExport(port);
    expect(first.statusCode).to.equal(200);
    first.pause(); // still streaming: it holds the only slot

    const started = performance.now();
    const refused = await startExport(port, 'text/csv');
    const body = JSON.parse((await readAll(refused)).toString('utf8'));
    expect(refused.statusCode).to.equal(503);
    expect(refused.headers['retry-after']).to.equal('5');
    expect(body).to.include({ success: false, code: 'EXPORTS_BUSY', message: '同时进行的导出过多，请稍后再试' });
    expect(body.requestId).to.be.a('string');
    // A queued request would wait for the first export, which is paused: it would never answer.
    expect(performance.now() - started, 'refused at once, not queued').to.be.below(5000);
    // Ordinary queries are not affected by the cap.
    const page = await fetch(`http://127.0.0.1:${port}/api/query/pricing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"pageSize":1}',
    });
    expect(page.status).to.equal(200);

    first.resume();
    expect((await readAll(first)).subarray(0, 2).toString('latin1')).to.equal('PK');
    await readAll(await slotBack(port));
  });

  it('a client that goes away mid-export gives its slot back', async () => {
    const { server, port } = await serve({ EXPORT_MAX_CONCURRENT: '1' });
    servers.push(server);
    const first = await startExport(port);
    first.destroy();
    await readAll(await slotBack(port));
  });

  it('the request log line comes when the whole body is out: its duration covers the streamed export', async () => {
    const lines: Record<string, unknown>[] = [];
    const { server, port } = await serve({}, lines);
    servers.push(server);
    const started = performance.now();
    // Read as it comes: the last byte reaches the client just after the server has written it (a slow
    // reader proves nothing: the socket buffers take a demo-size workbook whole).
    const res = await startExport(port);
    await readAll(res);
    const clientMs = performance.now() - started;
    const line = await waitFor(() => lines.find((l) => l.msg === 'request' && l.route === '/api/query/pricing'), {
      what: 'the request log line',
    });
    expect(line.status).to.equal(200);
    expect(Number(line.durationMs), `logged ${String(line.durationMs)} ms, the client took ${Math.round(clientMs)} ms`).to.be.at.least(
      0.7 * clientMs,
    );
    expect(line).to.not.have.property('aborted');
  });
});
