import { expect } from 'chai';
import type { TestApp } from './context.js';
import { waitFor } from './wait.js';

/** Readiness as an operator reads it: its status and the body's `replica`. */
export async function replicaReadiness(t: TestApp): Promise<{ status: number; replica: { state: string; lagMs: number | null } }> {
  const res = await t.request.get('/api/health/ready');
  return { status: res.status, replica: res.body.replica };
}

/** Waits until readiness reports the replica in `state` (readiness staying 200); the ms it took. */
export async function waitForReplicaState(t: TestApp, state: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  let last: unknown;
  await waitFor(
    async () => {
      const r = await replicaReadiness(t);
      last = r;
      expect(r.status, 'readiness stays 200 while the primary serves').to.equal(200);
      return r.replica.state === state;
    },
    { timeoutMs, intervalMs: 50, what: () => `the replica to be ${state} (last: ${JSON.stringify(last)})` },
  );
  return performance.now() - started;
}
