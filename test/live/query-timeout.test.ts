import { expect } from 'chai';
import type { Knex } from 'knex';
import {
  closeTestApp,
  createScratchDatabase,
  createTestApp,
  prepareScratchDatabase,
  type ScratchDatabase,
  type TestApp,
} from '../support/context.js';
import { waitFor } from '../support/wait.js';
import { LIVE_CLIENTS, lockPricing, serviceStatements, unlockPricing } from './live-support.js';

/**
 * QUERY_TIMEOUT_MS: a query past it answers 504 QUERY_TIMEOUT and is cancelled on the server.
 * A really slow query: another session holds an exclusive lock on `pricing` while the service reads.
 */

const SHORT_TIMEOUT_MS = 1000;

/**
 * tedious sends SQL Server an attention at requestTimeout and waits up to its cancelTimeout (5 s)
 * for the acknowledgement. SQL Server acknowledges at once; Babelfish does not act on an attention
 * while its backend waits for a lock, so there the answer comes after the cancel times out and
 * tedious closes the connection, and the statement ends only when the lock goes (docs/databases.md).
 */
async function isBabelfish(db: Knex): Promise<boolean> {
  const [row] = await db.raw('select @@version as v');
  return /Babelfish/i.test(String(row.v));
}

for (const client of LIVE_CLIENTS) {
  // Babelfish's first statements on a new connection take up to a second on a loaded machine (its
  // backend loads the T-SQL catalogs), and a timed-out connection is replaced by a new one.
  const QUERY_TIMEOUT_MS = client === 'mssql' ? 3 * SHORT_TIMEOUT_MS : SHORT_TIMEOUT_MS;
  describe(`when a ${client} query runs past QUERY_TIMEOUT_MS`, function () {
    this.timeout(45_000);
    let scratch: ScratchDatabase;
    let locker: Knex;
    let t: TestApp;

    before(async function () {
      this.timeout(120_000);
      scratch = await createScratchDatabase(client, 'qto');
      locker = await prepareScratchDatabase(scratch);
      t = createTestApp({ ...scratch.env, QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS) }, { ownDb: true });
    });

    after(async function () {
      this.timeout(30_000);
      if (t) await closeTestApp(t);
      await locker?.destroy();
      await scratch?.drop();
    });

    it('answers 504 QUERY_TIMEOUT in time and the statement is cancelled on the server', async () => {
      // One connection holds the lock for the whole test; a transaction keeps it on that connection.
      const babelfish = client === 'mssql' && (await isBabelfish(locker));
      const trx = await locker.transaction();
      try {
        await lockPricing(client, trx);

        const start = performance.now();
        const res = await t.request.post('/api/query/pricing').send({ keyword: '支架' });
        const ms = performance.now() - start;
        expect(res.status, JSON.stringify(res.body)).to.equal(504);
        expect(res.body).to.include({ success: false, code: 'QUERY_TIMEOUT', message: '查询超时，请缩小查询范围后重试' });
        expect(ms)
          .to.be.at.least(QUERY_TIMEOUT_MS - 50)
          .and.below(QUERY_TIMEOUT_MS + (babelfish ? 7000 : 2000));
        if (babelfish) {
          await unlockPricing(client, trx);
          expect(await serviceStatements(client, locker, scratch.name), 'the statement ends with the lock').to.deep.equal([]);
          return;
        }

        // The cancel is sent as the 504 goes out; the server acts on it a moment later.
        let running: string[] = [];
        await waitFor(async () => (running = await serviceStatements(client, locker, scratch.name)).length === 0, {
          timeoutMs: 5000,
          intervalMs: 100,
          what: () => `the statement to be cancelled on the server (still running: ${JSON.stringify(running)})`,
        });
      } finally {
        if (!trx.isCompleted()) await unlockPricing(client, trx);
      }
    });

    it('once the lock is gone, the same query answers 200 (the pool is intact)', async () => {
      const res = await t.request.post('/api/query/pricing').send({ keyword: '支架' });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.total).to.be.above(0);
    });

    it('the control: while locked, the statement really is blocked (without a timeout it is still running)', async () => {
      const trx = await locker.transaction();
      const slow = createTestApp({ ...scratch.env, QUERY_TIMEOUT_MS: '60000' }, { ownDb: true });
      try {
        await lockPricing(client, trx);
        const pending = slow.request
          .post('/api/query/pricing')
          .send({})
          .then((r) => r.status);
        // Past the time-out on purpose: the control shows the statement still blocked then.
        await new Promise((r) => setTimeout(r, QUERY_TIMEOUT_MS + 500));
        expect(await serviceStatements(client, locker, scratch.name)).to.not.deep.equal([]);
        await unlockPricing(client, trx);
        expect(await pending).to.equal(200);
      } finally {
        if (!trx.isCompleted()) await trx.rollback();
        await closeTestApp(slow);
      }
    });
  });
}
