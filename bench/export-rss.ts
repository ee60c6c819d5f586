/**
 * `npm run bench:export`: peak RSS of the server while it exports 100k pricing rows as CSV and
 * as xlsx, against a SQLite database generated on first use (demo generator, 100k pricings; the
 * detail lines are not needed and not inserted).
 *
 * The server runs in a child process (this file with --serve) so the figures are its own; the peak
 * is the kernel's VmHWM, reset before each export through /proc/<pid>/clear_refs. A smaller export
 * is measured too: if memory is flat, the two peaks are about the same.
 *
 *   BENCH_EXPORT_ROWS (100000)   rows in the generated database
 *   BENCH_EXPORT_DB              the SQLite file (default: $TMPDIR/export-bench-<rows>.sqlite3)
 *   BENCH_EXPORT_HEAP_MB         cap the server's V8 old space (e.g. 64): the export still
 *                                completes if its memory really is bounded
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/connection.js';
import { generateDemoData } from '../src/db/demo-data.js';
import { createLogger } from '../src/logger.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const DB_FILE = process.env.BENCH_EXPORT_DB ?? path.join(os.tmpdir(), `export-bench-${ROWS}.sqlite3`);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const env = (file: string) => ({
  DB_CLIENT: 'better-sqlite3',
  DB_FILENAME: file,
  DB_MIGRATE: 'false',
  LOG_LEVEL: 'warn',
  EXPORT_MAX_ROWS: String(ROWS),
});

function serve(file: string): void {
  const config = loadConfig({ ...process.env, ...env(file) });
  const app = createApp({ config, db: createDb(config.db), logger: createLogger(config.logLevel) });
  const server = app.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
}

async function generate(): Promise<void> {
  if (fs.existsSync(DB_FILE)) return;
  const started = Date.now();
  const tmp = `${DB_FILE}.partial`;
  fs.rmSync(tmp, { force: true });
  const db = createDb(loadConfig({ ...process.env, ...env(tmp) }).db);
  await db.migrate.latest();
  await db.transaction(async (trx) => {
    for (const { table, rows } of generateDemoData({ parts: 2000, pricings: ROWS, processes: 1000 })) {
      if (table !== 'pricing_details' && rows.length > 0)
        await trx.batchInsert(table, rows, Math.floor(900 / Object.keys(rows[0]!).length));
    }
  });
  await db.destroy();
  fs.renameSync(tmp, DB_FILE);
  console.log(`generated ${DB_FILE} (${ROWS} pricings) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const kib = (field: string, pid: number): number =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const mb = (k: number) => `${(k / 1024).toFixed(1)} MB`;

function post(port: number, accept: string, body: object): Promise<{ status: number; bytes: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/query/pricing',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: accept },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: Date.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function main(): Promise<void> {
  if (process.argv[2] === '--serve') return serve(process.argv[3]!);
  await generate();
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', DB_FILE], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_EXPORT_HEAP_MB ? [`--max-old-space-size=${process.env.BENCH_EXPORT_HEAP_MB}`] : []),
    ],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  const pid = child.pid!;
  try {
    await post(port, 'application/json', { pageSize: 200 }); // warm up: modules, pool, statement cache
    console.log(`server idle after one JSON page: RSS ${mb(kib('VmRSS', pid))}`);
    const runs = [
      { label: 'CSV  all rows', accept: 'text/csv', body: {} },
      { label: 'xlsx all rows', accept: XLSX, body: {} },
      { label: 'CSV  ~10% (pending)', accept: 'text/csv', body: { status: ['pending'] } },
      { label: 'xlsx ~10% (pending)', accept: XLSX, body: { status: ['pending'] } },
      {
        label: 'CSV  all, 3-key sort',
        accept: 'text/csv',
        body: { sort: { partNo: 'ascend', unitPrice: 'descend', pricedAt: 'descend' } },
      },
    ];
    for (const r of runs) {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
      const before = kib('VmRSS', pid);
      const res = await post(port, r.accept, r.body);
      const peak = kib('VmHWM', pid);
      console.log(
        `${r.label.padEnd(22)} status ${res.status}  ${(res.bytes / 1e6).toFixed(1).padStart(6)} MB in ${(res.ms / 1000).toFixed(1).padStart(5)} s` +
          `  RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)})`,
      );
    }
  } finally {
    child.kill();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
