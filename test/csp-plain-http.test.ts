import { expect } from 'chai';
import { API_HELMET, DOCS_HELMET, helmetHeaders, WEB_HELMET } from '../src/http/security.js';
import { createTestApp } from './support/context.js';

/**
 * TLS, if any, ends at a balancer, so the service is often reached over plain HTTP: no policy may
 * ask the browser to upgrade its requests to https (the docs page stayed blank from another PC).
 * test/web/docs-page.test.ts opens the page that way in Chromium.
 */
describe('Content-Security-Policy over plain HTTP', () => {
  for (const [name, options] of [
    ['API', API_HELMET],
    ['docs', DOCS_HELMET],
    ['web', WEB_HELMET],
  ] as const) {
    it(`the ${name} policy has no upgrade-insecure-requests`, () => {
      const csp = helmetHeaders(options).set.find(([header]) => header.toLowerCase() === 'content-security-policy');
      expect(csp?.[1]).to.be.a('string').and.not.include('upgrade-insecure-requests');
    });
  }

  it('the docs page and its assets are answered without it', async () => {
    const t = createTestApp();
    for (const path of ['/api/docs', '/api/info', '/api/openapi.json']) {
      const res = await t.request.get(path);
      expect(res.status, path).to.equal(200);
      expect(res.headers['content-security-policy'], path).to.not.include('upgrade-insecure-requests');
    }
  });
});
