import { expect } from 'chai';
import fc from 'fast-check';
import { productUnits, scaledUnits } from '../src/queries/exact.js';
import { numberFromUnits } from '../src/queries/values.js';

/** The BOM's arithmetic: the double fast paths give exactly what whole bigint arithmetic gives. */
describe('exact decimal arithmetic (src/queries/exact.ts)', () => {
  const fourPlaces = (max: number) => fc.integer({ min: -max, max }).map((u) => u / 10_000);

  it('quantity × price rounded half away from zero: the double path equals the bigint one, at any size', () => {
    fc.assert(
      fc.property(fourPlaces(1e13), fourPlaces(1e13), (q, p) => {
        const whole = BigInt(Math.round(q * 10_000)) * BigInt(Math.round(p * 10_000));
        expect(productUnits(q, p)).to.equal(scaledUnits(whole, 4));
      }),
      { numRuns: 5000 },
    );
    expect(productUnits(0.5, 0.0001)).to.equal(1n); // 0.00005 → 0.0001
    expect(productUnits(-0.5, 0.0001)).to.equal(-1n);
    expect(productUnits(0.4999, 0.0001)).to.equal(0n);
  });

  it('whole units as a number: the quotient equals the decimal text parsed, below and above 2^53', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.constantFrom(4, 8), (u, places) => {
        const scale = 10n ** BigInt(places);
        const abs = u < 0n ? -u : u;
        const text = `${u < 0n ? '-' : ''}${abs / scale}.${String(abs % scale).padStart(places, '0')}`;
        expect(numberFromUnits(u, places)).to.equal(Number(text) === 0 ? 0 : Number(text));
      }),
      { numRuns: 5000 },
    );
  });
});
