import { expect } from 'chai';
import { todayIn } from '../../src/time-zone.js';
import { closeTestApp, createTestApp, statementsDuring, type TestApp } from '../support/context.js';
import { expectErrorBody, processMatches, seed, type ListRequest, type ProcessRow } from '../support/expected.js';

const PATH = '/api/query/secondary-process-stats';
const LIMIT = 200;

interface Ref {
  id: number;
  processNo: string;
  unitPrice: number;
  supplierName: string;
  validFrom: string;
  updatedAt: string;
}
interface Group {
  processName: string;
  category: string;
  priceBasis: string;
  currency: string;
  count: number;
  min: number;
  median: number;
  max: number;
  latest: Ref | null;
}

const units = (price: number) => Math.round(price * 10_000);
/** Code-unit order, as the databases' binary collations order these (BMP) names. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** In force on `on`: active, validFrom ≤ on, validTo open or ≥ on (the list's validOn rule). */
const inForce = (r: ProcessRow, on: string) => r.status === 'active' && r.validFrom <= on && (r.validTo === null || r.validTo >= on);

/** The contract's answer, from rows: grouped by trimmed name, category, basis, currency. */
function statsOf(rows: readonly ProcessRow[], on: string) {
  const groups = new Map<string, ProcessRow[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.processName.trim(), r.category, r.priceBasis, r.currency]);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const all: Group[] = [...groups.values()].map((members) => {
    const prices = members.map((r) => units(r.unitPrice)).sort((a, b) => a - b);
    const n = prices.length;
    // Even: the mean of the middle two, half away from zero (prices are not negative).
    const medianUnits = n % 2 === 1 ? prices[(n - 1) / 2]! : Math.ceil((prices[n / 2 - 1]! + prices[n / 2]!) / 2);
    const latest = members
      .filter((r) => inForce(r, on))
      .sort((a, b) => byText(b.validFrom, a.validFrom) || byText(b.updatedAt, a.updatedAt) || b.id - a.id)[0];
    const { processName, category, priceBasis, currency } = members[0]!;
    return {
      processName: processName.trim(),
      category,
      priceBasis,
      currency,
      count: n,
      min: prices[0]! / 10_000,
      median: medianUnits / 10_000,
      max: prices[n - 1]! / 10_000,
      latest: latest
        ? {
            id: latest.id,
            processNo: latest.processNo,
            unitPrice: latest.unitPrice,
            supplierName: latest.supplierName,
            validFrom: latest.validFrom,
            updatedAt: latest.updatedAt,
          }
        : null,
    };
  });
  all.sort(
    (a, b) =>
      b.count - a.count ||
      byText(a.processName, b.processName) ||
      byText(a.category, b.category) ||
      byText(a.priceBasis, b.priceBasis) ||
      byText(a.currency, b.currency),
  );
  return { on, limit: LIMIT, totalGroups: all.length, groups: all.slice(0, LIMIT) };
}

describe('POST /api/query/secondary-process-stats', () => {
  let t: TestApp;
  const post = (body: object) => t.request.post(PATH).send(body);

  before(() => {
    t = createTestApp();
  });
  after(() => closeTestApp(t));

  describe('against the model of the seeded rows', () => {
    const cases: [string, ListRequest & { on?: string }][] = [
      ['no filter', { on: '2026-06-18' }],
      ['the keyword 电镀 (plating by its name, and 金辉电镀)', { keyword: '电镀', on: '2026-11-20' }],
      ['a category and a status', { category: ['heat_treatment', 'painting'], status: ['active'], on: '2026-03-01' }],
      ['processName and supplier', { processName: '镀', supplier: 's01', on: '2026-01-15' }],
      ['partNo and partNos', { partNo: 'P-1001', partNos: ['P-100105', 'P-100110', 'P-100217'], on: '2026-06-01' }],
      ['a price range', { minPrice: 0.5, maxPrice: 5, on: '2025-12-31' }],
      ['validOn', { validOn: '2026-02-01', on: '2026-02-01' }],
      [
        'active prices whose validity ended (validToFrom, validToTo)',
        { status: ['active'], validToFrom: '2025-01-01', validToTo: '2026-11-19', on: '2026-11-20' },
      ],
      ['a day before every price', { on: '2020-01-01' }],
    ];
    for (const [name, body] of cases) {
      it(`when asked with ${name} then each group's count, min, median, max and latest are the model's`, async () => {
        const res = await post(body);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const { on, ...filters } = body;
        const expected = statsOf(processMatches(filters), on!);
        expect(expected.groups.length, 'the case selects some groups').to.be.greaterThan(0);
        expect(res.body).to.deep.equal({ success: true, data: expected });
      });
    }

    it('when the seed is summarised then prices per piece, kg and dm² and in CNY and USD stay apart, and some latest are null', async () => {
      const { data } = (await post({ on: '2026-06-18' })).body as { data: ReturnType<typeof statsOf> };
      const zinc = data.groups.filter((g) => g.processName === '镀锌');
      expect(new Set(zinc.map((g) => g.priceBasis)).size).to.be.greaterThan(1);
      expect(data.groups.some((g) => g.currency === 'USD')).to.equal(true);
      expect(data.groups.some((g) => g.count % 2 === 0 && g.count > 1)).to.equal(true);
      expect(data.groups.reduce((s, g) => s + g.count, 0)).to.equal(seed.processes.length);
      expect((await post({ on: '2020-01-01' })).body.data.groups.every((g: Group) => g.latest === null)).to.equal(true);
    });

    it('when on is left out then the latest prices are those in force today in APP_TIMEZONE', async () => {
      const today = todayIn(t.config.appTimeZone);
      for (const body of [{}, { on: '' }, { on: null }]) {
        const res = await post(body);
        expect(res.body).to.deep.equal({ success: true, data: statsOf(processMatches({}), today) });
      }
    });

    it('when filtered to nothing then there are no groups', async () => {
      const res = await post({ keyword: '不存在的工艺名称', on: '2026-06-18' });
      expect(res.body).to.deep.equal({ success: true, data: { on: '2026-06-18', limit: LIMIT, totalGroups: 0, groups: [] } });
    });

    it('when asked then one statement runs, the filters and the day bound', async () => {
      const statements = await statementsDuring(t.db, async () => {
        await post({ keyword: '电镀', processName: '镀锌', on: '2026-06-18' }).expect(200);
      });
      expect(statements, statements.join('\n')).to.have.length(1);
      for (const value of ['电镀', '镀锌', '2026-06-18']) expect(statements[0]).to.not.include(value);
    });
  });

  describe('names, medians and the limit on rows of their own', () => {
    const NAME = '统计测试';
    let template: Record<string, unknown>;
    const inserted: string[] = [];

    async function insert(rows: { name: string; price: string; validFrom?: string; status?: string }[]): Promise<void> {
      const values = rows.map((r, i) => {
        const processNo = `ST-${inserted.length + i}`;
        return {
          ...template,
          process_no: processNo,
          process_name: r.name,
          category: 'other',
          price_basis: 'piece',
          currency: 'CNY',
          unit_price: r.price,
          status: r.status ?? 'active',
          valid_from: r.validFrom ?? '2026-01-01',
          valid_to: null,
        };
      });
      for (let i = 0; i < values.length; i += 50) await t.db('secondary_processes').insert(values.slice(i, i + 50));
      inserted.push(...values.map((v) => v.process_no));
    }

    before(async () => {
      const { id: _id, ...row } = (await t.db('secondary_processes').where('id', 6).first()) as Record<string, unknown>;
      template = row;
    });
    afterEach(async () => {
      await t.db('secondary_processes').whereIn('process_no', inserted.splice(0)).del();
    });

    it('when names differ only by white space at their ends (spaces, tab, U+3000) then they are one group, named trimmed', async () => {
      await insert([
        { name: `${NAME}镀锌`, price: '1.0000' },
        { name: ` ${NAME}镀锌`, price: '2.0000' },
        { name: `${NAME}镀锌 `, price: '3.0000', validFrom: '2026-02-01' },
        { name: `\u3000${NAME}镀锌\t`, price: '4.0000' },
        { name: `${NAME} 镀锌`, price: '5.0000' },
      ]);
      const res = await post({ processName: NAME, on: '2026-06-18' });
      const [trimmed, inner] = res.body.data.groups as Group[];
      expect(res.body.data.totalGroups).to.equal(2);
      expect(trimmed).to.include({ processName: `${NAME}镀锌`, count: 4, min: 1, median: 2.5, max: 4 });
      expect(trimmed!.latest).to.include({ unitPrice: 3, validFrom: '2026-02-01' });
      expect(inner).to.include({ processName: `${NAME} 镀锌`, count: 1, min: 5, median: 5, max: 5 });
    });

    it('when the middle two prices end in a half ten-thousandth then the median rounds away from zero, exactly at any size', async () => {
      await insert([
        { name: `${NAME}甲`, price: '0.0001' },
        { name: `${NAME}甲`, price: '0.0002' },
        { name: `${NAME}乙`, price: '123456789012.3457' },
        { name: `${NAME}乙`, price: '123456789012.3458' },
        { name: `${NAME}乙`, price: '123456789012.3459', status: 'inactive' },
        { name: `${NAME}乙`, price: '99999999999999.9999' },
      ]);
      const groups = (await post({ processName: NAME, on: '2026-06-18' })).body.data.groups as Group[];
      expect(groups.find((g) => g.processName === `${NAME}甲`)).to.include({ count: 2, median: 0.0002 });
      const big = groups.find((g) => g.processName === `${NAME}乙`)!;
      expect(big).to.include({ count: 4, min: 123456789012.3457, median: 123456789012.3459, max: Number('99999999999999.9999') });
      // The inactive price is counted but never the latest in force.
      expect(big.latest!.unitPrice).to.not.equal(123456789012.3459);
    });

    it(`when there are more than ${LIMIT} groups then the first ${LIMIT} by count and name come, and totalGroups counts all`, async () => {
      const names = Array.from({ length: LIMIT + 10 }, (_, i) => `${NAME}${String(i).padStart(3, '0')}`);
      await insert([...names.map((name) => ({ name, price: '1.0000' })), { name: names[LIMIT + 9]!, price: '2.0000' }]);
      const { data } = (await post({ processName: NAME, on: '2026-06-18' })).body;
      expect(data.totalGroups).to.equal(LIMIT + 10);
      expect(data.groups).to.have.length(LIMIT);
      expect(data.groups.map((g: Group) => g.processName)).to.deep.equal([names[LIMIT + 9], ...names.slice(0, LIMIT - 1)]);
    });
  });

  describe('validation', () => {
    const bad: [string, object, string[]][] = [
      ['paging (not a list)', { current: 1, pageSize: 20 }, ['current', 'pageSize']],
      ['a sort', { sort: { unitPrice: 'ascend' } }, ['sort']],
      ['export columns', { columns: ['processNo'] }, ['columns']],
      ['a bad on', { on: '2026-02-30' }, ['on']],
      ['on as a number', { on: 20260101 }, ['on']],
      ['an unknown category', { category: ['gilding'] }, ['category.0']],
      ['minPrice > maxPrice', { minPrice: 2, maxPrice: 1 }, ['maxPrice']],
      ['validToFrom after validToTo', { validToFrom: '2026-03-02', validToTo: '2026-03-01' }, ['validToTo']],
      ['a keyword of 201 characters', { keyword: '镀'.repeat(201) }, ['keyword']],
    ];
    for (const [name, body, paths] of bad) {
      it(`when the body has ${name} then 400 VALIDATION_ERROR names ${paths.join(', ')}`, async () => {
        expectErrorBody(await post(body), 400, 'VALIDATION_ERROR', paths);
      });
    }

    it('when the body is not a JSON object then 400 INVALID_JSON', async () => {
      expectErrorBody(await t.request.post(PATH).set('Content-Type', 'application/json').send('[1'), 400, 'INVALID_JSON');
    });
  });
});
