import net from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'chai';
import { loadConfig } from '../src/config.js';
import { createHttpServer } from '../src/lifecycle/http-server.js';
import { createTestApp } from './support/context.js';
import { waitFor } from './support/wait.js';

/**
 * The HTTP server's limits (HTTP_* variables) on a real listening socket with the real app: Node's
 * defaults would keep an idle connection 5 s, wait 60 s for headers, and take any number of connections.
 * The bounds on closing times are the behaviour under test, with room for a loaded machine.
 */

async function listening(env: NodeJS.ProcessEnv): Promise<{ server: Server; port: number }> {
  const t = createTestApp();
  const server = createHttpServer(t.app.callback(), loadConfig(env).http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port };
}

/** A raw connection: what it received, whether it is closed, and when it was closed (ms after opening). */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = performance.now();
  let received = '';
  let closed = false;
  socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
  socket.on('error', () => {});
  const closedAfter = new Promise<number>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve(performance.now() - opened);
    }),
  );
  return { socket, received: () => received, closed: () => closed, closedAfter };
}

/** Whether a whole response head has arrived on the connection. */
const answered = (c: { received(): string }) => c.received().includes('\r\n\r\n');

function connectionCount(server: Server): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
}

describe('the HTTP server limits (HTTP_* variables)', function () {
  this.timeout(20_000);
  const servers: Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) (s.closeAllConnections(), s.close());
  });

  it("defaults: the configured values, not Node's (keep-alive 5 s, headers 60 s, request 300 s, no cap)", async () => {
    const { server } = await listening({});
    servers.push(server);
    expect({
      keepAlive: server.keepAliveTimeout,
      headers: server.headersTimeout,
      request: server.requestTimeout,
      max: server.maxConnections,
    }).to.deep.equal({
      keepAlive: 65_000,
      headers: 20_000,
      request: 30_000,
      max: 1000,
    });
  });

  it('HTTP_HEADERS_TIMEOUT_MS: a client that never finishes its headers gets 408 and is closed in time', async () => {
    const { server, port } = await listening({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '1000' });
    servers.push(server);
    const c = await connect(port);
    c.socket.write('GET /api/info HTTP/1.1\r\nHost: x\r\n'); // no blank line: the headers never end
    const ms = await c.closedAfter;
    expect(c.received()).to.match(/^HTTP\/1\.1 408 /);
    expect(ms, 'closed at the headers timeout, far before the default 20 s').to.be.within(900, 8000);
  });

  it("a request Node's parser rejects (raw Chinese in the query string): 400 with the contract's JSON body and a request id", async () => {
    const { server, port } = await listening({});
    servers.push(server);
    const c = await connect(port);
    c.socket.write(Buffer.from('GET /api/query/pricing?keyword=支架 HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8'));
    await c.closedAfter;
    const [head, body] = c.received().split('\r\n\r\n');
    expect(head)
      .to.match(/^HTTP\/1\.1 400 /)
      .and.match(/\r\nContent-Type: application\/json/i)
      .and.match(/\r\nX-Request-Id: [0-9a-f-]{36}/i);
    const parsed = JSON.parse(Buffer.from(body!, 'latin1').toString('utf8')) as Record<string, unknown>;
    expect(parsed).to.include({ success: false, code: 'BAD_REQUEST' });
    expect(parsed.message).to.include('URL 编码').and.include('POST');
  });

  it('the same GET percent-encoded: 405 whose message says to POST a JSON body', async () => {
    const { server, port } = await listening({});
    servers.push(server);
    const res = await fetch(`http://127.0.0.1:${port}/api/query/pricing?keyword=${encodeURIComponent('支架')}`);
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.include('POST');
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).to.equal('METHOD_NOT_ALLOWED');
    expect(body.message).to.include('POST').and.include('JSON 请求体');
  });

  it('HTTP_KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is kept that long, then closed', async () => {
    const { server, port } = await listening({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '1500' });
    servers.push(server);
    const c = await connect(port);
    c.socket.write('GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => answered(c), { what: 'the answer to GET /api/info' });
    expect(c.received())
      .to.match(/^HTTP\/1\.1 200 /)
      .and.include('Keep-Alive: timeout=1');
    const ms = await c.closedAfter;
    expect(ms, 'closed at the keep-alive timeout, far before the default 65 s').to.be.within(1400, 10_000);
  });

  it('HTTP_MAX_CONNECTIONS: a connection beyond the cap is closed at once, the others are served', async () => {
    const { server, port } = await listening({ HTTP_MAX_CONNECTIONS: '2' });
    servers.push(server);
    const kept = [await connect(port), await connect(port)];
    await waitFor(async () => (await connectionCount(server)) === 2, { what: 'the server to accept the first two connections' });
    const extra = await connect(port);
    // Dropped without a request: a connection the server kept would stay open for the 20 s headers timeout.
    await waitFor(extra.closed, { timeoutMs: 5000, what: 'the server to drop the third connection' });
    for (const c of kept) c.socket.write('GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => kept.every(answered), { what: 'the answers on the first two connections' });
    for (const c of kept) expect(c.received()).to.match(/^HTTP\/1\.1 200 /);
  });
});
