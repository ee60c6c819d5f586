import path from 'node:path';
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../src/app.js';
import { createLogger } from '../src/logger.js';
import { sharedTestDb, testConfig } from './support/context.js';
import { isWebPage, PAGE_SCRIPT as SCRIPT, webPageRoot } from './support/web-page.js';

/**
 * The built web app at / (src/routes/web-app.ts), on a fixture build (test/support/web-page.ts) so
 * that `npm test` needs neither Vite nor a browser; test/web/ drives the real build in Chromium.
 */
function appOn(root: string, env: NodeJS.ProcessEnv = {}) {
  const config = testConfig(env);
  return supertest(createApp({ config, db: sharedTestDb(), logger: createLogger(config.logLevel), webRoot: root }).callback());
}

const TOKEN = 'web-app-token-0123456789abcdef';

describe('the web app at /', () => {
  let root: string;
  before(() => {
    root = webPageRoot();
  });

  it('when / or a page route is asked for, then index.html, never cached, with APP_TIMEZONE and a strict script policy', async () => {
    const request = appOn(root, { APP_TIMEZONE: 'Europe/Berlin' });
    for (const p of ['/', '/pricing', '/pricing/123', '/overview', '/index.html']) {
      const res = await request.get(p);
      expect(res.status, p).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/html/);
      expect(res.headers['cache-control']).to.equal('no-cache');
      expect(res.text)
        .to.match(/<meta name="app-time-zone" content="Europe\/Berlin"\s*\/?>/)
        .and.contain('<div id="root">');
      expect(res.text).not.to.contain('Asia/Shanghai');
      const csp = res.headers['content-security-policy'];
      expect(csp).to.match(/(^|;)script-src 'self'(;|$)/);
      expect(csp).to.match(/(^|;)style-src 'self' 'unsafe-inline'(;|$)/);
      expect(csp).to.match(/(^|;)frame-ancestors 'none'(;|$)/);
      expect(res.headers['x-request-id']).to.be.a('string');
    }
  });

  it('when a hashed asset is asked for, then it is cached for a year, immutable, precompressed when accepted', async () => {
    const request = appOn(root);
    const plain = await request.get('/assets/index-AbC123.js').set('Accept-Encoding', 'identity');
    expect(plain.status).to.equal(200);
    expect(plain.headers['content-type']).to.match(/javascript/);
    expect(plain.headers['cache-control']).to.equal('max-age=31536000,immutable');
    expect(plain.headers.vary).to.match(/Accept-Encoding/);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.text).to.equal(SCRIPT);
    const gzipped = await request.get('/assets/index-AbC123.js').set('Accept-Encoding', 'gzip');
    expect(gzipped.headers['content-encoding']).to.equal('gzip');
    expect(gzipped.text).to.equal(SCRIPT); // supertest inflates it
    const favicon = await request.get('/favicon.svg');
    expect(favicon.status).to.equal(200);
    expect(favicon.headers['cache-control']).to.equal('no-cache');
  });

  it('when the page and its files are asked for, then the metrics count them as the page and its assets, a missing file as unmatched', async () => {
    const request = appOn(root);
    await request.get('/pricing/123');
    await request.get('/favicon.svg');
    await request.get('/assets/index-AbC123.js');
    await request.get('/assets/missing-0000.js');
    const { text } = await request.get('/api/metrics');
    expect(text).to.contain('http_requests_total{route="/*",method="GET",status="200"} 2');
    expect(text).to.contain('http_requests_total{route="/assets/*",method="GET",status="200"} 1');
    expect(text).to.contain('http_requests_total{route="unmatched",method="GET",status="404"} 1');
  });

  it('when a file is missing, then the usual 404 body, not index.html', async () => {
    const request = appOn(root);
    for (const p of ['/assets/index-Missing.js', '/nothing.png', '/assets/../../etc/passwd']) {
      const res = await request.get(p);
      expect(res.status, p).to.equal(404);
      expect(res.body).to.include({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('when the path is under /api or the method is not GET/HEAD, then the API answers as before', async () => {
    const request = appOn(root);
    const info = await request.get('/api/info');
    expect(info.body.message).to.equal('React Template Backend API');
    expect(info.headers['content-security-policy']).to.equal("default-src 'none';frame-ancestors 'none'");
    const unknown = await request.get('/api/pricing');
    expect(unknown.status).to.equal(404);
    expect(unknown.body).to.include({ code: 'NOT_FOUND' });
    expect((await request.post('/pricing').send({})).status).to.equal(404);
  });

  it('when API_TOKENS is set, then the page loads without a token (it asks for one) and the API still needs one', async () => {
    const request = appOn(root, { API_TOKENS: TOKEN });
    expect((await request.get('/pricing')).status).to.equal(200);
    expect((await request.get('/assets/index-AbC123.js')).status).to.equal(200);
    expect((await request.post('/api/query/pricing').send({})).status).to.equal(401);
    expect((await request.get('/api/nothing')).status).to.equal(401);
  });

  describe('every spelling the router answers is the API, never the page', () => {
    // The router matches case-insensitively and ignores one trailing slash; so must the page.
    const SPELLINGS: [path: string, open: boolean][] = [
      ['/API/INFO', true],
      ['/Api/Info', true],
      ['/api/info/', true],
      ['/API', true],
      ['/Api/', true],
      ['/API/OPENAPI.JSON', true],
      ['/API/STATS/TABLES', false],
      ['/Api/Stats/Tables/', false],
      ['/Api/Test-Db', false],
      ['/API/TEST-DB/', false],
      ['/API/METRICS', false],
      ['/api/Metrics/', false],
    ];

    it("without tokens: the route's JSON with the API's headers", async () => {
      const request = appOn(root);
      for (const [p] of SPELLINGS) {
        const res = await request.get(p);
        expect(isWebPage(res), p).to.equal(false);
        expect(res.status, p).to.equal(200);
        expect(res.headers['content-type'], p).to.match(p.toLowerCase().includes('metrics') ? /^text\/plain/ : /^application\/json/);
        expect(res.headers['content-security-policy'], p).to.equal("default-src 'none';frame-ancestors 'none'");
      }
      const info = await request.get('/API/INFO');
      expect(info.body.message).to.equal('React Template Backend API');
    });

    it('with API_TOKENS: 401 without a token except on the open routes, the JSON with one', async () => {
      const request = appOn(root, { API_TOKENS: TOKEN });
      for (const [p, open] of SPELLINGS) {
        const res = await request.get(p);
        expect(isWebPage(res), p).to.equal(false);
        expect(res.status, p).to.equal(open ? 200 : 401);
        if (!open) expect(res.body.code, p).to.equal('UNAUTHORIZED');
        const authorized = await request.get(p).set('Authorization', `Bearer ${TOKEN}`);
        expect(authorized.status, p).to.equal(200);
        expect(isWebPage(authorized), p).to.equal(false);
      }
    });

    it('the docs page in any spelling is the docs (with their CSP), and unknown API paths are the JSON 404 or 401', async () => {
      const request = appOn(root);
      for (const p of ['/API/DOCS', '/Api/Docs/', '/API/DOCS/docs-init.js']) {
        const res = await request.get(p);
        expect(res.status, p).to.equal(200);
        expect(isWebPage(res), p).to.equal(false);
        expect(res.headers['content-security-policy'], p).to.match(/script-src 'self'/);
      }
      for (const p of ['/API/NOTHING', '/Api/Pricing/123', '/API/INFO/X', '/API/ASSETS/index-AbC123.js']) {
        const res = await request.get(p);
        expect(res.status, p).to.equal(404);
        expect(res.body.code, p).to.equal('NOT_FOUND');
      }
      const guarded = appOn(root, { API_TOKENS: TOKEN });
      expect((await guarded.get('/API/NOTHING')).status).to.equal(401);
      expect((await guarded.head('/API/STATS/TABLES')).status).to.equal(401);
      // Paths merely starting with the letters are the page's.
      expect(isWebPage(await request.get('/apix'))).to.equal(true);
      expect(isWebPage(await request.get('/APIs/info'))).to.equal(true);
    });
  });

  it('when there is no build, then / is a 404 as before and the API is unaffected', async () => {
    const request = appOn(path.join(root, 'no-such-build'));
    const res = await request.get('/');
    expect(res.status).to.equal(404);
    expect(res.body).to.include({ code: 'NOT_FOUND' });
    expect((await request.get('/api/info')).status).to.equal(200);
  });
});
