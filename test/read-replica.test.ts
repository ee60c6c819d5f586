import { Writable } from 'node:stream';
import { expect } from 'chai';
import { closeTestApp, createTestApp, startTestApp, testDbEnv, type TestApp } from './support/context.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { waitFor } from './support/wait.js';

/**
 * DATABASE_READ_URL on the database the suite runs on, pointed at that same database (a real
 * replica is npm run test:replica's): what each database's lag check makes of a server that is no
 * replica, and on SQL Server (Babelfish) the read connection and the fallback to the primary.
 */
const client = process.env.TEST_DB_CLIENT ?? 'better-sqlite3';
const SCHEMES: Record<string, string> = { pg: 'postgres', mysql2: 'mysql', mssql: 'mssql' };

/** The suite's database as a URL, through `port` when given (a proxy in front of it). */
function readUrl(port?: number): string {
  const e = testDbEnv;
  const login = `${encodeURIComponent(e.DB_USER ?? '')}${e.DB_PASSWORD ? `:${encodeURIComponent(e.DB_PASSWORD)}` : ''}`;
  return `${SCHEMES[client]}://${login}@${e.DB_HOST}:${port ?? e.DB_PORT}/${e.DB_NAME}`;
}

class LogLines extends Writable {
  readonly lines: { msg: string; replica?: string }[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
}

async function metric(t: TestApp, name: string, labels: string): Promise<number> {
  const text = (await t.request.get('/api/metrics')).text;
  return Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${name}{${labels}} `) || (labels === '' && l.startsWith(`${name} `)))
      ?.split(' ')[1] ?? NaN,
  );
}

describe('read replica (DATABASE_READ_URL)', () => {
  it('without it nothing changes: readiness says nothing of a replica, and /api/metrics has no replica metrics', async () => {
    const t = createTestApp();
    const ready = await t.request.get('/api/health/ready');
    expect(ready.body).to.deep.equal({ success: true, status: 'ready' });
    const metrics = (await t.request.get('/api/metrics')).text;
    expect(metrics).to.not.match(/^db_replica_|^db_reads_total/m);
  });

  (client === 'pg' || client === 'mysql2' ? describe : describe.skip)(
    'pointed at a server that is no replica (pg: not in recovery; MySQL: no replication)',
    () => {
      let t: TestApp;
      const logs = new LogLines();
      before(async () => {
        t = await startTestApp(
          { DATABASE_READ_URL: readUrl(), LOG_LEVEL: 'info', REPLICA_CHECK_INTERVAL_MS: '100' },
          { logDestination: logs },
        );
      });
      after(async () => {
        if (t) await closeTestApp(t);
      });

      it('reads go to the primary: readiness 200 "lagging" with no lag, every query on the primary, the log says why', async () => {
        const ready = await t.request.get('/api/health/ready');
        expect(ready.status).to.equal(200);
        expect(ready.body).to.deep.equal({ success: true, status: 'ready', replica: { state: 'lagging', lagMs: null } });
        let onReplica = 0;
        const count = () => void onReplica++;
        t.replica!.db.on('query', count);
        try {
          const res = await t.request.post('/api/query/pricing').send({ keyword: '支架' });
          expect(res.status).to.equal(200);
          expect((await t.request.get('/api/stats/tables')).status).to.equal(200);
        } finally {
          t.replica!.db.removeListener('query', count);
        }
        expect(onReplica, "statements through the replica's pool").to.equal(0);
        expect(await metric(t, 'db_reads_total', 'target="primary"')).to.equal(2);
        expect(await metric(t, 'db_replica_state', 'state="lagging"')).to.equal(1);
        expect(await metric(t, 'db_replica_lag_seconds', '')).to.be.NaN;
        const why =
          client === 'pg'
            ? /no longer follows the primary: not in recovery/
            : /no longer follows the primary: SHOW REPLICA STATUS is empty/;
        expect(logs.lines.filter((l) => l.replica === 'lagging').map((l) => l.msg)).to.satisfy((msgs: string[]) =>
          msgs.some((m) => why.test(m)),
        );
      });
    },
  );

  (client === 'mssql' ? describe : describe.skip)('on SQL Server (Babelfish): the read connection and the fallback', () => {
    let proxy: TcpProxy;
    let t: TestApp;
    const logs = new LogLines();
    before(async () => {
      proxy = await new TcpProxy(testDbEnv.DB_HOST!, Number(testDbEnv.DB_PORT)).start();
      t = await startTestApp(
        {
          DATABASE_READ_URL: readUrl(proxy.port),
          DB_READ_ONLY_INTENT: 'true',
          LOG_LEVEL: 'info',
          // Checks far apart: the cut is met by a request (the fallback), not by the monitor first.
          REPLICA_CHECK_INTERVAL_MS: '5000',
          REPLICA_RETURN_AFTER_MS: '0',
        },
        { logDestination: logs },
      );
      // Babelfish's first logins can outlast the first check on a loaded machine: the next one is in 5 s.
      await waitFor(() => t.replica!.status().state === 'in-use', { timeoutMs: 20_000, what: 'the read connection to be in use' });
    });
    after(async () => {
      await proxy?.stop();
      if (t) await closeTestApp(t);
    });

    it('a database in no availability group: its lag cannot be measured, so it is read with lagMs null, and the log says so', async () => {
      const ready = await t.request.get('/api/health/ready');
      expect(ready.body.replica).to.deep.equal({ state: 'in-use', lagMs: null });
      expect(logs.lines.some((l) => l.replica === 'in-use' && /lag cannot be measured .*no availability group/.test(l.msg))).to.equal(true);
    });

    it('queries, an export, statistics and test-db run on the read connection (with ApplicationIntent=ReadOnly)', async () => {
      let onReplica = 0;
      const count = () => void onReplica++;
      t.replica!.db.on('query', count);
      try {
        const page = await t.request.post('/api/query/pricing').send({ pageSize: 5, current: 3 });
        expect(page.status, JSON.stringify(page.body)).to.equal(200);
        expect(page.body.data).to.have.length(5);
        const csv = await t.request
          .post('/api/query/secondary-process')
          .set('Accept', 'text/csv')
          .send({ status: ['inactive'] });
        expect(csv.status).to.equal(200);
        expect((await t.request.get('/api/stats/tables')).status).to.equal(200);
        expect((await t.request.get('/api/test-db')).body).to.deep.equal({ success: true, message: '数据库连接正常' });
      } finally {
        t.replica!.db.removeListener('query', count);
      }
      expect(onReplica).to.be.at.least(5);
      expect(await metric(t, 'db_reads_total', 'target="replica"')).to.equal(3);
      expect(await metric(t, 'db_reads_total', 'target="primary"')).to.equal(0);
    });

    it('the read connection cut (port closed): every request answered 200 from the primary, "unreachable", back once it returns', async () => {
      const expected = (await t.request.post('/api/query/pricing').send({ pageSize: 3 })).body;
      await proxy.refuse();
      const times: number[] = [];
      for (const body of [{ pageSize: 3 }, { keyword: '支架' }, { status: ['approved'] }]) {
        const started = performance.now();
        const res = await t.request.post('/api/query/pricing').send(body);
        times.push(performance.now() - started);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        if (body.pageSize === 3) expect(res.body.data).to.deep.equal(expected.data);
      }
      expect(Math.max(...times), 'each within 3 s').to.be.below(3000);
      expect(await metric(t, 'db_replica_fallbacks_total', 'reason="unavailable"'), 'the first one fell back').to.be.at.least(1);
      expect((await t.request.get('/api/health/ready')).body.replica.state).to.equal('unreachable');
      expect((await t.request.get('/api/test-db')).body.success, 'test-db: the primary, which queries now use').to.equal(true);
      await proxy.restore();
      await waitFor(async () => (await t.request.get('/api/health/ready')).body.replica.state === 'in-use', {
        timeoutMs: 15_000,
        what: 'the read connection to be in use again',
      });
    });
  });
});
