import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { z } from 'zod';
import * as requests from '../src/schemas/requests.js';

/**
 * Every field of every request body is sent by the route tests of its operation: a field added to a
 * schema without a route test case fails here. The route test file must use the field as a key of
 * an object (`partNo: …` or `"partNo": …`), as a request body does.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

/** Each request schema of src/schemas/requests.ts and the route tests that send its bodies. */
const ROUTE_TESTS: Record<string, string[]> = {
  pricingQuerySchema: ['test/routes/pricing.test.ts', 'test/export-view.test.ts'],
  secondaryProcessQuerySchema: ['test/routes/secondary-process.test.ts', 'test/export-view.test.ts'],
  pricingDetailsQuerySchema: ['test/routes/pricing-details.test.ts'],
  pricingReviewQuerySchema: ['test/routes/pricing-review.test.ts'],
  pricingCompareQuerySchema: ['test/routes/pricing-review.test.ts'],
  supplierCompareQuerySchema: ['test/routes/supplier-compare.test.ts'],
  processStatsQuerySchema: ['test/routes/process-stats.test.ts'],
  bomLineSchema: ['test/routes/bom-price.test.ts'],
  bomPriceQuerySchema: ['test/routes/bom-price.test.ts', 'test/routes/price-rules.test.ts'],
  workbenchQuerySchema: ['test/routes/workbench.test.ts'],
  exchangeRateQuerySchema: ['test/routes/exchange-rates.test.ts'],
};

const schemas = Object.entries(requests as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodObject] => entry[1] instanceof z.ZodObject,
);

describe('request fields and their route tests', () => {
  it('every request schema has its route tests named here', () => {
    expect(schemas.length).to.be.at.least(5);
    expect(schemas.map(([name]) => name)).to.have.members(Object.keys(ROUTE_TESTS));
  });

  for (const [name, schema] of schemas) {
    it(`${name}: each field is sent by ${(ROUTE_TESTS[name] ?? []).join(', ')}`, () => {
      const files = ROUTE_TESTS[name];
      expect(files, `${name}: name its route tests in ROUTE_TESTS`).to.not.equal(undefined);
      const text = files!.map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
      const missing = Object.keys(schema.shape).filter(
        (field) => !new RegExp(`(?<![\\w.])(${field}|"${field}"|'${field}')\\s*:`).test(text),
      );
      expect(missing, `fields no route test sends (${files!.join(', ')})`).to.deep.equal([]);
    });
  }
});
