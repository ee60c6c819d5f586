import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { generateDemoData } from '../src/db/demo-data.js';
import { createHttpServer } from '../src/lifecycle/http-server.js';
import type { StalledReader } from '../src/lifecycle/stalled-readers.js';
import { closeTestApp, createTestApp, type TestApp } from './support/context.js';
import { waitFor } from './support/wait.js';

/**
 * Export slots against readers that stop reading, on real sockets: without a bound, four such
 * downloads held every slot for as long as their sockets stayed open.
 */

const TOKENS = { a: 'stall-token-aaaaaaaaaaaa', b: 'stall-token-bbbbbbbbbbbb', c: 'stall-token-cccccccccccc' };
const IDLE_MS = 1000;

describe('export slots and readers that stop reading (EXPORT_IDLE_TIMEOUT_MS, real sockets)', function () {
  this.timeout(60_000);
  // Far more CSV (~18 MB) than the socket buffers of a loopback connection hold (a few MB), so a
  // stalled reader stalls the writer.
  const file = path.join(os.tmpdir(), `pricing-export-stall-${process.pid}.sqlite3`);
  let own: TestApp;
  let server: http.Server;
  let port: number;
  const cut: StalledReader[] = [];

  before(async function () {
    fs.rmSync(file, { force: true });
    own = createTestApp(
      {
        DB_CLIENT: 'better-sqlite3',
        DB_FILENAME: file,
        API_TOKENS: Object.values(TOKENS).join(','),
        EXPORT_IDLE_TIMEOUT_MS: String(IDLE_MS),
      },
      { ownDb: true },
    );
    await own.db.migrate.latest();
    for (const { table, rows } of generateDemoData({ parts: 200, pricings: 6000, processes: 10 })) {
      if (rows.length > 0) await own.db.batchInsert(table, rows, 500);
    }
    await own.db('pricing').update({ remark: '长'.repeat(1000) });
    server = createHttpServer(own.app.callback(), own.config.http, (reader) => cut.push(reader));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    server.close();
    await closeTestApp(own);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  });

  /** An export as `token`'s caller: its status, and the response left unread (paused). */
  function exportAs(token: string): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/query/pricing',
          headers: { 'Content-Type': 'application/json', Accept: 'text/csv', Authorization: `Bearer ${token}` },
        },
        (res) => {
          res.pause();
          resolve(res);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
  }

  async function statusOf(res: http.IncomingMessage): Promise<{ status: number; code?: string }> {
    if (res.statusCode === 200) return { status: 200 };
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status: res.statusCode!, code: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: string }).code };
  }

  it('when four readers stop reading then their exports are cut after the idle time, and another caller gets its export', async () => {
    const stalled = [await exportAs(TOKENS.a), await exportAs(TOKENS.a), await exportAs(TOKENS.b), await exportAs(TOKENS.b)];
    expect(stalled.map((r) => r.statusCode)).to.deep.equal([200, 200, 200, 200]);
    expect(await statusOf(await exportAs(TOKENS.c))).to.deep.equal({ status: 503, code: 'EXPORTS_BUSY' });

    // Only the cut frees the slots: without it they stay taken for as long as the sockets are open.
    const next = await waitFor(
      async () => {
        const res = await exportAs(TOKENS.c);
        if (res.statusCode === 200) return res;
        await statusOf(res);
        return undefined;
      },
      { timeoutMs: IDLE_MS * 20, intervalMs: 50, what: 'a slot freed by cutting the stalled readers' },
    );
    // The new export is read from now on, whole: a reader that reads is never cut. (Left unread
    // while the other cuts come, it would be a stalled reader itself on a slow machine.)
    let bytes = 0;
    next.on('data', (c: Buffer) => (bytes += c.length));
    const ended = new Promise((resolve) => next.once('end', resolve));
    next.resume();
    await waitFor(() => cut.length >= 4, { what: () => `the four stalled readers reported (${cut.length} so far)` });
    await ended;
    expect(bytes).to.be.greaterThan(4 * 1024 * 1024);
    expect(cut).to.have.lengthOf(4);
    for (const res of stalled) res.destroy();
  });

  it('when one caller asks for more than half of the slots then it is refused while others still get theirs', async () => {
    const held = [await exportAs(TOKENS.a), await exportAs(TOKENS.a)];
    expect(held.map((r) => r.statusCode)).to.deep.equal([200, 200]);
    expect(await statusOf(await exportAs(TOKENS.a))).to.deep.equal({ status: 503, code: 'EXPORTS_BUSY' });
    const other = await exportAs(TOKENS.b);
    expect(other.statusCode).to.equal(200);
    for (const res of [...held, other]) res.destroy();
  });
});
