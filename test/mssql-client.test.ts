import { expect } from 'chai';
import { closeTestApp, createTestApp, sharedTestDb } from './support/context.js';

/**
 * The knex client settings of the database the suite runs on (src/db/mssql-client.ts on SQL Server).
 * The row count runs everywhere; the rest needs TEST_DB_CLIENT=mssql (npm run test:mssql).
 */
const onMssql = process.env.TEST_DB_CLIENT === 'mssql';

describe('database client', () => {
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
