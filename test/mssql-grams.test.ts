import { expect } from 'chai';
import type { Knex } from 'knex';
import { gramIndexProblems } from '../src/queries/search/mssql-gram-index.js';
import { MSSQL_GRAMS_BUILT, mssqlGramsTable, mssqlGramsTrigger } from '../src/queries/search/schema.js';
import { chooseMssqlSearch } from '../src/queries/search/searches.js';
import {
  closeTestApp,
  createScratchDatabase,
  createTestApp,
  prepareScratchDatabase,
  statementsDuring,
  type ScratchDatabase,
  type TestApp,
} from './support/context.js';
import { walkAllPages } from './support/expected.js';
import { runScript } from './support/script.js';

/**
 * SQL Server's gram index as the DBA's opt-in: `npm run mssql:grams -- build|verify|repair|drop`
 * (scripts/mssql-grams.ts) and MSSQL_SEARCH. On its own scratch database (migrated and seeded here),
 * so that the shared one keeps its plain schema: one of the tests widens a column.
 */

/** `npm run mssql:grams -- <command>` as npm runs it, with `env` as the environment. */
const gramsTool = (command: string, env: NodeJS.ProcessEnv) => runScript('mssql-grams', [command], env);

describe('npm run mssql:grams: refuses a database that is not SQL Server', () => {
  it('exits 2 and says why, on SQLite', async function () {
    this.timeout(30_000);
    const { code, output } = await gramsTool('verify', { DB_CLIENT: 'better-sqlite3', DB_FILENAME: '/nonexistent/never-opened.sqlite3' });
    expect(code, output).to.equal(2);
    expect(output).to.contain("the gram index is SQL Server's; the configured client is better-sqlite3");
  });
});

describe('SQL Server: the gram index is an opt-in (MSSQL_SEARCH, npm run mssql:grams)', function () {
  this.timeout(180_000);
  let scratch: ScratchDatabase | undefined;
  let db: Knex;
  const apps: TestApp[] = [];
  /** The service on the scratch database with MSSQL_SEARCH=`mode`, chosen as src/server.ts does at start-up. */
  async function serve(mode: 'scan' | 'grams'): Promise<{ t: TestApp; warning: string | undefined }> {
    const t = createTestApp({ ...scratch!.env, MSSQL_SEARCH: mode }, { ownDb: true });
    apps.push(t);
    return { t, warning: await chooseMssqlSearch(t.db, t.config.db.mssqlSearch) };
  }
  const tool = (command: string) => gramsTool(command, scratch!.env);

  before(async function () {
    if (process.env.TEST_DB_CLIENT !== 'mssql') this.skip();
    scratch = await createScratchDatabase('mssql', 'grams');
    db = await prepareScratchDatabase(scratch);
  });
  after(async () => {
    for (const t of apps) await closeTestApp(t);
    await db?.destroy();
    await scratch?.drop();
  });

  const gramCount = async (table: string): Promise<number> =>
    ((await db.raw<{ n: number }[]>(`select count(*) as n from ${mssqlGramsTable(table as 'pricing')}`)) as { n: number }[])[0]!.n;

  /** Every page of the pricing route for `filter`, as ids. */
  async function pricingIds(t: TestApp, filter: object): Promise<number[]> {
    const rows = await walkAllPages<{ id: number }>((p, b) => t.request.post(p).send(b), '/api/query/pricing', filter);
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  it('a database migrated by this build has no gram table, function or trigger (the old side table is dropped)', async () => {
    const objects = await db.raw<{ name: string }[]>(
      `select name, type from sys.objects where name like '%search[_]grams%' or name like '%search[_]trigrams%' or name = ?`,
      [MSSQL_GRAMS_BUILT],
    );
    expect(objects).to.deep.equal([]);
    const triggers = await db.raw<{ name: string }[]>('select name from sys.triggers');
    expect(triggers).to.deep.equal([]);
  });

  it('MSSQL_SEARCH=grams before any build: a warning, keyword search scans, readiness stays ready', async () => {
    const { t, warning } = await serve('grams');
    expect(warning).to.match(/MSSQL_SEARCH=grams, but the gram index is not complete \(no table parts_search_grams.*scan with LIKE/);
    const statements = await statementsDuring(t.db, async () => {
      const res = await t.request.post('/api/query/pricing').send({ keyword: '支架' });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.total).to.be.above(0);
    });
    expect(statements.join('\n')).not.to.contain('_search_grams');
    expect((await t.request.get('/api/health/ready')).status).to.equal(200);
  });

  it('build: exit 0, the index complete; MSSQL_SEARCH=scan never reads it, grams does, with the same rows for every needle', async () => {
    // Tables of the earlier shape (grams without column and position): reported, then replaced.
    for (const table of ['parts', 'pricing', 'secondary_processes'] as const)
      await db.raw(`create table ${mssqlGramsTable(table)} (gram nvarchar(3) not null, id int not null)`);
    expect((await gramIndexProblems(db)).join('\n')).to.contain('pricing_search_grams has no positions');
    const built = await tool('build');
    expect(built.output).to.contain('an index of an earlier shape (grams without positions): dropped');
    expect(built.code, built.output).to.equal(0);
    expect(built.output).to.contain(`complete: ${MSSQL_GRAMS_BUILT} written`);
    expect(await gramIndexProblems(db)).to.deep.equal([]);

    const scan = await serve('scan');
    const grams = await serve('grams');
    expect(scan.warning).to.equal(undefined);
    expect(grams.warning).to.equal(undefined);
    // 1, 2, 3 and more units, ASCII (either case) and Chinese, texts' ends, specials, an emoji, absent.
    const needles = [
      '支',
      '架',
      'a',
      '支架',
      'BR',
      '0%',
      '_l',
      'hj',
      '左支架',
      'Bracket',
      '10%',
      'M6_',
      '精工五金',
      'P-100001',
      '😀架',
      '不存在的',
    ];
    let found = 0;
    for (const needle of needles) {
      for (const filter of [{ keyword: needle }, { partName: needle }, { supplier: needle, status: ['approved'] }]) {
        let scanned: number[] = [];
        const scanStatements = await statementsDuring(scan.t.db, async () => void (scanned = await pricingIds(scan.t, filter)));
        expect(scanStatements.join('\n'), JSON.stringify(filter)).not.to.contain('_search_grams');
        let indexed: number[] = [];
        const gramStatements = await statementsDuring(grams.t.db, async () => void (indexed = await pricingIds(grams.t, filter)));
        expect(indexed, JSON.stringify(filter)).to.deep.equal(scanned);
        if (needle !== '😀架') expect(gramStatements.join('\n'), JSON.stringify(filter)).to.contain('_search_grams');
        if (scanned.length > 0) found++;
      }
    }
    expect(found, 'not a comparison of empty answers').to.be.above(20);
  });

  it('an update of no searched column (a status sweep) writes no gram row', async () => {
    const before = await gramCount('pricing');
    const statuses = (await db('pricing').select('id', 'status').orderBy('id').limit(300)) as { id: number; status: string }[];
    await db('pricing')
      .whereIn(
        'id',
        statuses.map((r) => r.id),
      )
      .update({ status: 'expired' });
    expect(await gramCount('pricing')).to.equal(before);
    // Setting a searched column to the value it has changes no gram either.
    await db('pricing')
      .where('id', statuses[0]!.id)
      .update({ supplier_name: db.raw('supplier_name') });
    expect(await gramCount('pricing')).to.equal(before);
    for (const r of statuses) await db('pricing').where('id', r.id).update({ status: r.status });
  });

  it('a row written with the trigger disabled: verify exits 1 naming it, repair heals it, the search finds it', async () => {
    const { t } = await serve('grams');
    const { id } = (await db('pricing').select('id').orderBy('id', 'desc').first()) as { id: number };
    await db.raw(`disable trigger ${mssqlGramsTrigger('pricing')} on pricing`);
    try {
      await db('pricing').where({ id }).update({ supplier_name: '蝾螈Quokka精密' });
    } finally {
      await db.raw(`enable trigger ${mssqlGramsTrigger('pricing')} on pricing`);
    }
    expect(await pricingIds(t, { supplier: 'quokka' }), 'missed while its grams are missing').to.deep.equal([]);

    const verified = await tool('verify');
    expect(verified.code, verified.output).to.equal(1);
    expect(verified.output).to.match(new RegExp(`pricing_search_grams: 1 row\\(s\\) miss \\d+ gram\\(s\\).*ids ${id}\\b`));
    expect(verified.output).to.contain('parts_search_grams: 300 rows of parts, every row');

    const repaired = await tool('repair');
    expect(repaired.code, repaired.output).to.equal(0);
    expect(repaired.output).to.contain('pricing_search_grams: grams of 1 row(s) rewritten');
    expect((await tool('verify')).code).to.equal(0);
    for (const needle of ['quokka', 'Quo', '蝾螈', '螈Q', '蝾'])
      expect(await pricingIds(t, { supplier: needle }), needle).to.deep.equal([id]);
  });

  it('a text of 5,000 units is cut whole: a needle near its end is found, by the trigger and by the fill', async () => {
    const { t } = await serve('grams');
    // The searched columns hold 200 units; another system may widen them. (Babelfish takes neither
    // COLLATE nor NULL in ALTER COLUMN: the column gets the default collation, which the cut overrides.)
    await db.raw('alter table parts alter column spec nvarchar(max)');
    const long = '长'.repeat(4992) + 'Zebra尾端';
    expect(long.length + 1).to.equal(5000);
    const { id } = (await db('parts').select('id').orderBy('id').first()) as { id: number };
    await db('parts')
      .where({ id })
      .update({ spec: long + '!' });
    const ids = async (needle: string) =>
      (
        (await walkAllPages<{ id: number; partNo: string }>((p, b) => t.request.post(p).send(b), '/api/query/pricing', {
          keyword: needle,
        })) as {
          id: number;
        }[]
      ).length;
    const pricingOfPart = ((await db('pricing').count({ n: '*' }).where('part_id', id)) as { n: number }[])[0]!.n;
    expect(pricingOfPart).to.be.above(0);
    for (const needle of ['zebra尾', 'a尾端!', '端!']) expect(await ids(needle), needle).to.equal(pricingOfPart);
    expect(await gramCount('parts')).to.be.above(5);
    // The fill cuts it whole too: drop its grams, repair rewrites them from the text.
    await db(mssqlGramsTable('parts')).where({ id }).del();
    expect((await tool('repair')).code).to.equal(0);
    expect(await ids('zebra尾')).to.equal(pricingOfPart);
    expect((await tool('verify')).code).to.equal(0);
  });

  it('drop: triggers, tables and mark go; MSSQL_SEARCH=grams falls back to the scan with a warning', async () => {
    const dropped = await tool('drop');
    expect(dropped.code, dropped.output).to.equal(0);
    expect((await db.raw('select name from sys.triggers')) as unknown[]).to.deep.equal([]);
    const { t, warning } = await serve('grams');
    expect(warning).to.contain('not complete');
    expect((await t.request.post('/api/query/pricing').send({ keyword: 'zebra尾' })).status).to.equal(200);
  });
});
