import { expect } from 'chai';
import { closeTestApp, createTestApp, type TestApp } from '../support/context.js';
import { expectErrorBody, pricingMatches, processMatches, seed, type ListRequest } from '../support/expected.js';

/**
 * POST /api/query/workbench against the seeded database: each count is the total its list answers
 * for the filters it gives (and the seed's rows counted by the contract's rules), and the monthly
 * medians are taken again here from the seed's rates.
 */

const HOUR = 3_600_000;
/** The seed's zone, Asia/Shanghai (UTC+8, no daylight saving). */
const shanghaiMidnight = (day: string): number => Date.parse(`${day}T00:00:00Z`) - 8 * HOUR;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The median of 4-place rates: the mean of the middle two, rounded half away from zero. */
function median(rates: number[]): number | null {
  if (rates.length === 0) return null;
  const units = rates.map((r) => Math.round(r * 10_000)).sort((a, b) => a - b);
  const mid = units.length >> 1;
  if (units.length % 2 === 1) return units[mid]! / 10_000;
  const sum = units[mid - 1]! + units[mid]!;
  return (Math.sign(sum) * Math.round(Math.abs(sum) / 2)) / 10_000 || 0;
}

interface Count {
  list: 'pricing' | 'secondaryProcess';
  filters: ListRequest;
  sort: Record<string, 'ascend' | 'descend'>;
  count: number;
  oldest: { clock: 'pricedAt' | 'validTo'; at: string; days: number } | null;
}

/** The day of an instant in Asia/Shanghai (UTC+8). */
const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The row that has waited longest by `clock`, from the seed's rows the list answers. */
function oldestOf(rows: { pricedAt?: string; validTo: string | null }[], clock: 'pricedAt' | 'validTo', on: string): Count['oldest'] {
  const times = rows.map((r) => (clock === 'pricedAt' ? r.pricedAt! : r.validTo!)).sort();
  if (times.length === 0) return null;
  const at = times[0]!;
  return { clock, at, days: daysFrom(clock === 'pricedAt' ? shanghaiDay(at) : at, on) };
}

describe('POST /api/query/workbench', () => {
  let t: TestApp;
  const workbench = (body: object) => t.request.post('/api/query/workbench').send(body);

  before(() => {
    t = createTestApp();
  });
  after(async () => closeTestApp(t));

  for (const on of ['2026-11-20', '2026-03-01']) {
    describe(`on ${on}`, () => {
      let data: Record<string, unknown> & { monthlyChange: { month: string; count: number; medianChangeRate: number | null }[] };
      before(async () => {
        const res = await workbench({ on });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        data = res.body.data;
      });

      it('says which day it is about', () => {
        expect(data.on).to.equal(on);
      });

      it('counts each item by the contract, and the list it opens answers the same total', async () => {
        const expected: Record<string, { list: Count['list']; filters: ListRequest }> = {
          pending: { list: 'pricing', filters: { status: ['pending'] } },
          pendingRising: { list: 'pricing', filters: { status: ['pending'], minChangeRate: 0.1 } },
          expiring: { list: 'pricing', filters: { status: ['approved'], validToFrom: on, validToTo: addDays(on, 30) } },
          staleProcesses: { list: 'secondaryProcess', filters: { status: ['active'], validToTo: addDays(on, -1) } },
          recent: { list: 'pricing', filters: { pricedFrom: addDays(on, -6), pricedTo: on } },
        };
        const orders: Record<string, [Count['sort'], 'pricedAt' | 'validTo']> = {
          pending: [{ pricedAt: 'ascend' }, 'pricedAt'],
          pendingRising: [{ changeRate: 'descend' }, 'pricedAt'],
          expiring: [{ validTo: 'ascend' }, 'validTo'],
          staleProcesses: [{ validTo: 'ascend' }, 'validTo'],
          recent: [{ pricedAt: 'descend' }, 'pricedAt'],
        };
        for (const [name, { list, filters }] of Object.entries(expected)) {
          const item = data[name] as Count;
          expect(item.list, name).to.equal(list);
          expect(item.filters, name).to.deep.equal(filters);
          const rows = list === 'pricing' ? pricingMatches(filters) : processMatches(filters);
          expect(item.count, `${name}: the seed's rows`).to.equal(rows.length);
          const [sort, clock] = orders[name]!;
          expect(item.sort, name).to.deep.equal(sort);
          expect(item.oldest, `${name}: the oldest row`).to.deep.equal(oldestOf(rows, clock, on));
          const path = list === 'pricing' ? '/api/query/pricing' : '/api/query/secondary-process';
          const listed = await t.request.post(path).send({ ...filters, pageSize: 1 });
          expect(listed.body.total, `${name}: the list's total`).to.equal(item.count);
        }
      });

      it('says how long the oldest pending pricing has waited, in days from its day in APP_TIMEZONE', () => {
        const pending = data.pending as Count;
        expect(pending.oldest!.days).to.be.greaterThan(0);
        expect((data.expiring as Count).oldest?.days ?? 0).to.be.at.most(0);
      });

      it('counts what the seed has at the edges of each window', () => {
        // The counts above must not all be zero, or the comparison proves little.
        const counts = ['pending', 'pendingRising', 'expiring', 'staleProcesses', 'recent'].map((k) => (data[k] as Count).count);
        expect(counts.filter((c) => c > 0).length, JSON.stringify(counts)).to.be.at.least(3);
      });

      it('gives the median change rate of approved pricings for each of the last 12 months, this one last', () => {
        const months = data.monthlyChange;
        expect(months).to.have.length(12);
        expect(months.at(-1)!.month).to.equal(on.slice(0, 7));
        const end = shanghaiMidnight(on) + 24 * HOUR;
        for (const [i, m] of months.entries()) {
          const start = shanghaiMidnight(`${m.month}-01`);
          const next = i + 1 < months.length ? shanghaiMidnight(`${months[i + 1]!.month}-01`) : end;
          const rates = seed.pricing
            .filter((r) => r.status === 'approved' && r.changeRate !== null)
            .filter((r) => Date.parse(r.pricedAt) >= start && Date.parse(r.pricedAt) < next)
            .map((r) => r.changeRate!);
          expect({ month: m.month, count: m.count, median: m.medianChangeRate }).to.deep.equal({
            month: m.month,
            count: rates.length,
            median: median(rates),
          });
        }
        expect(months.some((m) => m.count > 0)).to.equal(true);
      });
    });
  }

  it("mine (我的) needs company sign-in: 400 on mine without it; mine false is everyone's", async () => {
    expectErrorBody(await workbench({ on: '2026-11-20', mine: true }), 400, 'VALIDATION_ERROR', ['mine']);
    const everyone = await workbench({ on: '2026-11-20', mine: false });
    expect(everyone.status).to.equal(200);
    expect(everyone.body.data.mine).to.equal(null);
    expect(everyone.body.data.pending.filters).to.deep.equal({ status: ['pending'] });
  });

  it('takes today in APP_TIMEZONE when no day is given', async () => {
    const res = await workbench({});
    expect(res.status).to.equal(200);
    expect(res.body.data.on).to.match(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a malformed day and unknown fields with 400 VALIDATION_ERROR', async () => {
    expectErrorBody(await workbench({ on: '2026/11/20' }), 400, 'VALIDATION_ERROR', ['on']);
    expectErrorBody(await workbench({ day: '2026-11-20' }), 400, 'VALIDATION_ERROR', ['day']);
  });

  it('answers the first and last days whose figures stay on the calendar, with filters each list takes, and refuses the days beyond', async () => {
    for (const on of ['0002-01-01', '9999-12-01']) {
      const res = await workbench({ on });
      expect(res.status, on).to.equal(200);
      for (const key of ['pending', 'pendingRising', 'expiring', 'staleProcesses', 'recent'] as const) {
        const item = res.body.data[key] as { list: string; filters: object; count: number };
        const path = item.list === 'pricing' ? '/api/query/pricing' : '/api/query/secondary-process';
        const list = await t.request.post(path).send(item.filters);
        expect(list.status, `${on} ${key}`).to.equal(200);
        expect(list.body.total, `${on} ${key}`).to.equal(item.count);
      }
    }
    for (const on of ['0001-12-31', '9999-12-02', '9999-12-31']) {
      expectErrorBody(await workbench({ on }), 400, 'VALIDATION_ERROR', ['on']);
    }
  });
});
