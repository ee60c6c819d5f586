import { expect } from 'chai';
import {
  adminConnection,
  closeTestApp,
  createScratchDatabase,
  createTestApp,
  prepareScratchDatabase,
  type ScratchDatabase,
  type TestApp,
} from '../support/context.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { LIVE_CLIENTS } from './live-support.js';
import { waitFor } from '../support/wait.js';

/**
 * One deadline per statement: QUERY_TIMEOUT_MS bounds the wait for a connection as well as the
 * statement, so a request that cannot get a connection answers 503 by then even when opening one
 * (DB_CONNECT_TIMEOUT_MS) or waiting for a pool slot (DB_ACQUIRE_TIMEOUT_MS) may take far longer.
 * The database sits behind a TCP proxy that the test black-holes or silences.
 */

const LONG_TIMEOUT_MS = 10_000;
const POOL_MAX = 4;

interface Timed {
  status: number;
  code: string | undefined;
  ms: number;
}

async function timedQuery(t: TestApp, pageSize: number): Promise<Timed> {
  const started = performance.now();
  const res = await t.request.post('/api/query/pricing').send({ pageSize });
  return { status: res.status, code: (res.body as { code?: string }).code, ms: performance.now() - started };
}

function queries(t: TestApp, n: number): Promise<Timed[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => timedQuery(t, 1 + i)));
}

/** The pool as /api/metrics reports it. */
async function poolState(t: TestApp): Promise<Record<'used' | 'free' | 'pending' | 'creating', number>> {
  const text = (await t.request.get('/api/metrics')).text;
  const state = (name: string) => Number(new RegExp(`^db_pool_connections\\{state="${name}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { used: state('used'), free: state('free'), pending: state('pending'), creating: state('creating') };
}

for (const client of LIVE_CLIENTS) {
  // Babelfish's login and first statements on a new connection took up to 3 s in CI (two requests
  // per slot of a fresh pool, beside check:mssql's battery), and the deadline includes opening the
  // connection: the deadline has to leave room for that, or the warm-up itself times out.
  const QUERY_TIMEOUT_MS = client === 'mssql' ? 5000 : 1500;
  const WITHIN_MS = QUERY_TIMEOUT_MS + 1000;

  describe(`one deadline per ${client} request, with connect and acquire timeouts of ${LONG_TIMEOUT_MS} ms`, function () {
    this.timeout(40_000);
    let scratch: ScratchDatabase;
    let proxy: TcpProxy;
    let t: TestApp;

    const expectAnsweredWithin = (results: Timed[], statuses: number[]) => {
      for (const r of results) {
        expect(statuses, JSON.stringify(r)).to.include(r.status);
        expect(r.ms, `${r.status} ${r.code} answered in ${Math.round(r.ms)} ms`).to.be.below(WITHIN_MS);
      }
    };

    const expectWorking = async () => {
      // The first statements after a restore open new connections: as many at once as the pool holds, twice.
      for (const round of [1, 2]) {
        const results = await queries(t, 2 * POOL_MAX);
        expect(
          results.map((r) => r.status),
          `round ${round}: ${JSON.stringify(results)}`,
        ).to.deep.equal(Array.from({ length: 2 * POOL_MAX }, () => 200));
      }
    };

    before(async function () {
      this.timeout(120_000);
      scratch = await createScratchDatabase(client, 'deadline');
      await (await prepareScratchDatabase(scratch)).destroy();
      const admin = adminConnection(client);
      proxy = await new TcpProxy(admin.host, admin.port).start();
      t = createTestApp(
        {
          ...scratch.env,
          DB_HOST: '127.0.0.1',
          DB_PORT: String(proxy.port),
          QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
          DB_CONNECT_TIMEOUT_MS: String(LONG_TIMEOUT_MS),
          DB_ACQUIRE_TIMEOUT_MS: String(LONG_TIMEOUT_MS),
          DB_POOL_MAX: String(POOL_MAX),
        },
        { ownDb: true },
      );
      await expectWorking();
    });

    after(async function () {
      this.timeout(30_000);
      await proxy?.stop();
      if (t) await closeTestApp(t);
      await scratch?.drop();
    });

    it('a listener that accepts but never answers: every new request 503 DB_UNAVAILABLE within QUERY_TIMEOUT_MS + 1 s, also while the pool is full of connections still opening; no wait is left in the pool', async () => {
      await proxy.blackhole();
      // More requests than the pool holds: each slot goes to a connection that never opens.
      const first = await queries(t, POOL_MAX + 2);
      expectAnsweredWithin(first, [503]);
      expect(first.map((r) => r.code)).to.deep.equal(first.map(() => 'DB_UNAVAILABLE'));
      // Those connections are still opening (DB_CONNECT_TIMEOUT_MS): the pool has no slot to give.
      expect((await poolState(t)).creating, 'connections still opening').to.be.above(0);
      const next = await queries(t, 3);
      expectAnsweredWithin(next, [503]);
      expect(next.map((r) => r.code)).to.deep.equal(next.map(() => 'DB_UNAVAILABLE'));
      const state = await poolState(t);
      expect(state.pending, `no acquire left waiting: ${JSON.stringify(state)}`).to.equal(0);
      expect(state.used, `no connection checked out: ${JSON.stringify(state)}`).to.equal(0);
    });

    it('when the database comes back, every pool slot serves again', async () => {
      await proxy.restore();
      await expectWorking();
      await waitFor(async () => (await poolState(t)).used === 0, { what: 'every connection back in the pool', timeoutMs: 5000 });
    });

    it('a partition (connections open, nothing answered): statements in flight 504, new requests 503, each within QUERY_TIMEOUT_MS + 1 s', async () => {
      await proxy.silence();
      // Each takes a live pooled connection whose answer never comes.
      const inFlight = queries(t, POOL_MAX);
      await waitFor(async () => (await poolState(t)).used === POOL_MAX, { what: 'every pool slot holding a statement', timeoutMs: 5000 });
      const next = await queries(t, 3);
      expectAnsweredWithin(next, [503]);
      expect(next.map((r) => r.code)).to.deep.equal(next.map(() => 'DB_UNAVAILABLE'));
      const stuck = await inFlight;
      expectAnsweredWithin(stuck, [503, 504]);
      expect(
        stuck.map((r) => `${r.status} ${r.code}`),
        'a statement sent on a swallowed connection times out',
      ).to.include('504 QUERY_TIMEOUT');
      await proxy.restore();
      await expectWorking();
    });
  });
}
