import { expect } from 'chai';
import type { Knex } from 'knex';
import {
  closeTestApp,
  createScratchDatabase,
  createTestApp,
  prepareScratchDatabase,
  type NetworkClient,
  type ScratchDatabase,
  type TestApp,
} from '../support/context.js';

/**
 * QUERY_TIMEOUT_MS: a query past it answers 504 QUERY_TIMEOUT and is cancelled on the server.
 * A really slow query: another session holds an exclusive lock on `pricing` while the service reads.
 */

const QUERY_TIMEOUT_MS = 1000;

/** Statements of the service still running against the scratch database (never our own session). */
async function serviceStatements(client: NetworkClient, admin: Knex, database: string): Promise<string[]> {
  if (client === 'pg') {
    const r = await admin.raw(
      `select query from pg_stat_activity where datname = ? and application_name = 'pricing-query-service'
         and state = 'active' and pid <> pg_backend_pid()`,
      [database],
    );
    return r.rows.map((row: { query: string }) => row.query);
  }
  const [rows] = await admin.raw(
    `select info from information_schema.processlist where db = ? and command = 'Query' and id <> connection_id()
       and info like '%pricing%' and info not like '%processlist%'`,
    [database],
  );
  return (rows as { info: string }[]).map((row) => row.info);
}

for (const client of ['pg', 'mysql2'] as NetworkClient[]) {
  describe(`when a ${client} query runs past QUERY_TIMEOUT_MS`, function () {
    this.timeout(30_000);
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
      const trx = await locker.transaction();
      try {
        if (client === 'pg') await trx.raw('lock table pricing in access exclusive mode');
        else await trx.raw('lock tables pricing write');

        const start = performance.now();
        const res = await t.request.post('/api/query/pricing').send({ keyword: '支架' });
        const ms = performance.now() - start;
        expect(res.status, JSON.stringify(res.body)).to.equal(504);
        expect(res.body).to.include({ success: false, code: 'QUERY_TIMEOUT', message: '查询超时，请缩小查询范围后重试' });
        expect(ms).to.be.at.least(QUERY_TIMEOUT_MS - 50).and.below(QUERY_TIMEOUT_MS + 2000);

        // The cancel is sent as the 504 goes out; give the server a moment to act on it.
        let running: string[] = [];
        for (let i = 0; i < 50; i++) {
          running = await serviceStatements(client, trx, scratch.name);
          if (running.length === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(running, 'still running on the server').to.deep.equal([]);
      } finally {
        if (client === 'mysql2') await trx.raw('unlock tables');
        await trx.rollback();
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
        if (client === 'pg') await trx.raw('lock table pricing in access exclusive mode');
        else await trx.raw('lock tables pricing write');
        const pending = slow.request.post('/api/query/pricing').send({}).then((r) => r.status);
        await new Promise((r) => setTimeout(r, QUERY_TIMEOUT_MS + 500));
        expect(await serviceStatements(client, trx, scratch.name)).to.not.deep.equal([]);
        if (client === 'mysql2') await trx.raw('unlock tables');
        await trx.rollback();
        expect(await pending).to.equal(200);
      } finally {
        if (!trx.isCompleted()) await trx.rollback();
        await closeTestApp(slow);
      }
    });
  });
}
