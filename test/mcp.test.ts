import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { ROUTES } from '../src/routes/all.js';
import { toolName } from '../src/mcp/tools.js';
import { createTestApp, type TestApp } from './support/context.js';
import { seed } from './support/expected.js';

/**
 * The MCP server at POST /api/mcp through the SDK's own client, as an AI assistant connects:
 * against the real service on SQLite, listening on a port. Every tool's answer is its operation's
 * HTTP answer; bad arguments are tool errors with the contract's message; tokens, roles and the
 * rate limit hold as over HTTP.
 */

const READ = 'mcp-reader-0123456789abcdef';
const EXPORT_ONLY = 'mcp-exporter-0123456789abcdef';

interface Served {
  t: TestApp;
  url: URL;
  close: () => Promise<void>;
}

async function serve(env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const t = createTestApp(env, { ownDb: env.DB_CLIENT !== undefined });
  const handle = t.app.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`);
  return { t, url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function connect(url: URL, token?: string): Promise<Client> {
  const client = new Client({ name: 'pricing-test-assistant', version: '1.0.0' });
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/** A valid request per tool, and one with an argument its operation refuses (field named). */
const CALLS: Record<string, { good: Record<string, unknown>; bad: Record<string, unknown>; field: string }> = {
  pricing: { good: { partNo: 'P-1002', status: ['approved'] }, bad: { pageSize: 0 }, field: 'pageSize' },
  'secondary-process': { good: { keyword: '镀锌' }, bad: { status: ['nope'] }, field: 'status.0' },
  'exchange-rates': { good: { currency: ['USD'] }, bad: { on: '2026-13-01' }, field: 'on' },
  'secondary-process-stats': { good: { category: ['plating'] }, bad: { minPrice: -1 }, field: 'minPrice' },
  'pricing-details': { good: { pricingId: 2 }, bad: { pricingId: 'two' }, field: 'pricingId' },
  'pricing-review': { good: { pricingId: 2 }, bad: {}, field: 'pricingId' },
  'pricing-compare': { good: { pricingId: 2 }, bad: { pricingId: 0 }, field: 'pricingId' },
  'supplier-compare': { good: { partNo: 'P-100217' }, bad: { pricingIds: [1] }, field: 'pricingIds' },
  'bom-price': {
    good: {
      lines: [
        { partNo: 'P-100217', quantity: 2.5 },
        { partNo: 'p-100010', quantity: 1 },
      ],
      on: '2026-11-20',
    },
    bad: { lines: [{ partNo: 'P-100217', quantity: -1 }] },
    field: 'lines.0.quantity',
  },
  workbench: { good: { on: '2026-11-20' }, bad: { on: 'today' }, field: 'on' },
  'stats-tables': { good: {}, bad: {}, field: '' },
};

describe('MCP: POST /api/mcp through the SDK client', function () {
  this.timeout(20_000);
  let s: Served;
  let client: Client;
  before(async () => {
    s = await serve({ API_TOKENS: `${READ}:pricing.read,${EXPORT_ONLY}:pricing.export` });
    client = await connect(s.url, READ);
  });
  after(async () => {
    await client?.close();
    await s?.close();
  });

  it('lists one tool per operation record that declares one, and an operation of every such record; none has an operation missing', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    const declared = ROUTES.filter((r) => r.tool)
      .map(toolName)
      .sort();
    expect(names).to.deep.equal(declared);
    expect(names).to.deep.equal(Object.keys(CALLS).sort());
    // Every query operation of the OpenAPI document is a tool, and the table statistics.
    const doc = (await s.t.request.get('/api/openapi.json').set('Authorization', `Bearer ${READ}`)).body as {
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some((o) => o.tags.includes('查询')))
      .map(([path]) => path.replace('/api/query/', ''));
    expect([...operations, 'stats-tables'].sort()).to.deep.equal(names);
    for (const tool of tools) {
      expect(tool.annotations, tool.name).to.include({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
      expect(tool.inputSchema.type, tool.name).to.equal('object');
      expect(tool.outputSchema?.type, tool.name).to.equal('object');
      expect(tool.description, tool.name)
        .to.match(/[\u4e00-\u9fff]/)
        .and.match(/[A-Za-z]{4,} [a-z]+/);
    }
    const pricing = tools.find((t) => t.name === 'pricing')!;
    expect(Object.keys(pricing.inputSchema.properties ?? {})).to.include.members([
      'keyword',
      'partNo',
      'status',
      'inForceOn',
      'current',
      'pageSize',
    ]);
  });

  for (const [name, { good }] of Object.entries(CALLS)) {
    it(`${name}: structuredContent is the HTTP API's answer to the same request, with a Chinese summary`, async () => {
      const result = await client.callTool({ name, arguments: good });
      expect(result.isError ?? false, JSON.stringify(result.content)).to.equal(false);
      const path = name === 'stats-tables' ? '/api/stats/tables' : `/api/query/${name}`;
      const http =
        name === 'stats-tables'
          ? await s.t.request.get(path).set('Authorization', `Bearer ${READ}`)
          : await s.t.request.post(path).set('Authorization', `Bearer ${READ}`).send(good);
      expect(http.status).to.equal(200);
      const { success: _success, ...rest } = http.body as Record<string, unknown>;
      const expected = Array.isArray(http.body.data) ? rest : http.body.data;
      if (name === 'stats-tables') {
        // Kept for a while, they carry when they were taken: the rows are the same either way.
        expect((result.structuredContent as { data: unknown }).data).to.deep.equal((expected as { data: unknown }).data);
      } else {
        expect(result.structuredContent).to.deep.equal(expected);
      }
      const text = (result.content as { type: string; text: string }[])[0]!.text;
      expect(text).to.match(/[\u4e00-\u9fff]/);
    });
  }

  it('a list says how many in all, how many shown, in which order, and how to ask for more', async () => {
    const result = await client.callTool({ name: 'pricing', arguments: { status: ['pending'] } });
    const pending = seed.pricing.filter((r) => r.status === 'pending').length;
    const text = (result.content as { text: string }[])[0]!.text;
    expect(text).to.equal(`共 ${pending} 条，显示前 20 条；按核价时间倒序。要看后面的行，以 current=2（每页 pageSize 条，最多 200）再问。`);
    expect((result.structuredContent as { data: unknown[] }).data).to.have.length(20);
  });

  it('the BOM says what an unknown code was likely meant as', async () => {
    const result = await client.callTool({ name: 'bom-price', arguments: CALLS['bom-price']!.good });
    expect((result.content as { text: string }[])[0]!.text).to.include('p-100010 是否为 P-100010？');
  });

  for (const [name, { bad, field }] of Object.entries(CALLS).filter(([, c]) => c.field !== '')) {
    it(`${name}: a bad argument is a tool error with the contract's Chinese message and the field ${field}`, async () => {
      const result = await client.callTool({ name, arguments: bad });
      expect(result.isError).to.equal(true);
      const text = (result.content as { text: string }[])[0]!.text;
      expect(text).to.include('VALIDATION_ERROR').and.include(`${field}：`);
      expect(text).to.match(/[\u4e00-\u9fff]/);
      expect(text).to.not.match(/at .+\.(ts|js):\d+/);
    });
  }

  it('an unknown tool is a protocol error naming it', async () => {
    let error: unknown;
    try {
      await client.callTool({ name: 'drop-tables', arguments: {} });
    } catch (err) {
      error = err;
    }
    expect(String(error)).to.include('drop-tables');
  });

  it('a tool call is counted under its operation in the metrics, as its HTTP request would be', async () => {
    const count = async () => {
      const text = (await s.t.request.get('/api/metrics').set('Authorization', `Bearer ${READ}`)).text;
      const m = /^http_requests_total\{route="\/api\/query\/pricing-compare",method="POST",status="200"\} (\d+)$/m.exec(text);
      return Number(m?.[1] ?? 0);
    };
    const before = await count();
    await client.callTool({ name: 'pricing-compare', arguments: { pricingId: 3 } });
    await client.callTool({ name: 'pricing-compare', arguments: { pricingId: 4 } });
    expect(await count()).to.equal(before + 2);
  });

  it('never exports: a tool call asks its operation for JSON', async () => {
    const result = await client.callTool({ name: 'pricing', arguments: { pageSize: 1 } });
    expect(result.structuredContent).to.have.property('total', seed.pricing.length);
  });

  it('without a token: 401 with WWW-Authenticate; a token without pricing.read: 403', async () => {
    const res = await s.t.request
      .post('/api/mcp')
      .set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).to.equal(401);
    expect(res.headers['www-authenticate']).to.match(/^Bearer /);
    expect(res.body).to.include({ success: false, code: 'UNAUTHORIZED' });
    let refused: unknown;
    try {
      await connect(s.url, EXPORT_ONLY);
    } catch (err) {
      refused = err;
    }
    expect(String(refused)).to.include('FORBIDDEN');
  });

  it("/api/info still lists the contract's six operations only", async () => {
    const info = await s.t.request.get('/api/info').set('Authorization', `Bearer ${READ}`);
    expect(Object.keys(info.body.endpoints)).to.have.length(6);
    expect(JSON.stringify(info.body)).to.not.include('mcp');
  });

  it('a GET (no SSE stream kept: stateless) is 405 with the contract body', async () => {
    const res = await s.t.request.get('/api/mcp').set('Authorization', `Bearer ${READ}`);
    expect(res.status).to.equal(405);
    expect(res.body).to.include({ success: false });
  });
});

describe('MCP: a page on another site (DNS rebinding) is refused by its Origin', function () {
  this.timeout(20_000);
  let s: Served;
  before(async () => {
    s = await serve({ CORS_ORIGINS: 'https://pricing.example.com' });
  });
  after(async () => {
    await s?.close();
  });

  /** An initialize as the MCP conformance suite sends it, with this Host and Origin. */
  const initialize = (host: string, origin?: string) => {
    const req = s.t.request
      .post('/api/mcp')
      .set('Host', host)
      .set('Accept', 'application/json, text/event-stream')
      .send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'origin-test', version: '1.0.0' } },
      });
    return origin === undefined ? req : req.set('Origin', origin);
  };

  it('Host and Origin of another site: 403 FORBIDDEN in the contract body, naming Origin', async () => {
    for (const origin of ['http://evil.example.com', 'null', 'http://127.0.0.1.evil.example.com', 'http://localhost.evil.example.com']) {
      const res = await initialize('evil.example.com', origin);
      expect(res.status, origin).to.equal(403);
      expect(res.body, origin).to.include({ success: false, code: 'FORBIDDEN' });
      expect(res.body.message, origin).to.include('Origin');
    }
  });

  it('no Origin (an MCP client), this machine, or an origin CORS_ORIGINS lists: answered', async () => {
    const port = s.url.port;
    for (const [host, origin] of [
      ['evil.example.com', undefined],
      [`127.0.0.1:${port}`, `http://127.0.0.1:${port}`],
      [`localhost:${port}`, `http://localhost:${port}`],
      [`[::1]:${port}`, `http://[::1]:${port}`],
      ['pricing.example.com', 'https://pricing.example.com'],
    ] as const) {
      const res = await initialize(host, origin);
      expect(res.status, `${host} ${origin}`).to.equal(200);
      expect(res.body.result.serverInfo.name, `${host} ${origin}`).to.equal('pricing-query-service');
    }
  });
});

describe('MCP: the rate limit counts each MCP request once, a tool call included', function () {
  this.timeout(20_000);
  it('RATE_LIMIT_PER_MINUTE=5: five tool calls answer, the sixth MCP request is 429 RATE_LIMITED; the SDK client sees it', async () => {
    const s = await serve({ API_TOKENS: `${READ}:pricing.read`, RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const call = (id: number) =>
        s.t.request
          .post('/api/mcp')
          .set('Authorization', `Bearer ${READ}`)
          .set('Accept', 'application/json, text/event-stream')
          .send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'pricing', arguments: { pageSize: 1 } } });
      for (let id = 1; id <= 5; id++) {
        const res = await call(id);
        expect(res.status, `call ${id}`).to.equal(200);
        expect(res.body.result.structuredContent.total).to.equal(seed.pricing.length);
      }
      const limited = await call(6);
      expect(limited.status).to.equal(429);
      expect(limited.body).to.include({ code: 'RATE_LIMITED' });
      expect(limited.headers['retry-after']).to.match(/^\d+$/);
      let refused: unknown;
      try {
        await connect(s.url, READ);
      } catch (err) {
        refused = err;
      }
      expect(String(refused)).to.include('RATE_LIMITED');
    } finally {
      await s.close();
    }
  });
});

describe('MCP: a database that does not answer', function () {
  this.timeout(20_000);
  it('a tool call is a tool error saying the database is unavailable (503 DB_UNAVAILABLE over HTTP), never a 500', async () => {
    const s = await serve({
      DB_CLIENT: 'pg',
      DB_HOST: '127.0.0.1',
      DB_PORT: '1',
      DB_NAME: 'none',
      DB_CONNECT_TIMEOUT_MS: '500',
      DB_ACQUIRE_TIMEOUT_MS: '1000',
    });
    try {
      const client = await connect(s.url);
      const result = await client.callTool({ name: 'pricing', arguments: {} });
      expect(result.isError).to.equal(true);
      expect((result.content as { text: string }[])[0]!.text).to.include('DB_UNAVAILABLE');
      const http = await s.t.request.post('/api/query/pricing').send({});
      expect(http.status).to.equal(503);
      await client.close();
    } finally {
      await s.close();
      await s.t.db.destroy();
    }
  });
});
