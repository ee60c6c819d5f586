import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../src/app.js';
import { createLogger } from '../src/logger.js';
import { sharedTestDb, testConfig } from './support/context.js';

/**
 * The built web app at / (src/routes/web-app.ts), on a fixture build so that `npm test` needs
 * neither Vite nor a browser; test/web/ drives the real build in Chromium.
 */
const INDEX = `<!doctype html><html lang="zh-CN"><head><meta name="app-time-zone" content="Asia/Shanghai"><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = 'console.log("workbench");'.repeat(50);

function appOn(root: string, env: NodeJS.ProcessEnv = {}) {
  const config = testConfig(env);
  return supertest(createApp({ config, db: sharedTestDb(), logger: createLogger(config.logLevel), webRoot: root }).callback());
}

describe('the web app at /', () => {
  let root: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), INDEX);
    fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(root, 'assets/index-AbC123.js'), SCRIPT);
    fs.writeFileSync(path.join(root, 'assets/index-AbC123.js.gz'), zlib.gzipSync(SCRIPT));
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('when / or a page route is asked for, then index.html, never cached, with APP_TIMEZONE and a strict script policy', async () => {
    const request = appOn(root, { APP_TIMEZONE: 'Europe/Berlin' });
    for (const p of ['/', '/pricing', '/pricing/123', '/overview', '/index.html']) {
      const res = await request.get(p);
      expect(res.status, p).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/html/);
      expect(res.headers['cache-control']).to.equal('no-cache');
      expect(res.text).to.contain('<meta name="app-time-zone" content="Europe/Berlin">').and.contain('<div id="root">');
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
    const request = appOn(root, { API_TOKENS: 'web-app-token-0123456789abcdef' });
    expect((await request.get('/pricing')).status).to.equal(200);
    expect((await request.get('/assets/index-AbC123.js')).status).to.equal(200);
    expect((await request.post('/api/query/pricing').send({})).status).to.equal(401);
    expect((await request.get('/api/nothing')).status).to.equal(401);
  });

  it('when there is no build, then / is a 404 as before and the API is unaffected', async () => {
    const request = appOn(path.join(root, 'no-such-build'));
    const res = await request.get('/');
    expect(res.status).to.equal(404);
    expect(res.body).to.include({ code: 'NOT_FOUND' });
    expect((await request.get('/api/info')).status).to.equal(200);
  });
});
