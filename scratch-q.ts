import fs from 'node:fs';
import knex from 'knex';
import { MssqlClient } from './src/db/mssql-client.js';
const db = knex({ client: MssqlClient as never, connection: { server: '127.0.0.1', port: 14330, user: 'babelfish_user', password: 'Bbf_Passw0rd!', database: 'pricing_bench_quote', options: { encrypt: false, requestTimeout: 600000 } } as never, pool: { min: 1, max: 1 } });
const sqls = fs.readFileSync(process.argv[2]!, 'utf8').split(/\n;;\n/).map((s) => s.trim()).filter(Boolean);
for (const sql of sqls) {
  const times: number[] = [];
  let res: unknown;
  for (let i = 0; i < 4; i++) { const t0 = performance.now(); res = await db.raw(sql); times.push(Math.round(performance.now() - t0)); }
  console.log(times.join(' '), 'ms', JSON.stringify(res).slice(0, 80), '|', sql.slice(0, 100).replace(/\s+/g, ' '));
  if (process.argv[3] === 'plan') {
    await db.transaction(async (trx) => { await trx.raw('set babelfish_statistics profile on'); const rows = await trx.raw<Record<string, unknown>[]>(sql); for (const r of rows) { const v = Object.values(r); if (v.length === 1 && typeof v[0] === 'string') console.log('   ', v[0]); } await trx.raw('set babelfish_statistics profile off'); });
  }
}
await db.destroy();
