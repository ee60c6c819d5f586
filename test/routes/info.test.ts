import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';

describe('GET /api/info', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  it('when called then it returns exactly the service info with the six operations', async () => {
    const res = await t.request.get('/api/info');
    expect(res.status).to.equal(200);
    expect(res.type).to.equal('application/json');
    expect(res.body).to.deep.equal({
      success: true,
      message: 'React Template Backend API',
      version: '1.0.0',
      endpoints: {
        'POST /api/query/pricing': '执行核价查询',
        'POST /api/query/secondary-process': '执行二次加工查询',
        'POST /api/query/pricing-details': '执行核价明细查询',
        'GET /api/stats/tables': '获取数据表统计信息',
        'GET /api/test-db': '测试数据库连接',
        'GET /api/info': '获取服务信息',
      },
    });
    expect(Object.keys(res.body)).to.deep.equal(['success', 'message', 'version', 'endpoints']);
  });

  it('when a query string is added then the answer is the same', async () => {
    const plain = await t.request.get('/api/info');
    const withQuery = await t.request.get('/api/info?x=1');
    expect(withQuery.body).to.deep.equal(plain.body);
  });
});

describe('GET /api (where a newcomer starts)', () => {
  for (const tokens of ['', 'index-test-token-0123456789']) {
    it(`${tokens ? 'with' : 'without'} API_TOKENS: /api and /api/ point to /api/docs and /api/openapi.json, with no token needed`, async () => {
      const t = createTestApp({ API_TOKENS: tokens });
      try {
        for (const path of ['/api', '/api/']) {
          const res = await t.request.get(path);
          expect(res.status, path).to.equal(200);
          expect(res.type).to.equal('application/json');
          expect(res.body).to.include({ success: true, docs: '/api/docs', openapi: '/api/openapi.json', info: '/api/info' });
          expect(res.body.message).to.include('/api/docs');
          // The pointers lead somewhere that answers, token or not.
          expect((await t.request.get(res.body.docs)).status).to.equal(200);
          expect((await t.request.get(res.body.openapi)).status).to.equal(200);
        }
        // /api/info still lists exactly the six operations, not /api.
        expect(Object.keys((await t.request.get('/api/info')).body.endpoints)).to.have.length(6);
      } finally {
        await closeTestApp(t);
      }
    });
  }
});
