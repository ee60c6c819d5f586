import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { expect } from 'chai';
import { API_HELMET, DOCS_HELMET, WEB_HELMET } from '../src/http/security.js';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';
import { createTestAppWithPage, isWebPage } from './support/web-page.js';

const TOKEN = 'test-token-0123456789abcdef';
const OTHER_TOKEN = 'second-token-abcdefghijklmnop';

function expectErrorShape(body: Record<string, unknown>, code: string): void {
  expect(body).to.include({ success: false, code });
  expect(body.message).to.be.a('string').and.not.equal('');
  expect(body.requestId).to.be.a('string');
}

// Once as the API's own tests run (no web page built), once with a built page, which answers every
// GET outside /api: the token check and the page must agree on what is /api in every spelling.
for (const [label, create] of [
  ['', createTestApp],
  [' (with a built web page)', createTestAppWithPage],
] as const) {
  describe(`API_TOKENS: bearer tokens${label}`, () => {
    let t: TestApp;
    before(() => {
      t = create({ API_TOKENS: `${TOKEN}, ${OTHER_TOKEN}` });
    });
    after(() => closeTestApp(t));

    it('when a query has no token, then 401 UNAUTHORIZED with WWW-Authenticate: Bearer', async () => {
      const res = await t.request.post('/api/query/pricing').send({});
      expect(res.status).to.equal(401);
      expectErrorShape(res.body, 'UNAUTHORIZED');
      expect(res.headers['www-authenticate']).to.match(/^Bearer/);
      expect(res.headers['x-request-id']).to.be.a('string');
    });

    it('when the token is wrong, a prefix of a good one, or in the wrong scheme, then 401', async () => {
      for (const authorization of [
        'Bearer wrong-token-0123456789abcdef',
        `Bearer ${TOKEN.slice(0, -1)}`,
        `Bearer ${TOKEN}x`,
        `Basic ${Buffer.from(`u:${TOKEN}`).toString('base64')}`,
        TOKEN,
        'Bearer',
      ]) {
        const res = await t.request.get('/api/stats/tables').set('Authorization', authorization);
        expect(res.status, authorization).to.equal(401);
        expectErrorShape(res.body, 'UNAUTHORIZED');
        expect(res.headers['www-authenticate']).to.match(/^Bearer/);
      }
    });

    it('when any configured token is sent (any case of "Bearer"), then the route answers', async () => {
      const a = await t.request.get('/api/stats/tables').set('Authorization', `Bearer ${TOKEN}`);
      expect(a.status).to.equal(200);
      const b = await t.request.post('/api/query/pricing').set('Authorization', `bearer ${OTHER_TOKEN}`).send({ pageSize: 1 });
      expect(b.status).to.equal(200);
      expect(b.body.data).to.have.length(1);
    });

    it('then /api/info, /api/openapi.json and /api/docs need no token', async () => {
      const info = await t.request.get('/api/info');
      expect(info.status).to.equal(200);
      for (const path of ['/api/openapi.json', '/api/docs']) {
        const res = await t.request.get(path);
        // Whoever serves these (or a 404 until they exist): never 401.
        expect(res.status, path).to.not.equal(401);
      }
    });

    it('then whatever the router routes to an open route is open, any case or trailing slash; the rest is not', async () => {
      // The router matches case-insensitively and ignores a trailing slash; the token check asks it.
      for (const path of ['/API/INFO', '/api/info/', '/Api/Info', '/API/OPENAPI.JSON', '/api/docs/', '/API/DOCS/docs-init.js']) {
        const res = await t.request.get(path);
        expect(res.status, path).to.equal(200);
        expect(isWebPage(res), path).to.equal(false);
      }
      for (const path of [
        '/API/STATS/TABLES',
        '/api/test-db/',
        '/Api/Test-Db',
        '/API/METRICS',
        '/api/docs/a/b',
        '/api/info/x',
        '/api/infox',
      ]) {
        const res = await t.request.get(path);
        expect(res.status, path).to.equal(401);
      }
      // A wrong method on an open route is still that route's 405, not a 401.
      const wrongMethod = await t.request.post('/API/INFO').send({});
      expect(wrongMethod.status).to.equal(405);
      expect(wrongMethod.headers.allow).to.include('GET');
    });

    it('then /api/metrics, /api/test-db and unknown paths need a token (401 before 404)', async () => {
      // Paths outside /api are the web page's (open, test/web-app.test.ts).
      for (const path of ['/api/metrics', '/api/test-db', '/api/no-such-thing', '/api/info/x']) {
        const res = await t.request.get(path);
        expect(res.status, path).to.equal(401);
        expectErrorShape(res.body, 'UNAUTHORIZED');
      }
      const known = await t.request.get('/api/no-such-thing').set('Authorization', `Bearer ${TOKEN}`);
      expect(known.status).to.equal(404);
    });
  });
}

describe('without API_TOKENS', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp({ API_TOKENS: '' });
  });
  after(() => closeTestApp(t));

  it('every route is open', async () => {
    const res = await t.request.get('/api/stats/tables');
    expect(res.status).to.equal(200);
  });
});

describe('CORS_ORIGINS', () => {
  const allowed = 'https://pricing.example.com';

  describe('with an allow-list', () => {
    let t: TestApp;
    before(() => {
      t = createTestApp({ CORS_ORIGINS: `${allowed},http://localhost:8000`, API_TOKENS: TOKEN });
    });
    after(() => closeTestApp(t));

    it('when a listed origin asks, then it is allowed and our headers are exposed', async () => {
      const res = await t.request.get('/api/info').set('Origin', allowed);
      expect(res.headers['access-control-allow-origin']).to.equal(allowed);
      const exposed = String(res.headers['access-control-expose-headers']).toLowerCase().split(',');
      expect(exposed).to.include.members(['x-request-id', 'content-disposition', 'server-timing', 'retry-after']);
      expect(res.headers.vary).to.match(/Origin/);
      expect(res.headers['access-control-allow-credentials']).to.equal(undefined);
    });

    it('when an unlisted origin asks, then no CORS headers', async () => {
      const res = await t.request.get('/api/info').set('Origin', 'https://evil.example.com');
      expect(res.status).to.equal(200);
      expect(res.headers['access-control-allow-origin']).to.equal(undefined);
    });

    it('when a listed origin sends a preflight without a token, then 204 allowing Authorization and POST', async () => {
      const res = await t.request
        .options('/api/query/pricing')
        .set('Origin', allowed)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
      expect(res.status).to.equal(204);
      expect(res.headers['access-control-allow-origin']).to.equal(allowed);
      expect(res.headers['access-control-allow-methods']).to.include('POST');
      expect(res.headers['access-control-allow-headers']?.toLowerCase()).to.include('authorization');
    });

    it('when a listed origin gets a 401, then the browser may still read it (CORS headers on errors)', async () => {
      const res = await t.request.post('/api/query/pricing').set('Origin', allowed).send({});
      expect(res.status).to.equal(401);
      expect(res.headers['access-control-allow-origin']).to.equal(allowed);
    });
  });

  it('by default no origin gets cross-origin access', async () => {
    const t = createTestApp({});
    const res = await t.request.get('/api/info').set('Origin', allowed);
    expect(res.headers['access-control-allow-origin']).to.equal(undefined);
    await closeTestApp(t);
  });

  it('with "*" every origin is allowed', async () => {
    const t = createTestApp({ CORS_ORIGINS: '*' });
    const res = await t.request.get('/api/info').set('Origin', 'https://anything.example.org');
    expect(res.headers['access-control-allow-origin']).to.equal('*');
    await closeTestApp(t);
  });
});

/** The headers helmet sets on a bare node:http answer with these options (none of its own answer's). */
async function headersHelmetSets(options: HelmetOptions): Promise<Record<string, string>> {
  const server = http.createServer((req, res) => helmet(options)(req, res, () => res.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...res.headers.entries()].filter(([name]) => !own.has(name)));
  } finally {
    server.close();
  }
}

describe('security headers (helmet)', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp({});
  });
  after(() => closeTestApp(t));

  it('API answers carry helmet headers and a strict CSP', async () => {
    const res = await t.request.get('/api/info');
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    expect(res.headers['x-frame-options']).to.equal('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).to.match(/max-age=/);
    expect(res.headers['x-powered-by']).to.equal(undefined);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).to.include("default-src 'none'");
    expect(csp).to.not.include('unsafe-inline');
  });

  it('errors carry them too', async () => {
    const res = await t.request.get('/api/nope');
    expect(res.status).to.equal(404);
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
  });

  it('every answer gets exactly the headers helmet itself sets with the same options (precomputed once)', async () => {
    for (const [path, options] of [
      ['/api/info', API_HELMET],
      ['/api/query/pricing', API_HELMET],
      ['/api/docs', DOCS_HELMET],
      ['/', WEB_HELMET],
    ] as const) {
      const expected = await headersHelmetSets(options);
      expect(Object.keys(expected)).to.include.members(['content-security-policy', 'strict-transport-security', 'x-frame-options']);
      const res = await t.request.get(path);
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${path}: ${name}`).to.equal(value);
    }
  });

  it('an API path in any spelling gets the API policy, the docs page in any spelling the docs policy', async () => {
    const api = await headersHelmetSets(API_HELMET);
    const docs = await headersHelmetSets(DOCS_HELMET);
    for (const [path, expected] of [
      ['/API/INFO', api],
      ['/Api/Info/', api],
      ['/API/NOPE', api],
      ['/API/DOCS', docs],
      ['/Api/Docs/swagger-ui.css', docs],
    ] as const) {
      const res = await t.request.get(path);
      expect(res.headers['content-security-policy'], path).to.equal(expected['content-security-policy']);
    }
  });

  it('only /api/docs gets a CSP that lets swagger-ui run (inline styles, scripts from self)', async () => {
    const res = await t.request.get('/api/docs');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).to.match(/style-src 'self' 'unsafe-inline'/);
    expect(csp).to.match(/script-src 'self'(;|$)/);
    expect(csp).to.match(/img-src 'self' data:/);
  });
});

describe('BODY_LIMIT', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp({ BODY_LIMIT: '1kb' });
  });
  after(() => closeTestApp(t));

  it('when a body is over the limit, then 413 PAYLOAD_TOO_LARGE in the error shape', async () => {
    const body = JSON.stringify({ keyword: 'x'.repeat(2000) });
    const res = await t.request.post('/api/query/pricing').set('Content-Type', 'application/json').send(body);
    expect(res.status).to.equal(413);
    expectErrorShape(res.body, 'PAYLOAD_TOO_LARGE');
  });

  it('when a body is just under the limit, then it is read (and validated)', async () => {
    const body = JSON.stringify({ keyword: 'x'.repeat(900) });
    const res = await t.request.post('/api/query/pricing').set('Content-Type', 'application/json').send(body);
    expect(res.status).to.not.equal(413);
  });

  it('the default limit is 64 KB', async () => {
    const d = createTestApp({});
    const over = await d.request
      .post('/api/query/pricing')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ keyword: 'x'.repeat(70 * 1024) }));
    expect(over.status).to.equal(413);
    await closeTestApp(d);
  });
});
