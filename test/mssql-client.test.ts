import { expect } from 'chai';
import { createRequire } from 'node:module';
import { assertKnexMssqlInternals, KNEX_MSSQL_INTERNALS, setRequestDeadline } from '../src/db/mssql-client.js';
import { closeTestApp, createTestApp, sharedTestDb } from './support/context.js';

/**
 * The knex client settings of the database the suite runs on (src/db/mssql-client.ts on SQL Server).
 * The row count runs everywhere; the rest needs TEST_DB_CLIENT=mssql (npm run test:mssql).
 */
const onMssql = process.env.TEST_DB_CLIENT === 'mssql';

describe('database client', () => {
  it('knex is the exact version package-lock.json locks, and a knex whose mssql client lost an overridden method stops start-up', () => {
    const require = createRequire(import.meta.url);
    const lock = require('../package-lock.json') as { packages: Record<string, { version?: string }> };
    const locked = lock.packages['node_modules/knex']?.version;
    expect(locked).to.match(/^\d+\.\d+\.\d+$/);
    expect((require('knex/package.json') as { version: string }).version).to.equal(locked);

    const complete = Object.fromEntries(KNEX_MSSQL_INTERNALS.map((name) => [name, () => undefined]));
    expect(() => assertKnexMssqlInternals(complete, '3.3.0')).not.to.throw();
    const { _chomp, ...withoutChomp } = complete;
    expect(_chomp).to.be.a('function');
    expect(() => assertKnexMssqlInternals(withoutChomp, '9.0.0')).to.throw(/knex 9\.0\.0: .*_chomp/);
  });

  it('update() and del() report how many rows they touched (knex migration lock relies on it)', async () => {
    const trx = await sharedTestDb().transaction();
    try {
      expect(
        await trx('parts')
          .where('id', '<=', 3)
          .update({ unit: trx.ref('unit') }),
      ).to.equal(3);
      expect(await trx('pricing_details').where('pricing_id', -1).del()).to.equal(0);
    } finally {
      await trx.rollback();
    }
  });

  (onMssql ? describe : describe.skip)('on SQL Server', () => {
    it('each statement runs on its own connection: a transaction keeps its session under concurrency', async () => {
      const t = createTestApp({ DB_POOL_MAX: '4' }, { ownDb: true });
      try {
        // A statement that takes a few ms, so that the transaction's statements queue up behind
        // each other while the other connections finish theirs.
        const spid = async (q: typeof t.db) =>
          (await q.raw<{ s: number }[]>('select @@spid as s, (select count(*) from pricing_details) as n'))[0]!.s;
        await Promise.all([1, 2, 3, 4].map(() => spid(t.db))); // every connection of the pool open
        const trx = await t.db.transaction();
        try {
          const own = await spid(trx);
          const mixed = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? spid(trx) : spid(t.db))));
          expect(
            mixed.filter((_, i) => i % 2).every((s) => s === own),
            JSON.stringify({ own, mixed }),
          ).to.equal(true);
          expect(mixed.filter((_, i) => i % 2 === 0)).not.to.include(own);
        } finally {
          await trx.rollback();
        }
      } finally {
        await closeTestApp(t);
      }
    });

    it("a caller's deadline bounds every statement it sends on the connection, not only the first", async () => {
      const db = sharedTestDb();
      await db.schema.createTable('deadline_probe', (t) => t.integer('id').primary());
      await db('deadline_probe').insert({ id: 1 });
      const connection = (await db.client.acquireConnection()) as object;
      const onConnection = (sql: string) => Promise.resolve(db.raw(sql).connection(connection));
      const holder = await db.transaction();
      try {
        setRequestDeadline(connection, 1200);
        await onConnection('select 1 as one'); // the first statement, well within the deadline
        await new Promise((resolve) => setTimeout(resolve, 900));
        // The second statement waits on a row lock the holder keeps for 1.5 s of wall time, however
        // busy the machine. Babelfish answers tedious' cancel only once the statement has ended (the
        // lock released), well within tedious' cancelTimeout (5 s); SQL Server stops at the cancel.
        await holder('deadline_probe').where('id', 1).update({ id: 1 });
        const release = setTimeout(() => void holder.rollback().catch(() => undefined), 1500);
        const second = await onConnection('update deadline_probe set id = id where id = 1').then(
          () => 'finished',
          (err: Error) => err.message,
        );
        clearTimeout(release);
        const timeoutMs = /Timeout: Request failed to complete in (\d+)ms/.exec(second)?.[1];
        expect(timeoutMs, second).to.be.a('string');
        expect(Number(timeoutMs), 'the time left of the deadline, not a fresh QUERY_TIMEOUT_MS').to.be.within(1, 300);
        setRequestDeadline(connection, undefined);
        expect(await onConnection('select 1 as one').then(() => 'finished')).to.equal('finished');
      } finally {
        setRequestDeadline(connection, undefined);
        if (!holder.isCompleted()) await holder.rollback().catch(() => undefined);
        await db.client.releaseConnection(connection);
        await db.schema.dropTableIfExists('deadline_probe');
      }
    });

    it('DB_READ_ONLY_INTENT=true: the login is accepted and queries answer', async () => {
      const t = createTestApp({ DB_READ_ONLY_INTENT: 'true' }, { ownDb: true });
      try {
        const check = await t.request.get('/api/test-db');
        expect(check.body).to.deep.equal({ success: true, message: '数据库连接正常' });
        const res = await t.request.post('/api/query/pricing').send({ pageSize: 5, current: 3 });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(res.body.data).to.have.length(5);
      } finally {
        await closeTestApp(t);
      }
    });
  });
});
