import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import fs from 'node:fs';
import type { z } from 'zod';
import { ERROR_CODES } from '../src/http/errors.js';
import {
  bomPriceQuerySchema,
  workbenchQuerySchema,
  pricingCompareQuerySchema,
  pricingDetailsQuerySchema,
  pricingQuerySchema,
  pricingReviewQuerySchema,
  processStatsQuerySchema,
  secondaryProcessQuerySchema,
  exchangeRateQuerySchema,
  supplierCompareQuerySchema,
} from '../src/schemas/requests.js';
import {
  errorResponseSchema,
  infoResponseSchema,
  pricingComparisonResponseSchema,
  pricingDetailsResponseSchema,
  pricingListResponseSchema,
  pricingReviewResponseSchema,
  processStatsResponseSchema,
  secondaryProcessListResponseSchema,
  supplierComparisonResponseSchema,
  tableStatsResponseSchema,
  testDbResponseSchema,
} from '../src/schemas/responses.js';
import { API_TYPES_FILE, apiTypesSource, FIELDS_FILE, fieldsSource } from '../web/scripts/api-types.js';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';

/** Every route of the service, written out: the six operations and the ones beyond them. */
const ROUTES = [
  ['post', '/api/query/pricing'],
  ['post', '/api/query/secondary-process'],
  ['post', '/api/query/exchange-rates'],
  ['post', '/api/query/pricing-details'],
  ['post', '/api/query/pricing-review'],
  ['post', '/api/query/pricing-compare'],
  ['post', '/api/query/supplier-compare'],
  ['post', '/api/query/secondary-process-stats'],
  ['post', '/api/query/bom-price'],
  ['post', '/api/query/workbench'],
  ['get', '/api/stats/tables'],
  ['get', '/api/test-db'],
  ['get', '/api/info'],
  ['get', '/api'],
  ['get', '/api/openapi.json'],
  ['get', '/api/docs'],
  ['get', '/api/docs/{asset}'],
  ['get', '/api/metrics'],
  ['get', '/api/health/live'],
  ['get', '/api/health/ready'],
  ['get', '/api/settings'],
  ['get', '/api/auth/config'],
  ['get', '/api/auth/me'],
  ['post', '/api/mcp'],
] as const;

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function expectValid(schema: z.ZodType, body: unknown, what: string): void {
  const result = schema.safeParse(body);
  expect(result.success, `${what}: ${result.success ? '' : JSON.stringify(result.error.issues.slice(0, 3))}`).to.equal(true);
}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: Json;

  before(async () => {
    t = createTestApp();
    const res = await t.request.get('/api/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    doc = res.body;
  });
  after(() => closeTestApp(t));

  it('when validated against the OpenAPI 3.1 schema then it is a valid document', async () => {
    expect(doc.openapi).to.match(/^3\.1\./);
    const result = await new Validator().validate(doc);
    expect(result.valid, JSON.stringify(result.errors)).to.equal(true);
  });

  it('when listing its paths then every route of the service is there, and nothing else', () => {
    const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented).to.have.members(ROUTES.map(([m, p]) => `${m} ${p}`));
  });

  it('when reading the request bodies then they are the validating schemas: every field, its type, range and description', () => {
    const bodies = {
      '/api/query/pricing': pricingQuerySchema,
      '/api/query/secondary-process': secondaryProcessQuerySchema,
      '/api/query/exchange-rates': exchangeRateQuerySchema,
      '/api/query/pricing-details': pricingDetailsQuerySchema,
      '/api/query/pricing-review': pricingReviewQuerySchema,
      '/api/query/pricing-compare': pricingCompareQuerySchema,
      '/api/query/supplier-compare': supplierCompareQuerySchema,
      '/api/query/secondary-process-stats': processStatsQuerySchema,
      '/api/query/bom-price': bomPriceQuerySchema,
      '/api/query/workbench': workbenchQuerySchema,
    };
    for (const [route, schema] of Object.entries(bodies)) {
      const ref: string = doc.paths[route].post.requestBody.content['application/json'].schema.$ref;
      const body = doc.components.schemas[ref.split('/').pop()!];
      expect(body.additionalProperties, route).to.equal(false);
      expect(Object.keys(body.properties), route).to.deep.equal(Object.keys(schema.shape));
      for (const [field, prop] of Object.entries(body.properties as Record<string, Json>)) {
        expect(prop.description, `${route} ${field}`).to.be.a('string').and.not.equal('');
        expect(prop.type ?? prop.anyOf, `${route} ${field}`).to.not.equal(undefined);
      }
    }
    const pricing = doc.components.schemas.PricingQuery.properties;
    expect(pricing.pageSize).to.include({ type: 'integer', minimum: 1, maximum: 200, default: 20 });
    expect(pricing.current).to.include({ type: 'integer', minimum: 1, default: 1 });
    expect(pricing.minPrice).to.deep.include({ type: ['number', 'null'], minimum: 0 });
    expect(pricing.pricedFrom.anyOf).to.deep.equal([{ type: 'string', format: 'date' }, { type: 'string', enum: [''] }, { type: 'null' }]);
    expect(pricing.pricedFrom.description).to.include('空字符串或 null 表示不筛选');
    expect(pricing.status.items.enum).to.deep.equal(['draft', 'pending', 'approved', 'rejected', 'expired']);
    expect(pricing.keyword).to.deep.include({ type: ['string', 'null'], maxLength: 200 });
    expect(pricing.sort).to.include({ maxProperties: 3, additionalProperties: false });
    expect(Object.keys(pricing.sort.properties)).to.deep.equal(['pricedAt', 'unitPrice', 'pricingNo', 'partNo', 'updatedAt', 'changeRate']);
    expect(pricing.minChangeRate).to.deep.include({ type: ['number', 'null'], minimum: -1e9, maximum: 1e9 });
    expect(doc.components.schemas.PricingQuery.description).to.include('minChangeRate ≤ maxChangeRate');
  });

  it('when reading the list operations then JSON, CSV and xlsx are all described, with the attachment header', () => {
    for (const route of ['/api/query/pricing', '/api/query/secondary-process']) {
      const ok = doc.paths[route].post.responses['200'];
      expect(Object.keys(ok.content)).to.have.members(['application/json', CSV, XLSX]);
      expect(ok.headers).to.have.property('Content-Disposition');
      expect(doc.paths[route].post.description).to.include('Accept').and.include('EXPORT_TOO_LARGE');
    }
  });

  it("when reading the row schemas then each lists a real row's fields in its order", async () => {
    const pricing = (await t.request.post('/api/query/pricing').send({ pageSize: 1 })).body.data[0];
    const process = (await t.request.post('/api/query/secondary-process').send({ pageSize: 1 })).body.data[0];
    const rowOf = (name: string) => doc.components.schemas[name].properties.data.items.properties;
    expect(Object.keys(rowOf('PricingListResponse'))).to.deep.equal(Object.keys(pricing));
    expect(Object.keys(rowOf('SecondaryProcessListResponse'))).to.deep.equal(Object.keys(process));
    for (const prop of Object.values<Json>(rowOf('PricingListResponse'))) expect(prop.description).to.be.a('string');
    expect(rowOf('PricingListResponse').pricingNo.description).to.equal('核价单号');
  });

  it('when collecting the error responses then every error code is there with the error body and its own status', () => {
    const seen = new Map<string, Set<string>>();
    const collect = (status: string, response: Json) => {
      let schema = response.content?.['application/json']?.schema;
      if (schema?.$ref) schema = doc.components.schemas[schema.$ref.split('/').pop()];
      if (!schema?.properties?.code) return;
      expect(schema.required).to.include.members(['success', 'code', 'message', 'requestId']);
      expect(schema.properties).to.have.property('errors');
      for (const code of schema.properties.code.enum as string[]) {
        if (!seen.has(code)) seen.set(code, new Set());
        seen.get(code)!.add(status);
      }
    };
    for (const ops of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
      for (const op of Object.values(ops))
        for (const [status, r] of Object.entries(op.responses as Record<string, Json>)) collect(status, r);
    }
    // Unknown paths and wrong methods belong to no one operation: shared responses on ErrorBody.
    expect(doc.components.schemas.ErrorBody.properties.code.enum).to.have.members(Object.keys(ERROR_CODES));
    const { NotFound, MethodNotAllowed } = doc.components.responses;
    expect(NotFound.description).to.include('NOT_FOUND');
    expect(MethodNotAllowed.description).to.include('METHOD_NOT_ALLOWED');
    expect(MethodNotAllowed.headers).to.have.property('Allow');
    for (const r of [NotFound, MethodNotAllowed])
      expect(r.content['application/json'].schema.$ref).to.equal('#/components/schemas/ErrorBody');
    seen.set('METHOD_NOT_ALLOWED', new Set(['405']));
    for (const [response, code, status] of [
      ['BadRequest', 'BAD_REQUEST', '400'],
      ['RequestTimeout', 'REQUEST_TIMEOUT', '408'],
      ['HeadersTooLarge', 'HEADERS_TOO_LARGE', '431'],
    ] as const) {
      expect(doc.components.responses[response].description).to.include(code);
      seen.set(code, new Set([status]));
    }

    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect([...(seen.get(code) ?? [])], code).to.deep.equal([String(status)]);
    }
    expect(doc.paths['/api/query/pricing'].post.responses['400'].content['application/json'].schema.properties.code.enum).to.have.members([
      'INVALID_JSON',
      'VALIDATION_ERROR',
      'EXPORT_TOO_LARGE',
    ]);
    expect(doc.paths['/api/query/pricing-details'].post.responses['404']).to.not.equal(undefined);
  });

  it('when "Try it out" sends each operation\'s example body then rows come back from the demo data', async () => {
    for (const route of [
      '/api/query/pricing',
      '/api/query/secondary-process',
      '/api/query/exchange-rates',
      '/api/query/pricing-details',
      '/api/query/pricing-review',
      '/api/query/pricing-compare',
      '/api/query/supplier-compare',
      '/api/query/secondary-process-stats',
      '/api/query/bom-price',
    ]) {
      const example = doc.paths[route].post.requestBody.content['application/json'].example;
      expect(example, route).to.be.an('object');
      const res = await t.request.post(route).send(example);
      expect(res.status, `${route} ${JSON.stringify(res.body)}`).to.equal(200);
      const data = res.body.data;
      const rows = Array.isArray(data) ? data : (data.details ?? data.history?.rows ?? data.lines ?? data.columns ?? data.groups);
      expect(rows.length, route).to.be.greaterThan(0);
    }
  });

  it('when reading the request bodies then the cross-field, trimming, empty and U+0000 rules are written down', () => {
    const { PricingQuery, SecondaryProcessQuery, PricingDetailsQuery } = doc.components.schemas;
    expect(PricingQuery.description).to.include('pricedFrom ≤ pricedTo').and.include('minPrice ≤ maxPrice');
    expect(SecondaryProcessQuery.description).to.include('minPrice ≤ maxPrice');
    expect(PricingDetailsQuery.description).to.include('恰好提供一个');
    for (const schema of [PricingQuery, SecondaryProcessQuery]) {
      expect(schema.description).to.include('首尾空白').and.include('空字符串或 null 表示不筛选').and.include('U+0000');
      for (const [field, prop] of Object.entries(schema.properties as Record<string, Json>)) {
        if (![prop.type].flat().includes('string')) continue;
        expect(prop.pattern, field).to.equal('^[^\\u0000]*$');
        expect(new RegExp(prop.pattern, 'u').test('a\u0000b'), field).to.equal(false);
        expect(prop.description, field).to.include('空字符串或 null 表示不筛选');
      }
    }
    expect(SecondaryProcessQuery.properties.validOn.description).to.include('空字符串或 null 表示不筛选');
    expect(PricingQuery.properties.maxPrice.description).to.include('minPrice');
    expect(PricingQuery.properties.pricedTo.description).to.include('pricedFrom');
  });

  it('when reading the responses then each names the headers it carries', () => {
    for (const [route, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, r] of Object.entries(op.responses as Record<string, Json>)) {
          const where = `${method} ${route} ${status}`;
          expect(r.headers, where).to.have.property('X-Request-Id');
          if (status === '401') expect(r.headers, where).to.have.property('WWW-Authenticate');
          if (status === '429') expect(r.headers, where).to.have.property('Retry-After');
        }
      }
    }
    for (const route of [
      '/api/query/pricing',
      '/api/query/secondary-process',
      '/api/query/exchange-rates',
      '/api/query/pricing-details',
      '/api/query/pricing-review',
      '/api/query/pricing-compare',
      '/api/query/supplier-compare',
      '/api/query/secondary-process-stats',
      '/api/query/bom-price',
    ]) {
      expect(doc.paths[route].post.responses['200'].headers, route).to.have.property('Server-Timing');
      expect(doc.paths[route].post.responses['503'].headers, route).to.have.property('Server-Timing');
    }
    expect(doc.paths['/api/stats/tables'].get.responses['200'].headers).to.have.property('Server-Timing');
    for (const name of ['NotFound', 'MethodNotAllowed'])
      expect(doc.components.responses[name].headers, name).to.have.property('X-Request-Id');
    // The open routes are never rate-limited, so they do not promise a 429.
    for (const open of ['/api', '/api/info', '/api/openapi.json', '/api/docs', '/api/docs/{asset}']) {
      expect(doc.paths[open].get.responses, open).to.not.have.property('429');
    }
  });

  it('when real answers come back then they carry the headers the document names', async () => {
    const query = await t.request.post('/api/query/pricing').send({ pageSize: 1 });
    expect(query.headers['x-request-id']).to.be.a('string');
    expect(query.headers['server-timing']).to.match(/^db;dur=/);
    const tokens = createTestApp({ API_TOKENS: 'headers-test-token-0123456789' });
    try {
      const denied = await tokens.request.get('/api/stats/tables');
      expect(denied.status).to.equal(401);
      expect(denied.headers['www-authenticate']).to.match(/^Bearer realm="pricing"/);
      expect(denied.headers['x-request-id']).to.equal(denied.body.requestId);
    } finally {
      await closeTestApp(tokens);
    }
  });

  it("when the page's API types are generated then they are the committed web/src/api/schema.d.ts (npm run web:api-types)", async () => {
    expect(fs.readFileSync(API_TYPES_FILE, 'utf8') === (await apiTypesSource()), 'run npm run web:api-types').to.equal(true);
  });

  it("when the page's field labels are generated then they are the committed web/src/api/fields.ts (npm run web:api-types)", async () => {
    expect(fs.readFileSync(FIELDS_FILE, 'utf8') === (await fieldsSource()), 'run npm run web:api-types').to.equal(true);
  });

  it('when a route is open without a token then the document says so', () => {
    expect(doc.security).to.deep.equal([{ bearerAuth: [] }]);
    for (const open of ['/api', '/api/info', '/api/openapi.json', '/api/docs', '/api/docs/{asset}'])
      expect(doc.paths[open].get.security, open).to.deep.equal([]);
    expect(doc.paths['/api/query/pricing'].post.security).to.equal(undefined);
  });
});

describe('response schemas (src/schemas/responses.ts) against real responses of the seeded database', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  it('when the list operations answer then every row validates (strict: no field more, none less)', async () => {
    for (const body of [{ pageSize: 200 }, { pageSize: 200, current: 3 }, { pageSize: 200, current: 6 }]) {
      expectValid(
        pricingListResponseSchema,
        (await t.request.post('/api/query/pricing').send(body)).body,
        `pricing ${JSON.stringify(body)}`,
      );
      expectValid(
        secondaryProcessListResponseSchema,
        (await t.request.post('/api/query/secondary-process').send(body)).body,
        'secondary process',
      );
    }
    expectValid(pricingListResponseSchema, (await t.request.post('/api/query/pricing').send({ status: ['expired'] })).body, 'expired');
  });

  it('when the details, stats, test-db and info operations answer then their bodies validate', async () => {
    for (const id of [1, 2, 3, 500]) {
      const res = await t.request.post('/api/query/pricing-details').send({ pricingId: id });
      expect(res.status).to.equal(200);
      expectValid(pricingDetailsResponseSchema, res.body, `details ${id}`);
    }
    for (const id of [1, 2, 4, 10, 777]) {
      expectValid(
        pricingReviewResponseSchema,
        (await t.request.post('/api/query/pricing-review').send({ pricingId: id })).body,
        `review ${id}`,
      );
      expectValid(
        pricingComparisonResponseSchema,
        (await t.request.post('/api/query/pricing-compare').send({ pricingId: id })).body,
        `compare ${id}`,
      );
    }
    expectValid(
      pricingComparisonResponseSchema,
      (await t.request.post('/api/query/pricing-compare').send({ pricingId: 2, basePricingId: 4 })).body,
      'compare 2 with 4',
    );
    for (const body of [{ partNo: 'P-100217' }, { partNo: 'P-100002' }, { partNo: 'P-100009' }, { pricingIds: [1, 2] }]) {
      const res = await t.request.post('/api/query/supplier-compare').send(body);
      expectValid(supplierComparisonResponseSchema, res.body, `supplier compare ${JSON.stringify(body)}`);
    }
    for (const body of [{}, { keyword: '电镀', on: '2026-06-18' }, { on: '2020-01-01' }, { keyword: '不存在的工艺' }]) {
      const res = await t.request.post('/api/query/secondary-process-stats').send(body);
      expectValid(processStatsResponseSchema, res.body, `process stats ${JSON.stringify(body)}`);
    }
    expectValid(tableStatsResponseSchema, (await t.request.get('/api/stats/tables')).body, 'stats');
    expectValid(testDbResponseSchema, (await t.request.get('/api/test-db')).body, 'test-db');
    expectValid(infoResponseSchema, (await t.request.get('/api/info')).body, 'info');
  });

  it('when errors come back then their bodies validate against the error body', async () => {
    const invalid = await t.request.post('/api/query/pricing').send({ pageSize: 0 });
    expect(invalid.status).to.equal(400);
    expectValid(errorResponseSchema, invalid.body, 'validation');
    const missing = await t.request.post('/api/query/pricing-details').send({ pricingId: 99_999_999 });
    expect(missing.status).to.equal(404);
    expectValid(errorResponseSchema, missing.body, 'not found');
    const wrongMethod = await t.request.get('/api/query/pricing');
    expect(wrongMethod.status).to.equal(405);
    expectValid(errorResponseSchema, wrongMethod.body, 'method');
  });

  it('when a row gains a field the schema does not know then validation fails', async () => {
    const body = (await t.request.post('/api/query/pricing').send({ pageSize: 1 })).body;
    body.data[0].surprise = 1;
    expect(pricingListResponseSchema.safeParse(body).success).to.equal(false);
  });
});

describe('GET /api/docs', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp({ API_TOKENS: 'docs-test-token-0123456789' });
  });
  after(() => closeTestApp(t));

  it('when the page is fetched then it is HTML that loads Swagger UI from /api/docs/ and has no inline script', async () => {
    const res = await t.request.get('/api/docs');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => /src="([^"]+)"/.exec(m[1]!)?.[1])).to.deep.equal([
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/docs-init.js',
    ]);
    for (const m of scripts) expect(m[2]!.trim()).to.equal('');
    expect(res.text).to.not.match(/\son\w+=/i); // no inline event handlers either
    expect(res.text).to.include('href="/api/docs/swagger-ui.css"');
    expect(res.text).to.not.match(/https?:\/\//); // no CDN
  });

  const ASSETS = [
    ['swagger-ui.css', 'text/css; charset=utf-8', '.swagger-ui'],
    ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8', 'SwaggerUIBundle'],
    ['docs-init.js', 'text/javascript; charset=utf-8', '/api/openapi.json'],
    ['favicon-32x32.png', 'image/png', undefined],
  ] as const;
  for (const [name, type, marker] of ASSETS) {
    it(`when /api/docs/${name} is fetched without a token then it comes from the package with ${type}`, async () => {
      const res = await t.request.get(`/api/docs/${name}`).buffer(true);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal(type);
      expect(Number(res.headers['content-length'])).to.be.greaterThan(100);
      if (marker) expect(res.text).to.include(marker);
    });
  }

  for (const bad of [
    'index.html',
    'swagger-initializer.js',
    '..%2Fpackage.json',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '..%5C..%5Cpackage.json',
    'docs-init.js%00.png',
  ]) {
    it(`when /api/docs/${bad} is asked for then 404 NOT_FOUND (only the listed files are served)`, async () => {
      const res = await t.request.get(`/api/docs/${bad}`);
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('NOT_FOUND');
    });
  }

  it('when a token is configured then the document and the page stay open while the queries do not', async () => {
    expect((await t.request.get('/api/openapi.json')).status).to.equal(200);
    expect((await t.request.get('/api/docs')).status).to.equal(200);
    expect((await t.request.post('/api/query/pricing').send({})).status).to.equal(401);
  });
});
