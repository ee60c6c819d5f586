import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createDb } from '../../src/db/connection.js';
import { closeTestApp, startTestApp, testConfig, type TestApp } from '../support/context.js';
import { BATTERY, comparable, firstDifference } from '../support/identity-battery.js';
import { PgStandbyPair } from '../support/pg-standby.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { replicaReadiness, waitForReplicaState } from '../support/replica-readiness.js';
import { waitFor } from '../support/wait.js';

/**
 * DATABASE_READ_URL against a real PostgreSQL primary and hot standby built for the run
 * (test/support/pg-standby.ts), through HTTP: the standby serves while it keeps up, the primary
 * answers while it lags, is stopped, killed mid-query or cancels a read for replay, and no request
 * fails. Where a request ran is read from the servers themselves (pg_stat_user_tables on each).
 */

const DATABASE = 'pricing';
const MAX_LAG_MS = 2000;
const RETURN_AFTER_MS = 1500;
const APP = 'pricing-query-service';

/** Log lines as objects, for the state changes and the cut export's reason. */
class LogLines extends Writable {
  readonly lines: { msg: string; replica?: string; [key: string]: unknown }[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
}

const figure = (text: string) => console.log(`      ${text}`);

describe('read replica: a PostgreSQL primary and its hot standby', function () {
  this.timeout(30_000);
  this.slow(5_000);
  let pair: PgStandbyPair;
  let t: TestApp; // primary and standby
  let solo: TestApp; // the primary alone
  const logs = new LogLines();

  before(async function () {
    this.timeout(120_000);
    const started = performance.now();
    pair = await PgStandbyPair.create(DATABASE);
    const setup = createDb(testConfig({ DB_CLIENT: 'pg', DATABASE_URL: pair.url('primary', DATABASE) }).db);
    try {
      await setup.migrate.latest();
      await setup.seed.run();
    } finally {
      await setup.destroy();
    }
    await pair.logStatements();
    await pair.addStandby();
    figure(`primary and standby built, migrated and seeded in ${Math.round(performance.now() - started)} ms`);
    t = await startTestApp(
      {
        DB_CLIENT: 'pg',
        DATABASE_URL: pair.url('primary', DATABASE),
        DATABASE_READ_URL: pair.url('standby', DATABASE),
        REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        REPLICA_CHECK_INTERVAL_MS: '200',
        REPLICA_RETURN_AFTER_MS: String(RETURN_AFTER_MS),
        DB_CHECK_TIMEOUT_MS: '1000',
        COUNT_CACHE_MIN_MS: '0',
        LOG_LEVEL: 'info',
      },
      { logDestination: logs },
    );
    solo = await startTestApp({ DB_CLIENT: 'pg', DATABASE_URL: pair.url('primary', DATABASE), COUNT_CACHE_MIN_MS: '0' });
  });

  after(async function () {
    this.timeout(30_000);
    if (t) await closeTestApp(t);
    if (solo) await closeTestApp(solo);
    await pair?.destroy();
  });

  afterEach(function () {
    if (this.currentTest?.state !== 'failed') return;
    const recent = logs.lines.filter((l) => l.msg !== 'request').slice(-15);
    for (const l of recent)
      figure(`log: ${l.msg} ${JSON.stringify({ ...l, msg: undefined, time: undefined, level: undefined, service: undefined })}`);
  });

  /** The service's statements on a server that read the tables (not the monitor's lag checks), from its log. */
  function tableReads(server: 'primary' | 'standby'): number {
    return pair.statements(server, APP, DATABASE).filter((s) => /\bfrom "/.test(s)).length;
  }

  async function metric(name: string, labels: string): Promise<number> {
    const text = (await t.request.get('/api/metrics')).text;
    const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `) || (labels === '' && l.startsWith(`${name} `)));
    return Number(line?.split(' ')[1] ?? NaN);
  }

  async function onPrimary(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<void> {
    await pair.onPrimary(DATABASE, (db) => db.raw(sql, bindings));
  }

  /** The service's statements waiting for a lock on a server (its sessions in pg_stat_activity). */
  async function waitingStatements(server: 'primary' | 'standby'): Promise<number> {
    const read = async (db: Knex) => {
      const r = await db.raw(
        `select count(*)::int as n from pg_stat_activity where datname = ? and application_name = ? and wait_event_type = 'Lock'`,
        [DATABASE, APP],
      );
      return r.rows[0].n as number;
    };
    return server === 'primary' ? pair.onPrimary('postgres', read) : pair.onStandby('postgres', read);
  }

  /**
   * Holds ACCESS EXCLUSIVE on `table` on the primary in a transaction; once its WAL is flushed (a
   * committed transaction after it) the standby's replay holds it too, and reads of it wait there.
   */
  async function lockOnPrimary(...tables: string[]): Promise<{ release(): Promise<void> }> {
    const db = pair.connect('primary', DATABASE);
    const trx = await db.transaction();
    await trx.raw(`lock table ${tables.join(', ')} in access exclusive mode`);
    await onPrimary('select txid_current()');
    // Held by the standby's replay too before any read is sent (else a read may slip in before it).
    await waitFor(
      () =>
        pair.onStandby(DATABASE, async (standby) => {
          const r = await standby.raw(
            `select count(*)::int as n from pg_locks where locktype = 'relation' and mode = 'AccessExclusiveLock' and granted
               and relation = any(?::regclass[])`,
            [tables],
          );
          return r.rows[0].n === tables.length;
        }),
      { intervalMs: 20, what: `the standby to replay the lock on ${tables.join(', ')}` },
    );
    return {
      async release() {
        await trx.rollback();
        await db.destroy();
      },
    };
  }

  it('in use from the start: readiness 200 "in-use", and 20 queries run on the standby, none on the primary', async () => {
    const ready = await replicaReadiness(t);
    expect(ready.status).to.equal(200);
    expect(ready.replica.state).to.equal('in-use');
    expect(ready.replica.lagMs).to.be.a('number');
    const [standbyBefore, primaryBefore, readsBefore] = [
      tableReads('standby'),
      tableReads('primary'),
      await metric('db_reads_total', 'target="replica"'),
    ];
    for (let i = 1; i <= 20; i++) {
      const res = await t.request.post('/api/query/pricing').send({ current: i, pageSize: 10 });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    }
    expect(await metric('db_reads_total', 'target="replica"')).to.equal(readsBefore + 20);
    const [standby, primary] = [tableReads('standby'), tableReads('primary')];
    expect(standby - standbyBefore, "the standby's log: statements reading the tables").to.be.at.least(20);
    expect(primary, "the primary's log: none").to.equal(primaryBefore);
    figure(`20 queries: ${standby - standbyBefore} statements on the standby (its log), ${primary - primaryBefore} on the primary`);
  });

  it(`answers are identical to a service on the primary alone (the ${BATTERY.length} requests of the identity battery)`, async () => {
    const readsBefore = await metric('db_reads_total', 'target="replica"');
    for (const c of BATTERY) {
      const [viaReplica, viaPrimary] = await Promise.all(
        [t, solo].map((app) => (c.method === 'get' ? app.request.get(c.path) : app.request.post(c.path).send(c.body as object))),
      );
      expect(viaReplica!.status, c.name).to.equal(c.status);
      expect(viaPrimary!.status, c.name).to.equal(c.status);
      const [a, b] = [comparable(viaReplica!.body), comparable(viaPrimary!.body)];
      expect(a === b, `${c.name}: ${firstDifference(a, b)}`).to.equal(true);
    }
    expect(await metric('db_reads_total', 'target="replica"'), 'every one read on the standby').to.equal(readsBefore + BATTERY.length);
  });

  it('replay paused and a write on the primary: "lagging" within 12 s, readiness 200, and the answers are fresh', async () => {
    await pair.onStandby('postgres', (db) => db.raw('select pg_wal_replay_pause()'));
    const probe = `REPLICA-PAUSED-${process.pid}`;
    await onPrimary('update pricing set supplier_name = ? where id = 11', [probe]);
    const ms = await waitForReplicaState(t, 'lagging', 12_000);
    const ready = await replicaReadiness(t);
    expect(ready.status).to.equal(200);
    expect(ready.replica.lagMs).to.be.above(MAX_LAG_MS);
    figure(`lagging ${Math.round(ms)} ms after the write (lag then ${ready.replica.lagMs} ms, REPLICA_MAX_LAG_MS ${MAX_LAG_MS})`);
    const primaryReads = await metric('db_reads_total', 'target="primary"');
    const res = await t.request.post('/api/query/pricing').send({ keyword: probe });
    expect(res.status).to.equal(200);
    expect(res.body.total).to.equal(1);
    expect(res.body.data[0]).to.include({ id: 11, supplierName: probe });
    expect(await metric('db_reads_total', 'target="primary"')).to.equal(primaryReads + 1);
    // The standby itself still has the old value: the answer above did not come from it.
    const onStandby = await pair.onStandby(DATABASE, (db) => db('pricing').where('id', 11).first('supplier_name'));
    expect(onStandby.supplier_name).to.not.equal(probe);
    expect(await metric('db_replica_lag_seconds', '')).to.be.above(MAX_LAG_MS / 1000);
    expect(logs.lines.some((l) => l.replica === 'lagging' && /above REPLICA_MAX_LAG_MS/.test(l.msg))).to.equal(true);
  });

  it('replay resumed: "in-use" again, and later writes are seen within 5 s, read on the standby', async () => {
    await pair.onStandby('postgres', (db) => db.raw('select pg_wal_replay_resume()'));
    const ms = await waitForReplicaState(t, 'in-use', 15_000);
    figure(`in use again ${Math.round(ms)} ms after the resume (REPLICA_RETURN_AFTER_MS ${RETURN_AFTER_MS})`);
    const probe = `REPLICA-RESUMED-${process.pid}`;
    await onPrimary('update pricing set supplier_name = ? where id = 12', [probe]);
    const written = performance.now();
    const replicaReads = await metric('db_reads_total', 'target="replica"');
    await waitFor(async () => (await t.request.post('/api/query/pricing').send({ keyword: probe })).body.total === 1, {
      timeoutMs: 5000,
      intervalMs: 50,
      what: 'the write to be seen through the service',
    });
    figure(`a write on the primary seen through the standby after ${Math.round(performance.now() - written)} ms`);
    expect(await metric('db_reads_total', 'target="replica"')).to.be.above(replicaReads);
  });

  it('standby stopped: 20 of 20 queries answered 200, each within 3 s; readiness 200 "unreachable"; answers fresh', async () => {
    const fallbacks = await metric('db_replica_fallbacks_total', 'reason="unavailable"');
    await pair.stopStandby();
    const times: number[] = [];
    const bodies = [
      { pageSize: 5 },
      { keyword: '支架' },
      { status: ['approved'], sort: { unitPrice: 'descend' } },
      { current: 30, pageSize: 20 },
    ];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const res = await t.request.post('/api/query/pricing').send(bodies[i % bodies.length]);
      times.push(performance.now() - started);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    }
    expect(Math.max(...times), 'each within 3 s').to.be.below(3000);
    figure(
      `20 of 20 answered 200 with the standby stopped, slowest ${Math.round(Math.max(...times))} ms; fallbacks ${(await metric('db_replica_fallbacks_total', 'reason="unavailable"')) - fallbacks}`,
    );
    await waitForReplicaState(t, 'unreachable', 5000);
    const probe = `REPLICA-STOPPED-${process.pid}`;
    await onPrimary('update pricing set supplier_name = ? where id = 13', [probe]);
    const res = await t.request.post('/api/query/pricing').send({ keyword: probe });
    expect(res.body.total).to.equal(1);
    const stats = await t.request.get('/api/stats/tables');
    expect(stats.status).to.equal(200);
    expect((await t.request.get('/api/test-db')).body).to.deep.equal({ success: true, message: '数据库连接正常' });
  });

  it('standby started again: "in-use" within 30 s, and queries run on it again', async () => {
    await pair.startStandby();
    const ms = await waitForReplicaState(t, 'in-use', 30_000);
    figure(`in use ${Math.round(ms)} ms after the standby was streaming again`);
    const before = tableReads('standby');
    for (let i = 0; i < 5; i++) expect((await t.request.post('/api/query/pricing').send({ current: i + 2 })).status).to.equal(200);
    expect(tableReads('standby') - before).to.be.at.least(5);
  });

  it('standby killed during a query: that query, and an export waiting beside it, are answered from the primary', async () => {
    const expectedPage = (await solo.request.post('/api/query/pricing').send({ pageSize: 7 })).body;
    const expectedCsv = await solo.request.post('/api/query/secondary-process').set('Accept', 'text/csv').send({}).buffer(true);
    const fallbacks = await metric('db_replica_fallbacks_total', 'reason="unavailable"');
    const lock = await lockOnPrimary('pricing', 'secondary_processes');
    let released = false;
    try {
      // then() sends them: a supertest request is sent only when awaited.
      const page = t.request
        .post('/api/query/pricing')
        .send({ pageSize: 7 })
        .then((r) => r);
      const csv = t.request
        .post('/api/query/secondary-process')
        .set('Accept', 'text/csv')
        .send({})
        .buffer(true)
        .then((r) => r);
      await waitFor(async () => (await waitingStatements('standby')) === 2, {
        intervalMs: 50,
        what: 'both reads to wait for the replayed lock on the standby',
      });
      await pair.killStandby();
      // Retried on the primary, where the lock is still held.
      await waitFor(async () => (await waitingStatements('primary')) === 2, {
        intervalMs: 50,
        what: 'both reads to be retried on the primary',
      });
      await lock.release();
      released = true;
      const [p, c] = await Promise.all([page, csv]);
      expect(p.status, JSON.stringify(p.body)).to.equal(200);
      expect(comparable(p.body)).to.equal(comparable(expectedPage));
      expect(c.status).to.equal(200);
      expect(c.text).to.equal(expectedCsv.text);
    } finally {
      if (!released) await lock.release();
    }
    expect(await metric('db_replica_fallbacks_total', 'reason="unavailable"')).to.equal(fallbacks + 2);
    expect((await replicaReadiness(t)).replica.state).to.equal('unreachable');
  });

  it('standby restarted after the kill: back in use', async () => {
    await pair.startStandby();
    const ms = await waitForReplicaState(t, 'in-use', 30_000);
    figure(`in use ${Math.round(ms)} ms after the killed standby was streaming again`);
    const replicaReads = await metric('db_reads_total', 'target="replica"');
    expect((await t.request.post('/api/query/secondary-process').send({ keyword: '镀锌' })).status).to.equal(200);
    expect(await metric('db_reads_total', 'target="replica"')).to.equal(replicaReads + 1);
  });

  it('a replay conflict (40001): the read the standby cancels is answered from the primary, and the standby stays in use', async () => {
    const expected = (await solo.request.post('/api/query/pricing').send({})).body;
    const conflicts = await metric('db_replica_fallbacks_total', 'reason="replay-conflict"');
    // The standby's own word for it, in its log.
    const cancelled = () =>
      pair.logged('standby', APP, DATABASE).filter((l) => l.startsWith('ERROR:  canceling statement due to conflict with recovery')).length;
    const cancelledBefore = cancelled();
    // The page reads pricing, then parts: it holds pricing's lock on the standby while it waits
    // for the replayed lock on parts; replaying a lock on pricing then needs what the read holds,
    // and after max_standby_streaming_delay (500 ms) the standby cancels the read.
    const parts = await lockOnPrimary('parts');
    let pricing: { release(): Promise<void> } | undefined;
    try {
      const page = t.request
        .post('/api/query/pricing')
        .send({})
        .then((r) => r);
      await waitFor(async () => (await waitingStatements('standby')) === 1, {
        intervalMs: 50,
        what: 'the read to wait for the replayed lock on parts',
      });
      pricing = await lockOnPrimary('pricing');
      await waitFor(async () => (await waitingStatements('primary')) === 1, {
        intervalMs: 50,
        what: 'the cancelled read to be retried on the primary',
      });
      await pricing.release();
      pricing = undefined;
      await parts.release();
      const res = await page;
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(comparable(res.body)).to.equal(comparable(expected));
    } finally {
      await pricing?.release();
      await parts.release().catch(() => {});
    }
    expect(cancelled(), 'the standby cancelled the read (its log)').to.equal(cancelledBefore + 1);
    expect(await metric('db_replica_fallbacks_total', 'reason="replay-conflict"')).to.equal(conflicts + 1);
    expect((await replicaReadiness(t)).replica.state, 'a conflict is not an outage').to.equal('in-use');
    expect(logs.lines.some((l) => /cancelled by replay/.test(l.msg))).to.equal(true);
  });

  it("a partition (the standby's connections open, nothing answered): the read in flight is answered from the primary after QUERY_TIMEOUT_MS, the next ones at once", async function () {
    this.timeout(60_000);
    const proxy = await new TcpProxy('127.0.0.1', pair.standbyPort).start();
    const p = await startTestApp({
      DB_CLIENT: 'pg',
      DATABASE_URL: pair.url('primary', DATABASE),
      DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${DATABASE}`,
      QUERY_TIMEOUT_MS: '3000',
      DB_CHECK_TIMEOUT_MS: '500',
      REPLICA_CHECK_INTERVAL_MS: '200',
    });
    try {
      expect((await p.request.get('/api/health/ready')).body.replica.state).to.equal('in-use');
      expect((await p.request.post('/api/query/pricing').send({ pageSize: 3 })).status).to.equal(200); // a pooled connection
      await proxy.silence();
      const started = performance.now();
      const res = await p.request.post('/api/query/pricing').send({ pageSize: 3 });
      const ms = performance.now() - started;
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(ms, 'QUERY_TIMEOUT_MS, then the primary').to.be.within(2500, 3000 + 2000);
      expect((await p.request.get('/api/health/ready')).body.replica.state).to.equal('unreachable');
      const next = performance.now();
      expect((await p.request.post('/api/query/pricing').send({ keyword: '支架' })).status).to.equal(200);
      expect(performance.now() - next, 'straight to the primary').to.be.below(1000);
      figure(
        `partition: the read in flight answered from the primary after ${Math.round(ms)} ms (QUERY_TIMEOUT_MS 3000), the next in ${Math.round(performance.now() - next)} ms`,
      );
    } finally {
      await proxy.stop();
      await closeTestApp(p);
    }
  });

  it('an export cut short when the standby dies after its first bytes: it ends as a broken export does, and the log says why', async function () {
    this.timeout(60_000);
    // A file far larger than the sockets' buffers (19,200 more rows with a 1.5 KB remark each, about
    // 35 MB): when its first bytes arrive, the export is still reading batches from the standby.
    const columns = (await pair.onPrimary(DATABASE, (db) => db('pricing').columnInfo())) as Record<string, unknown>;
    const copied = Object.keys(columns).filter((c) => !['id', 'pricing_no', 'remark'].includes(c));
    await onPrimary(
      `insert into pricing (pricing_no, remark, ${copied.join(', ')})
         select pricing_no || '-R' || g, repeat('备注', 250), ${copied.join(', ')} from pricing, generate_series(1, 16) g`,
    );
    const total = Number((await pair.onPrimary(DATABASE, (db) => db('pricing').count({ n: '*' })))[0]!.n);
    await waitFor(async () => Number((await pair.onStandby(DATABASE, (db) => db('pricing').count({ n: '*' })))[0]!.n) === total, {
      timeoutMs: 10_000,
      what: 'the standby to replay the rows',
    });
    await waitForReplicaState(t, 'in-use', 10_000);
    const server = t.app.listen(0, '127.0.0.1');
    let killed: Promise<void> | undefined;
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const outcome = await new Promise<{ status: number; bytes: number; ended: 'complete' | 'cut' }>((resolve, reject) => {
        const req = http.request(
          {
            port,
            host: '127.0.0.1',
            path: '/api/query/pricing',
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'text/csv' },
          },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              killed ??= pair.killStandby();
              bytes += chunk.length;
            });
            res.on('error', () => {}); // a cut answer: 'close' tells
            res.on('close', () => resolve({ status: res.statusCode!, bytes, ended: res.complete ? 'complete' : 'cut' }));
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
      await killed;
      expect(outcome.status).to.equal(200);
      expect(outcome.ended, `${outcome.bytes} bytes received`).to.equal('cut');
      const line = await waitFor(() => logs.lines.find((l) => /^export failed after the response started/.test(l.msg)), {
        what: "the export's failure in the log",
      });
      expect(line.msg).to.match(/the read replica was lost \((connection-reset|server-unavailable)\)/);
      expect(line).to.include({ server: 'replica', export: 'pricing-query', rows: total });
      figure(`export of ${total} rows cut after ${outcome.bytes} bytes; log: ${line.msg}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
