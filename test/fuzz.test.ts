import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import fc from 'fast-check';
import { createApp } from '../src/app.js';
import { ERROR_CODES } from '../src/http/errors.js';
import { createLogger } from '../src/logger.js';
import { closeTestApp, createTestApp, sharedTestDb, testConfig, type TestApp } from './support/context.js';
import { pricingMatches, processMatches, type PricingRow, type ProcessRow } from './support/expected.js';
import { isWebPage, webPageRoot } from './support/web-page.js';

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
  '/api/query/pricing-review',
  '/api/query/pricing-compare',
  '/api/query/supplier-compare',
  '/api/query/secondary-process-stats',
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
  'basePricingId',
  'pricingIds',
  'minChangeRate',
  'maxChangeRate',
  'partNos',
  'inForceOn',
  'lines',
  'on',
];
const SORT_KEYS = [
  'pricedAt',
  'unitPrice',
  'pricingNo',
  'partNo',
  'updatedAt',
  'changeRate',
  'processName',
  'validFrom',
  'id',
  '__proto__',
];

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
  // Pricing ids: some of the seed's (one part's or several), unknown ones, repeats, too few or too many.
  fc.array(fc.integer({ min: -1, max: 1300 }), { maxLength: 6 }),
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

/** A route spelt in mixed case, sometimes with a trailing slash: the router answers it all the same. */
const spelt = fc
  .constantFrom(...ROUTES, '/api')
  .chain((route) =>
    fc
      .tuple(fc.array(fc.boolean(), { minLength: route.length, maxLength: route.length }), fc.boolean())
      .map(([upper, slash]) => [...route].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('') + (slash ? '/' : '')),
  );

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ROUTES) },
  { weight: 2, arbitrary: spelt },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '/api/query/pricing',
      '/api/query/secondary-process',
      '/api/query/pricing-details',
      '/api/query/pricing-review',
      '/api/query/pricing-compare',
      '/api/query/supplier-compare',
      '/api/query/secondary-process-stats',
    ),
  },
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
    // With a built page, which answers GETs outside /api: it must never answer one under /api.
    const app = createApp({ config, db: sharedTestDb(), logger: createLogger('silent'), webRoot: webPageRoot() });
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
        // Under /api in any case (the router's matching) the API answers, never the page.
        const underApi = /^\/api(?:[/?]|$)/i.test(r.path);
        if (underApi) expect(isWebPage({ headers: res.headers as Record<string, string>, text: res.body }), where).to.equal(false);
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

// ---------------------------------------------------------------------------------------------
// JSON under other names: every `+json` media type, with or without a charset, is read and
// validated exactly as application/json is.

const JSON_TYPE_RUNS = Number(process.env.FUZZ_JSON_TYPE_RUNS ?? Math.max(200, Math.ceil(RUNS / 20)));
const jsonSuffixType = fc
  .tuple(
    fc.constantFrom(
      'application/merge-patch+json',
      'application/problem+json',
      'application/ld+json',
      'application/vnd.api+json',
      'application/x.pricing+json',
    ),
    fc.constantFrom('', '; charset=utf-8', '; charset=UTF-8', '; charset="utf-8"', ';charset=utf-8; q=1'),
    fc.boolean(),
  )
  .map(([type, parameters, upper]) => (upper ? type.toUpperCase() : type) + parameters);

describe('fuzz: JSON under every +json media type', function () {
  this.timeout(TIME_LIMIT_MS + 60_000);
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  it('the same answer as under application/json, whatever the body', async () => {
    const paths = fc.constantFrom('/api/query/pricing', '/api/query/secondary-process', '/api/query/pricing-details');
    const withoutId = (res: { status: number; body: Record<string, unknown> }) => ({
      status: res.status,
      body: { ...res.body, requestId: undefined },
    });
    await fc.assert(
      fc.asyncProperty(paths, body, jsonSuffixType, async (path, text, type) => {
        const plain = await t.request.post(path).set('Content-Type', 'application/json').send(text);
        const suffixed = await t.request.post(path).set('Content-Type', type).send(text);
        expect(withoutId(suffixed), `seed ${SEED}: ${type} ${path} ${text}`).to.deep.equal(withoutId(plain));
      }),
      { numRuns: JSON_TYPE_RUNS, seed: SEED, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, endOnFailure: true },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The extremes: dates from 0001-01-01 to 9999-12-31 (and the year 0000 that does not exist),
// numbers up to ±1e308, current/pageSize up to 2^31, in time zones from UTC-12 to UTC+14.

const EXTREME_RUNS = Number(process.env.FUZZ_EXTREME_RUNS ?? Math.max(300, Math.ceil(RUNS / 10)));
const TIME_ZONES = ['Asia/Shanghai', 'America/New_York', 'Pacific/Kiritimati', 'Etc/GMT+12'] as const;
const MAX_PRICE = 1e14;
const FIRST_YEAR_1 = Date.parse('0001-01-01T00:00:00Z');
const LAST_YEAR_9999 = Date.parse('9999-12-31T00:00:00Z');
const SEED_FIRST = Date.parse('2024-11-01T00:00:00Z');
const SEED_LAST = Date.parse('2026-12-31T00:00:00Z');

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const extremeDate = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0001-01-01',
      '0001-01-02',
      '0099-12-31',
      '0100-01-01',
      '0999-12-31',
      '1000-01-01',
      '1752-12-31',
      '1753-01-01',
      '1969-12-31',
      '1970-01-01',
      '9999-12-30',
      '9999-12-31',
      '',
    ),
  },
  // Where the seeded rows are, so that bounds also cut through them.
  { weight: 3, arbitrary: fc.integer({ min: SEED_FIRST, max: SEED_LAST }).map(isoDay) },
  { weight: 2, arbitrary: fc.integer({ min: FIRST_YEAR_1, max: LAST_YEAR_9999 }).map(isoDay) },
  // A well-formed date of a year the calendar does not have.
  { weight: 1, arbitrary: fc.constantFrom('0000-01-01', '0000-02-29', '0000-12-31') },
);
const extremeNumber = fc.oneof(
  { weight: 1, arbitrary: fc.double({ min: -1e308, max: 1e308, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(-0, 5e-324, -5e-324, 1e14, 1e14 + 0.02, 99_999_999_999_999.98, 2 ** 53, 1e308, -1e308) },
  { weight: 2, arbitrary: fc.double({ min: 0, max: 1e14, noNaN: true }) },
  // Where the seeded prices are.
  { weight: 4, arbitrary: fc.double({ min: 0, max: 300, noNaN: true }) },
);
const extremeInt = (inRange: fc.Arbitrary<number>) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }) },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 201, 1_000_001, 2 ** 31 - 1, 2 ** 31, -(2 ** 31)) },
    { weight: 3, arbitrary: inRange },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 8 }) },
  );
/** A field left out one time in three. */
const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 3 });
/** A low/high pair, in order three times out of four (out of order it is refused on its second field). */
const pair = <T extends string | number>(arb: fc.Arbitrary<T>) =>
  fc.tuple(maybe(arb), maybe(arb), fc.nat(3)).map(([a, b, n]) => (n > 0 && a !== undefined && b !== undefined && b < a ? [b, a] : [a, b]));

const common = fc.record({
  prices: pair(extremeNumber),
  current: maybe(extremeInt(fc.integer({ min: 1, max: 1_000_000 }))),
  pageSize: maybe(extremeInt(fc.integer({ min: 1, max: 200 }))),
});
const extremeRequest = fc.record({
  timeZone: fc.constantFrom(...TIME_ZONES),
  csv: fc.nat(7).map((n) => n === 0),
  query: fc.oneof(
    fc.tuple(common, pair(extremeDate)).map(([{ prices, ...paging }, dates]) => ({
      route: 'pricing' as const,
      body: { pricedFrom: dates[0], pricedTo: dates[1], minPrice: prices[0], maxPrice: prices[1], ...paging },
    })),
    fc.tuple(common, maybe(extremeDate)).map(([{ prices, ...paging }, validOn]) => ({
      route: 'secondary-process' as const,
      body: { validOn, minPrice: prices[0], maxPrice: prices[1], ...paging },
    })),
  ),
});

/** The calendar day of an instant in a time zone, by the platform's Intl data (not the service's code). */
const dayFormats = new Map<string, Intl.DateTimeFormat>(
  TIME_ZONES.map((timeZone) => [
    timeZone,
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ]),
);
const localDay = (iso: string, timeZone: string) => dayFormats.get(timeZone)!.format(new Date(iso));

interface ExtremeBody {
  pricedFrom?: string;
  pricedTo?: string;
  validOn?: string;
  minPrice?: number;
  maxPrice?: number;
  current?: number;
  pageSize?: number;
}

/** The contract's range rules, written out again: which fields a request must be refused for. */
function invalidFields(q: ExtremeBody): { single: string[]; cross: string[] } {
  const outside = (v: number | undefined, min: number, max: number) => v !== undefined && !(v >= min && v <= max);
  const single = [
    ...(['pricedFrom', 'pricedTo', 'validOn'] as const).filter((f) => q[f]?.startsWith('0000-')),
    ...(['minPrice', 'maxPrice'] as const).filter((f) => outside(q[f], 0, MAX_PRICE)),
    ...(outside(q.current, 1, 1_000_000) ? ['current'] : []),
    ...(outside(q.pageSize, 1, 200) ? ['pageSize'] : []),
  ];
  const cross = [
    ...(q.pricedFrom && q.pricedTo && q.pricedFrom > q.pricedTo ? ['pricedTo'] : []),
    ...(q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice ? ['maxPrice'] : []),
  ];
  return { single, cross };
}

const inPriceRange = (price: number, q: ExtremeBody) =>
  (q.minPrice === undefined || price >= q.minPrice) && (q.maxPrice === undefined || price <= q.maxPrice);

/** Every pricing row in the default order, from the independent model of the seed. */
const ALL_PRICING = pricingMatches({});

/** The rows a valid request must match, in the default order, by the model's rules. */
function expectedRows(route: string, q: ExtremeBody, timeZone: string): (PricingRow | ProcessRow)[] {
  if (route === 'secondary-process') return processMatches({ validOn: q.validOn }).filter((r) => inPriceRange(r.unitPrice, q));
  return ALL_PRICING.filter((r) => {
    const day = localDay(r.pricedAt, timeZone);
    return (!q.pricedFrom || day >= q.pricedFrom) && (!q.pricedTo || day <= q.pricedTo) && inPriceRange(r.unitPrice, q);
  });
}

describe('fuzz: dates, numbers and paging at their extremes', function () {
  this.timeout(TIME_LIMIT_MS + 60_000);
  const apps = new Map<string, TestApp>();
  before(() => {
    for (const timeZone of TIME_ZONES) apps.set(timeZone, createTestApp({ APP_TIMEZONE: timeZone }));
  });
  after(async () => {
    for (const t of apps.values()) await closeTestApp(t);
  });

  it('a 200 with exactly the matching rows (JSON page or CSV export), or a 400 naming every out-of-range field', async () => {
    const seen = new Map<number, number>();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(extremeRequest, async ({ timeZone, csv, query }) => {
        runs++;
        const { route, body } = query;
        const req = apps.get(timeZone)!.request.post(`/api/query/${route}`);
        if (csv) req.set('Accept', 'text/csv');
        const res = await req.send(body);
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        const where = `seed ${SEED}, ${timeZone}${csv ? ', CSV' : ''}: ${route} ${JSON.stringify(body)} → ${res.status} ${res.text.slice(0, 300)}`;
        const { single, cross } = invalidFields(body);
        if (single.length + cross.length > 0) {
          expect(res.status, where).to.equal(400);
          expect(res.body.code, where).to.equal('VALIDATION_ERROR');
          const named = (res.body.errors as { path: string }[]).map((e) => e.path);
          expect(named, where).to.include.members(single);
          for (const path of named) expect([...single, ...cross], where).to.include(path);
          return;
        }
        expect(res.status, where).to.equal(200);
        const rows = expectedRows(route, body, timeZone);
        if (csv) {
          expect(res.headers['x-total-count'], where).to.equal(String(rows.length));
          return;
        }
        expect(res.body.total, where).to.equal(rows.length);
        const current = body.current ?? 1;
        const pageSize = body.pageSize ?? 20;
        const ids = rows.slice((current - 1) * pageSize, current * pageSize).map((r) => r.id);
        expect(
          (res.body.data as { id: number }[]).map((r) => r.id),
          where,
        ).to.deep.equal(ids);
      }),
      { numRuns: EXTREME_RUNS, seed: SEED, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, endOnFailure: true },
    );
    // Both answers must be reached often, or the run proves little.
    expect(seen.get(200) ?? 0, JSON.stringify([...seen])).to.be.above(runs / 5);
    expect(seen.get(400) ?? 0, JSON.stringify([...seen])).to.be.above(runs / 5);
    if (process.env.FUZZ_REPORT) console.log(`fuzz (extremes): ${runs} requests, seed ${SEED}`, Object.fromEntries(seen));
  });
});
