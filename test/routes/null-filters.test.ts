import { expect } from 'chai';
import { pricingQuerySchema, secondaryProcessQuerySchema } from '../../src/schemas/requests.js';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';

/** `null` in a filter means "no filter", as its absence and "" do: front ends send null for a cleared field. */
const LISTS = [
  ['/api/query/pricing', pricingQuerySchema.shape],
  ['/api/query/secondary-process', secondaryProcessQuerySchema.shape],
] as const;
const NOT_FILTERS = new Set(['current', 'pageSize', 'sort']);

describe('null in a filter field of either list', () => {
  let t: TestApp;
  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  for (const [path, shape] of LISTS) {
    const filters = Object.keys(shape).filter((k) => !NOT_FILTERS.has(k));
    it(`${path}: each of its ${filters.length} filters as null answers as if absent`, async () => {
      const plain = await t.request.post(path).send({ pageSize: 5 });
      expect(plain.status).to.equal(200);
      const ids = (res: typeof plain) => res.body.data.map((r: { id: number }) => r.id);
      for (const field of filters) {
        const res = await t.request.post(path).send({ pageSize: 5, [field]: null });
        expect(res.status, `${field}: ${res.text}`).to.equal(200);
        expect(res.body.total, field).to.equal(plain.body.total);
        expect(ids(res), field).to.deep.equal(ids(plain));
      }
      const all = await t.request.post(path).send({ pageSize: 5, sort: null, ...Object.fromEntries(filters.map((f) => [f, null])) });
      expect(all.status, all.text).to.equal(200);
      expect(ids(all)).to.deep.equal(ids(plain));
    });

    it(`${path}: the OpenAPI document says each filter takes null`, async () => {
      const doc = (await t.request.get('/api/openapi.json')).body;
      const body = doc.paths[path].post.requestBody.content['application/json'].schema;
      const schema = body.$ref ? doc.components.schemas[body.$ref.split('/').at(-1)] : body;
      for (const field of filters) {
        const prop = schema.properties[field];
        const types = JSON.stringify(prop);
        expect(types, field).to.match(/"null"|"nullable":true/);
      }
    });
  }

  it('pricing-details: a null selector counts as not given', async () => {
    const res = await t.request.post('/api/query/pricing-details').send({ pricingId: 1, pricingNo: null, partNo: null });
    expect(res.status, res.text).to.equal(200);
  });
});
