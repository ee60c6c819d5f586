import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';

describe('GET /api/test-db', () => {
  it('when the database answers then 200 {"success":true,"message":"数据库连接正常"}', async () => {
    const t = createTestApp();
    try {
      const res = await t.request.get('/api/test-db');
      expect(res.status).to.equal(200);
      expect(res.text).to.equal('{"success":true,"message":"数据库连接正常"}');
    } finally {
      await closeTestApp(t);
    }
  });

  it('when the database cannot be reached then 200 {"success":false,"message":"数据库连接失败"} within DB_CHECK_TIMEOUT_MS', async () => {
    // Port 1 on localhost refuses at once; the time-out bounds the answer whatever the pool does.
    const t: TestApp = createTestApp({ DB_CLIENT: 'pg', DB_HOST: '127.0.0.1', DB_PORT: '1', DB_CHECK_TIMEOUT_MS: '500' }, { ownDb: true });
    try {
      const started = Date.now();
      const res = await t.request.get('/api/test-db');
      const elapsed = Date.now() - started;
      expect(res.status).to.equal(200);
      expect(res.text).to.equal('{"success":false,"message":"数据库连接失败"}');
      expect(res.headers['x-request-id']).to.be.a('string');
      // The check's time-out is the behaviour: well under DB_ACQUIRE_TIMEOUT_MS (5 s), which would bound it otherwise.
      expect(elapsed).to.be.below(3000);
    } finally {
      await closeTestApp(t);
    }
  });
});
