import knexLib from 'knex';
const db = knexLib({ client: 'pg', connection: { host: '127.0.0.1', user: 'postgres', database: 'pricing_bench' }, migrations: { directory: './migrations', loadExtensions: ['.ts'] } });
const t0 = performance.now();
console.log(await db.migrate.latest(), ((performance.now() - t0) / 1000).toFixed(1), 's');
await db.destroy();
