import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createDb } from '../../src/db/connection.js';
import { closeTestApp, startTestApp, testConfig, type TestApp } from '../support/context.js';
import { BATTERY, comparable, firstDifference } from '../support/identity-battery.js';
import { MariaDbReplicaPair } from '../support/mariadb-replica.js';
import { replicaReadiness, waitForReplicaState } from '../support/replica-readiness.js';
import { waitFor } from '../support/wait.js';

/**
 * DATABASE_READ_URL against a real MariaDB primary and replica built for the run
 * (test/support/mariadb-replica.ts): the binlog-position lag check, reads on the replica, and the
 * primary while the replica's SQL thread is stopped or the replica is down.
 */

const DATABASE = 'pricing';
const MAX_LAG_MS = 2000;

class LogLines extends Writable {
  readonly lines: { msg: string; replica?: string }[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
}

const figure = (text: string) => console.log(`      ${text}`);

describe('read replica: a MariaDB primary and its replica', function () {
  this.timeout(30_000);
  this.slow(5_000);
  let pair: MariaDbReplicaPair;
  let t: TestApp;
  let solo: TestApp;
  const logs = new LogLines();

  before(async function () {
    this.timeout(120_000);
    const started = performance.now();
    pair = await MariaDbReplicaPair.create();
    await pair.on('primary', (db) => db.raw(`create database ${DATABASE} character set utf8mb4 collate utf8mb4_bin`));
    const setup = createDb(testConfig({ DB_CLIENT: 'mysql2', DATABASE_URL: pair.url('primary', DATABASE) }).db);
    try {
      await setup.migrate.latest();
      await setup.seed.run();
    } finally {
      await setup.destroy();
    }
    figure(`MariaDB primary and replica built, migrated and seeded in ${Math.round(performance.now() - started)} ms`);
    const env = { DB_CLIENT: 'mysql2', DATABASE_URL: pair.url('primary', DATABASE) };
    t = await startTestApp(
      {
        ...env,
        DATABASE_READ_URL: pair.url('replica', DATABASE),
        REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        REPLICA_CHECK_INTERVAL_MS: '200',
        REPLICA_RETURN_AFTER_MS: '1000',
        DB_CHECK_TIMEOUT_MS: '1000',
        LOG_LEVEL: 'info',
      },
      { logDestination: logs },
    );
    solo = await startTestApp(env);
    // The seed may still be replaying (a lag under REPLICA_MAX_LAG_MS): compare answers once it has.
    await waitFor(async () => (await replicaReadiness(t)).replica.lagMs === 0 && (await replicaReadiness(t)).replica.state === 'in-use', {
      timeoutMs: 30_000,
      what: 'the replica to catch up with the seed',
    });
  });

  afterEach(function () {
    if (this.currentTest?.state !== 'failed') return;
    for (const l of logs.lines.filter((x) => x.replica).slice(-15)) figure(`log: ${JSON.stringify(l)}`);
  });

  after(async function () {
    this.timeout(30_000);
    if (t) await closeTestApp(t);
    if (solo) await closeTestApp(solo);
    await pair?.destroy();
  });

  /** SELECT statements a server has run (its Com_select counter, which this very SHOW STATUS moves by one). */
  async function selects(server: 'primary' | 'replica'): Promise<number> {
    return pair.on(server, async (db) => {
      const [rows] = await db.raw(`show global status like 'Com_select'`);
      return Number((rows as { Value: string }[])[0]!.Value);
    });
  }

  it('reads on the replica (its SELECT count), none on the primary; answers identical to a service on the primary alone', async () => {
    const [replicaBefore, primaryBefore] = [await selects('replica'), await selects('primary')];
    for (let i = 1; i <= 20; i++)
      expect((await t.request.post('/api/query/pricing').send({ current: i, pageSize: 10 })).status).to.equal(200);
    const [replicaAfter, primaryAfter] = [(await selects('replica')) - 1, (await selects('primary')) - 1];
    expect(replicaAfter - replicaBefore, "the replica's SELECTs").to.be.at.least(20);
    expect(primaryAfter - primaryBefore, "the primary's SELECTs").to.equal(0);
    figure(`20 queries: ${replicaAfter - replicaBefore} SELECTs on the replica, ${primaryAfter - primaryBefore} on the primary`);
    for (const c of BATTERY) {
      const [a, b] = await Promise.all(
        [t, solo].map((app) => (c.method === 'get' ? app.request.get(c.path) : app.request.post(c.path).send(c.body as object))),
      );
      expect(a!.status, c.name).to.equal(c.status);
      const [x, y] = [comparable(a!.body), comparable(b!.body)];
      expect(x === y, `${c.name}: ${firstDifference(x, y)}`).to.equal(true);
    }
  });

  it("the replica's SQL thread stopped and a write on the primary: lagging, answers fresh; started again: in use", async () => {
    await pair.on('replica', (db) => db.raw('stop slave sql_thread'));
    const probe = `MARIADB-PAUSED-${process.pid}`;
    await pair.on('primary', (db) => db.raw('update pricing set supplier_name = ? where id = 21', [probe]), DATABASE);
    const ms = await waitForReplicaState(t, 'lagging', 12_000);
    figure(`lagging ${Math.round(ms)} ms after the write (SQL thread stopped, REPLICA_MAX_LAG_MS ${MAX_LAG_MS})`);
    const res = await t.request.post('/api/query/pricing').send({ keyword: probe });
    expect(res.body.total).to.equal(1);
    expect(logs.lines.some((l) => l.replica === 'lagging' && /above REPLICA_MAX_LAG_MS/.test(l.msg))).to.equal(true);
    await pair.on('replica', (db) => db.raw('start slave sql_thread'));
    const back = await waitForReplicaState(t, 'in-use', 15_000);
    figure(`in use ${Math.round(back)} ms after the SQL thread was started again`);
    const onReplica = await pair.on('replica', (db) => db('pricing').where('id', 21).first('supplier_name'), DATABASE);
    expect(onReplica.supplier_name).to.equal(probe);
  });

  it('the replica stopped: every query answered 200 from the primary, each within 3 s, "unreachable"; started again: in use', async () => {
    await pair.stop('replica');
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await t.request.post('/api/query/secondary-process').send({ current: i + 1, pageSize: 10 });
      times.push(performance.now() - started);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    }
    expect(Math.max(...times)).to.be.below(3000);
    await waitForReplicaState(t, 'unreachable', 5000);
    await pair.start('replica');
    const ms = await waitForReplicaState(t, 'in-use', 30_000);
    figure(
      `10 of 10 answered with the replica down (slowest ${Math.round(Math.max(...times))} ms); in use ${Math.round(ms)} ms after it answered again`,
    );
  });
});
