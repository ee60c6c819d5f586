import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';

/** GET /api/settings: what the page shows as configured, open like the sign-in settings. */
describe('GET /api/settings', () => {
  const apps: TestApp[] = [];
  const app = (env: NodeJS.ProcessEnv = {}) => {
    const t = createTestApp(env);
    apps.push(t);
    return t;
  };
  after(async () => {
    for (const t of apps) await closeTestApp(t);
  });

  it('gives COMPANY_NAME (trimmed) and APP_TIMEZONE', async () => {
    const res = await app({ COMPANY_NAME: '  苏州精密制造有限公司 ', APP_TIMEZONE: 'Europe/Berlin' }).request.get('/api/settings');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ success: true, companyName: '苏州精密制造有限公司', timeZone: 'Europe/Berlin' });
  });

  it('gives null without COMPANY_NAME (or with an empty one)', async () => {
    expect((await app().request.get('/api/settings')).body).to.deep.equal({ success: true, companyName: null, timeZone: 'Asia/Shanghai' });
    expect((await app({ COMPANY_NAME: ' ' }).request.get('/api/settings')).body.companyName).to.equal(null);
  });

  it('is open when tokens are required, and not in /api/info', async () => {
    const t = app({ API_TOKENS: 'a-token-of-at-least-32-characters-000:pricing.read' });
    expect((await t.request.get('/api/settings')).status).to.equal(200);
    expect((await t.request.get('/api/test-db')).status).to.equal(401);
    const info = await t.request.get('/api/info');
    expect(Object.keys(info.body.endpoints ?? {}).some((k) => k.includes('settings'))).to.equal(false);
  });
});
