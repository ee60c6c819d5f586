import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { expectErrorBody } from '../support/expected.js';
import { createTestAppWithPage, isWebPage } from '../support/web-page.js';

const PRICING = '/api/query/pricing';

const WRONG_METHODS: [method: 'get' | 'put' | 'delete' | 'post' | 'patch' | 'head', url: string, allowed: string][] = [
  ['get', PRICING, 'POST'],
  ['put', '/api/query/secondary-process', 'POST'],
  ['delete', '/api/query/pricing-details', 'POST'],
  ['post', '/api/info', 'GET'],
  ['delete', '/api/stats/tables', 'GET'],
  ['patch', '/api/test-db', 'GET'],
];

function expectWrongMethod(res: Parameters<typeof expectErrorBody>[0], method: string, allowed: string): void {
  // A HEAD answer has no body to read the error from; its status and Allow still say it.
  if (method === 'head') expect(res.status).to.equal(405);
  else expectErrorBody(res, 405, 'METHOD_NOT_ALLOWED');
  const allow = String(res.headers.allow ?? '').split(/,\s*/);
  expect(allow).to.include(allowed);
  expect(allow).to.not.include(method.toUpperCase());
}

describe('errors and request ids', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  describe('unknown path', () => {
    for (const [method, url] of [
      ['get', '/api/nope'],
      ['post', '/api/query/unknown'],
      ['post', '/'],
      ['get', '/apix'],
      ['get', '/api/info/x'],
    ] as const) {
      it(`when ${method.toUpperCase()} ${url} then 404 NOT_FOUND in the error shape`, async () => {
        expectErrorBody(await t.request[method](url), 404, 'NOT_FOUND');
      });
    }
  });

  describe('wrong method', () => {
    for (const [method, url, allowed] of WRONG_METHODS) {
      it(`when ${method.toUpperCase()} ${url} then 405 METHOD_NOT_ALLOWED with Allow naming ${allowed}`, async () => {
        expectWrongMethod(await t.request[method](url), method, allowed);
      });
    }
  });

  describe('routing with a built web page, in any spelling of a path', () => {
    // The page answers every GET outside /api; under /api, in any case and with a trailing slash,
    // the router answers: its 404 and 405, never the page.
    let paged: TestApp;
    before(() => {
      paged = createTestAppWithPage();
    });
    after(() => closeTestApp(paged));

    for (const url of ['/api/nope', '/API/NOPE', '/Api/Info/X', '/API/QUERY/UNKNOWN/', '/api/', '/API/assets/index-AbC123.js']) {
      it(`when GET ${url} then the API's 404, not the page`, async () => {
        const res = await paged.request.get(url);
        if (url === '/api/') expect(res.status).to.equal(200);
        else expectErrorBody(res, 404, 'NOT_FOUND');
        expect(isWebPage(res)).to.equal(false);
      });
    }

    const spelt: (typeof WRONG_METHODS)[number][] = [
      ...WRONG_METHODS,
      ['get', '/API/QUERY/PRICING', 'POST'],
      ['get', '/Api/Query/Pricing-Details/', 'POST'],
      ['head', '/api/query/secondary-process/', 'POST'],
      ['delete', '/API/STATS/TABLES/', 'GET'],
    ];
    for (const [method, url, allowed] of spelt) {
      it(`when ${method.toUpperCase()} ${url} then 405 with Allow naming ${allowed}, not the page`, async () => {
        const res = await paged.request[method](url);
        expectWrongMethod(res, method, allowed);
        expect(isWebPage(res)).to.equal(false);
      });
    }

    it('when GET a path outside /api then the page', async () => {
      for (const url of ['/', '/apix', '/pricing/123', '/APIX/info']) expect(isWebPage(await paged.request.get(url)), url).to.equal(true);
    });
  });

  describe('request body', () => {
    it('when the body is over 64 KB then 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await t.request.post(PRICING).send({ keyword: 'x'.repeat(70 * 1024) });
      expectErrorBody(res, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('when BODY_LIMIT is 1kb then a 2 KB body is 413 and a small one passes', async () => {
      const small = createTestApp({ BODY_LIMIT: '1kb' });
      try {
        expectErrorBody(await small.request.post(PRICING).send({ keyword: 'x'.repeat(2048) }), 413, 'PAYLOAD_TOO_LARGE');
        expect((await small.request.post(PRICING).send({ keyword: 'P-1' })).status).to.equal(200);
      } finally {
        await closeTestApp(small);
      }
    });

    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      it(`when the body is ${type} then 415 UNSUPPORTED_MEDIA_TYPE`, async () => {
        const res = await t.request.post(PRICING).set('Content-Type', type).send('keyword=x');
        expectErrorBody(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      });
    }

    for (const text of ['{bad', '{"keyword": "x",}', '[]', '[{"keyword":"x"}]', '42', '"x"', 'null', 'true']) {
      it(`when the JSON body is ${text} then 400 INVALID_JSON`, async () => {
        const res = await t.request.post(PRICING).set('Content-Type', 'application/json').send(text);
        expectErrorBody(res, 400, 'INVALID_JSON');
      });
    }

    it('when the body is empty with a JSON content type then it means {}', async () => {
      const res = await t.request.post(PRICING).set('Content-Type', 'application/json').send('');
      expect(res.status).to.equal(200);
      expect(res.body.total).to.equal(1200);
    });

    describe('JSON media types other than application/json', () => {
      // Every `+json` type is read and validated exactly as application/json; nothing is dropped as {}.
      const PARSED = [
        'application/merge-patch+json',
        'application/problem+json',
        'application/ld+json',
        'application/vnd.api+json',
        'application/json-patch+json',
        'application/ld+json; charset=utf-8',
        'Application/Problem+JSON; charset="UTF-8"',
      ];
      for (const type of PARSED) {
        it(`when the body is ${type} then broken JSON is 400, a bad field is named, a filter filters`, async () => {
          expectErrorBody(await t.request.post(PRICING).set('Content-Type', type).send('{{{'), 400, 'INVALID_JSON');
          expectErrorBody(await t.request.post(PRICING).set('Content-Type', type).send('[]'), 400, 'INVALID_JSON');
          const zero = await t.request.post(PRICING).set('Content-Type', type).send('{"pageSize":0}');
          expectErrorBody(zero, 400, 'VALIDATION_ERROR', ['pageSize']);
          const body = JSON.stringify({ partName: '支架', status: ['approved'], pageSize: 3 });
          const filtered = await t.request.post(PRICING).set('Content-Type', type).send(body);
          const plain = await t.request.post(PRICING).set('Content-Type', 'application/json').send(body);
          expect(filtered.status).to.equal(200);
          expect(filtered.body).to.deep.equal(plain.body);
          expect(filtered.body.total).to.be.greaterThan(0).and.below(1200);
          const details = await t.request.post('/api/query/pricing-details').set('Content-Type', type).send('{"pricingId":1,"x":1}');
          expectErrorBody(details, 400, 'VALIDATION_ERROR', ['x']);
        });
      }

      // JSON by content but not by name: refused, whatever the body, rather than read as no filter.
      for (const type of ['application/csp-report', 'text/json', 'application/x-json', 'application/jsonx', 'application/json-seq']) {
        it(`when the body is ${type} then 415 UNSUPPORTED_MEDIA_TYPE, broken or not`, async () => {
          for (const body of ['{{{', '{"pageSize":0}', '{"pageSize":1}']) {
            const res = await t.request.post('/api/query/secondary-process').set('Content-Type', type).send(body);
            expectErrorBody(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
          }
        });
      }
    });

    it('when the content type is application/json; charset=utf-8 with Chinese then it is read as UTF-8', async () => {
      const res = await t.request
        .post(PRICING)
        .set('Content-Type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ partName: '支架', pageSize: 1 }));
      expect(res.status).to.equal(200);
      expect(res.body.total).to.be.greaterThan(0);
    });
  });

  describe('internal error', () => {
    let broken: TestApp;
    const file = path.join(os.tmpdir(), `pricing-empty-${process.pid}.sqlite3`);

    // Tables without their columns (a missing table is 503 DB_SCHEMA_MISSING, test/readiness.test.ts):
    // the driver's "no such column" must stay in the log.
    before(() => {
      const raw = new Database(file);
      for (const table of ['parts', 'pricing', 'pricing_details', 'secondary_processes'])
        raw.exec(`create table ${table} (id integer primary key)`);
      raw.close();
      broken = createTestApp({ DB_CLIENT: 'better-sqlite3', DB_FILENAME: file }, { ownDb: true });
    });
    after(async () => {
      await closeTestApp(broken);
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    });

    for (const [method, url] of [
      ['post', PRICING],
      ['post', '/api/query/pricing-details'],
      ['get', '/api/stats/tables'],
    ] as const) {
      it(`when ${url} fails inside then 500 INTERNAL_ERROR without stack, SQL or driver text`, async () => {
        const req = broken.request[method](url);
        const res = method === 'post' ? await req.send(url.endsWith('details') ? { pricingId: 1 } : {}) : await req;
        expectErrorBody(res, 500, 'INTERNAL_ERROR');
        expect(res.body.message).to.equal('服务器内部错误');
        expect(res.text).to.not.match(/sqlite|no such|select |pricing_|stack|\.ts:|node_modules/i);
      });
    }
  });

  describe('X-Request-Id', () => {
    const requests: [string, (t: TestApp) => PromiseLike<{ status: number; headers: Record<string, string> }>][] = [
      ['200 GET /api/info', (a) => a.request.get('/api/info')],
      ['200 POST /api/query/pricing', (a) => a.request.post(PRICING).send({})],
      ['400 validation', (a) => a.request.post(PRICING).send({ pageSize: 0 })],
      ['400 invalid JSON', (a) => a.request.post(PRICING).set('Content-Type', 'application/json').send('{')],
      ['404 unknown path', (a) => a.request.get('/api/nope')],
      ['404 no such pricing', (a) => a.request.post('/api/query/pricing-details').send({ pricingId: 999_999 })],
      ['405 wrong method', (a) => a.request.get(PRICING)],
      ['413 too large', (a) => a.request.post(PRICING).send({ keyword: 'x'.repeat(70 * 1024) })],
      ['415 not JSON', (a) => a.request.post(PRICING).set('Content-Type', 'text/plain').send('x')],
    ];

    for (const [name, send] of requests) {
      it(`when the response is ${name} then it carries a generated X-Request-Id`, async () => {
        const res = await send(t);
        expect(res.headers['x-request-id']).to.match(/^[A-Za-z0-9._:-]{8,128}$/);
      });
    }

    it('when the caller sends a sane id then the response echoes it, in the header and in an error body', async () => {
      const id = 'web-7f3a.91:2026_11';
      const ok = await t.request.get('/api/info').set('X-Request-Id', id);
      expect(ok.headers['x-request-id']).to.equal(id);
      const bad = await t.request.post(PRICING).set('X-Request-Id', id).send({ foo: 1 });
      expect(bad.headers['x-request-id']).to.equal(id);
      expect(bad.body.requestId).to.equal(id);
    });

    for (const [name, id] of [
      ['spaces', 'my request id'],
      ['markup', '<script>alert(1)</script>'],
      ['129 characters', 'a'.repeat(129)],
      ['percent-encoded Chinese', encodeURIComponent('请求-1')],
      ['path and quote characters', 'a/b"c'],
    ] as const) {
      it(`when the caller's id has ${name} then a fresh id replaces it`, async () => {
        const res = await t.request.post(PRICING).set('X-Request-Id', id).send({ foo: 1 });
        expect(res.headers['x-request-id']).to.not.equal(id);
        expect(res.headers['x-request-id']).to.match(/^[A-Za-z0-9._:-]{8,128}$/);
        expect(res.body.requestId).to.equal(res.headers['x-request-id']);
      });
    }

    it('when two requests carry no id then they get different ids', async () => {
      const a = await t.request.get('/api/info');
      const b = await t.request.get('/api/info');
      expect(a.headers['x-request-id']).to.not.equal(b.headers['x-request-id']);
    });
  });
});
