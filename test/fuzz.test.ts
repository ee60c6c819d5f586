import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import fc from 'fast-check';
import { createApp } from '../src/app.js';
import { ERROR_CODES } from '../src/http/errors.js';
import { createLogger } from '../src/logger.js';
import { sharedTestDb, testConfig } from './support/context.js';

/**
 * Thousands of generated requests (methods, paths, headers, bodies) against a real listening
 * server on the seeded database. Whatever arrives: never a 5xx, the contract's error shape on
 * every error, an X-Request-Id on every answer, and the data unchanged afterwards.
 * `npm test` runs a short, seeded version; `npm run fuzz` a long one (FUZZ_RUNS, FUZZ_TIME_MS, FUZZ_SEED).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_MS ?? 12_000);
// `random` (npm run fuzz) explores new ground each run; the seed is printed to replay a finding.
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20261122);
const TOKEN = 'fuzz-token-0123456789abcdef';

const ROUTES = [
  '/api/info',
  '/api/test-db',
  '/api/stats/tables',
  '/api/query/pricing',
  '/api/query/secondary-process',
  '/api/query/pricing-details',
  '/api/metrics',
  '/api/openapi.json',
  '/api/docs',
  '/api/docs/swagger-ui.css',
];
// Methods Node's HTTP parser accepts (it answers any other with a bare 400 before the app runs).
const METHODS = ['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'SEARCH', 'PURGE', 'MKCOL'];
const BODY_KEYS = [
  'current',
  'pageSize',
  'sort',
  'keyword',
  'pricingNo',
  'partNo',
  'partName',
  'supplier',
  'status',
  'pricedFrom',
  'pricedTo',
  'minPrice',
  'maxPrice',
  'processName',
  'category',
  'validOn',
  'pricingId',
];
const SORT_KEYS = ['pricedAt', 'unitPrice', 'pricingNo', 'partNo', 'updatedAt', 'processName', 'validFrom', 'id', '__proto__'];

const headerText = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, ''));
const tricky = fc.constantFrom(
  '%',
  '_',
  '[',
  ']',
  '\\',
  "'",
  '"',
  '--',
  ';',
  '%%',
  '%_',
  '[a-z]',
  '核价',
  'HJ2026',
  'P-1000',
  ' ',
  '\u0000',
  '🙂',
  'null',
  '1e309',
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  tricky,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    0,
    -1,
    1,
    200,
    201,
    2 ** 31,
    2 ** 53 + 2,
    '2026-03-16',
    '2026-02-30',
    '2026-3-1',
    'ascend',
    'descend',
    ['approved'],
    ['x'],
  ),
  fc.dictionary(fc.constantFrom(...SORT_KEYS), fc.constantFrom('ascend', 'descend', null, 'up', 1), { maxKeys: 4 }),
  fc.array(fc.oneof(tricky, fc.constantFrom('draft', 'approved', 'plating', 'active')), { maxLength: 4 }),
);

const body = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...BODY_KEYS), value, { maxKeys: 5 }).map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '{',
      '{"a":',
      '[]',
      'null',
      '{"keyword":"\\ud800"}',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{}}}',
      '\ufeff{}',
    ),
  },
);

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ROUTES) },
  { weight: 6, arbitrary: fc.constantFrom('/api/query/pricing', '/api/query/secondary-process', '/api/query/pricing-details') },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...ROUTES), fc.string({ maxLength: 12 }))
      .map(([r, q]) => `${r}?${encodeURIComponent(q)}=${encodeURIComponent(q)}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...ROUTES, '/api', '', '/'), fc.string({ maxLength: 16 }))
      .map(([r, s]) => `${r}/${encodeURIComponent(s)}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '/api/%zz',
      '/api/query/%E0%A4%A',
      '//api//info',
      '/API/INFO',
      '/api/info/',
      '/api/query/pricing/..',
      '/api/docs/../../package.json',
      '/api/docs/%2e%2e/%2e%2e/package.json',
      '*',
      '/api/query/pricing;x',
      '/%00',
    ),
  },
);

const request = fc.record({
  method: fc.oneof(
    { weight: 8, arbitrary: fc.constant('POST') },
    { weight: 4, arbitrary: fc.constant('GET') },
    { weight: 3, arbitrary: fc.constantFrom(...METHODS) },
  ),
  path,
  body,
  contentType: fc.option(
    fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 2,
        arbitrary: fc.oneof(
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'application/json; charset=latin1',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/vnd.api+json',
            'application/csp-report',
          ),
          headerText,
        ),
      },
    ),
    { freq: 8 },
  ),
  accept: fc.option(
    fc.oneof(
      fc.constantFrom(
        'application/json',
        '*/*',
        'text/csv',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'text/html',
        'text/csv;q=0.1, application/json',
      ),
      headerText,
    ),
  ),
  authorization: fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${TOKEN}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: headerText },
  ),
  requestId: fc.option(headerText),
  contentEncoding: fc.option(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'), { freq: 10 }),
  origin: fc.option(fc.constantFrom('https://pricing.example.com', 'https://evil.example.com', 'null'), { freq: 5 }),
});
type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(port: number, agent: http.Agent, r: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (r.contentType !== null) headers['Content-Type'] = r.contentType;
  if (r.accept !== null) headers['Accept'] = r.accept;
  if (r.authorization !== undefined) headers['Authorization'] = r.authorization;
  if (r.requestId !== null) headers['X-Request-Id'] = r.requestId;
  if (r.contentEncoding !== null) headers['Content-Encoding'] = r.contentEncoding;
  if (r.origin !== null) headers['Origin'] = r.origin;
  const payload = Buffer.from(r.body, 'utf8');
  headers['Content-Length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // A request the server never answers is a finding too, not a hung test run.
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer within 10 s: ${r.method} ${r.path}`)));
    req.end(payload);
  });
}

/** Row counts, id sums, money sums and newest updates of the four tables. */
async function dataChecksum(): Promise<unknown> {
  const db = sharedTestDb();
  const sums = async (table: string, money: string, hasUpdatedAt: boolean) => {
    const qb = db(table).count({ n: '*' }).sum({ ids: 'id' }).sum({ money });
    if (hasUpdatedAt) qb.max({ updated: 'updated_at' });
    const [row] = await qb;
    return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(v)]));
  };
  return {
    parts: await sums('parts', 'id', true),
    pricing: await sums('pricing', 'unit_price', true),
    details: await sums('pricing_details', 'amount', false),
    secondary: await sums('secondary_processes', 'unit_price', true),
  };
}

describe('fuzz: every route, generated requests', function () {
  this.timeout(TIME_LIMIT_MS + 60_000);
  let server: http.Server;
  let port: number;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  before(async () => {
    const config = testConfig({ API_TOKENS: TOKEN, CORS_ORIGINS: 'https://pricing.example.com', BODY_LIMIT: '16kb' });
    const app = createApp({ config, db: sharedTestDb(), logger: createLogger('silent') });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('never a 5xx; errors in the contract shape; X-Request-Id always; data unchanged', async () => {
    const before = await dataChecksum();
    const statsBefore = await send(port, agent, {
      method: 'GET',
      path: '/api/stats/tables',
      body: '',
      contentType: null,
      accept: null,
      authorization: `Bearer ${TOKEN}`,
      requestId: null,
      contentEncoding: null,
      origin: null,
    });
    const codes = new Set(Object.keys(ERROR_CODES));
    const seen = new Map<number, number>();
    let runs = 0;

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        runs++;
        const res = await send(port, agent, r);
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        const where = `seed ${SEED}: ${r.method} ${r.path} → ${res.status} ${res.body.slice(0, 200)}`;
        expect(res.status, where).to.be.below(500);
        expect(res.headers['x-request-id'], where).to.be.a('string').and.not.equal('');
        if (res.status >= 400 && r.method !== 'HEAD') {
          const parsed = JSON.parse(res.body) as Record<string, unknown>;
          expect(parsed.success, where).to.equal(false);
          expect(codes.has(String(parsed.code)), where).to.equal(true);
          expect(parsed.message, where).to.be.a('string').and.not.equal('');
          expect(parsed.requestId, where).to.equal(res.headers['x-request-id']);
          expect(res.body, where).to.not.match(/\bat .*\.(ts|js):\d+|SQLITE_|select .* from/i);
        }
      }),
      { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, endOnFailure: true },
    );

    expect(await dataChecksum()).to.deep.equal(before);
    const statsAfter = await send(port, agent, {
      method: 'GET',
      path: '/api/stats/tables',
      body: '',
      contentType: null,
      accept: null,
      authorization: `Bearer ${TOKEN}`,
      requestId: null,
      contentEncoding: null,
      origin: null,
    });
    const rowCounts = (a: Answer) => (JSON.parse(a.body).data as { table: string; rowCount: number }[]).map((t) => [t.table, t.rowCount]);
    expect(rowCounts(statsAfter)).to.deep.equal(rowCounts(statsBefore));
    // The generators must reach past the token check and the validation, or the run proves little.
    expect(seen.get(200) ?? 0, JSON.stringify([...seen])).to.be.above(runs / 20);
    if (process.env.FUZZ_REPORT) console.log(`fuzz: ${runs} requests, seed ${SEED}`, Object.fromEntries(seen));
  });
});
