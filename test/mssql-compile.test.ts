import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import * as migration from '../migrations/20261122000000_create_pricing_tables.js';
import { loadConfig } from '../src/config.js';
import { knexConfig } from '../src/db/knex-config.js';
import { buildPageQueries, type ListSource, type PageRequest } from '../src/queries/paging/page-queries.js';
import type { SortKey, SortSpec } from '../src/queries/paging/sort.js';
import { buildDetailLinesQuery, buildPricingHeaderQuery } from '../src/queries/operations/pricing-details.js';
import { filteredPricing, PRICING_COLUMNS, PRICING_SORT, pricingSource, type PricingFilters } from '../src/queries/operations/pricing.js';
import type { QueryDeps } from '../src/queries/deps.js';
import {
  SECONDARY_PROCESS_COLUMNS,
  SECONDARY_PROCESS_SORT,
  secondaryProcessSource,
  type SecondaryProcessFilters,
} from '../src/queries/operations/secondary-process.js';
import { buildTableStatQuery, TABLES } from '../src/queries/operations/table-stats.js';
import { useMssqlGrams } from '../src/queries/search/searches.js';
import type { Column } from '../src/queries/values.js';

/**
 * SQL Server cannot run here, so this compiles the real query builders and the migration with
 * knex's mssql dialect (no connection is ever opened) and checks what SQL Server depends on.
 * docs/databases.md lists what is verified only this way.
 */

const mssql = knexFactory({ client: 'mssql' });
// The SQL of MSSQL_SEARCH=grams with a complete gram index (the scan is like.ts, the other databases').
useMssqlGrams(mssql, true);
const deps: QueryDeps = { db: mssql, timeZone: 'Asia/Shanghai', queryTimeoutMs: 15_000 };

/** Text a user might send: every LIKE wildcard, the escape character, and an injection attempt. */
const HOSTILE = "x'; drop table pricing; --[a]%_!\\Z";
const HOSTILE_PATTERN = "%x'; drop table pricing; --[[]a][%][_]!\\z%";

function compile(qb: Knex.QueryBuilder): Knex.Sql {
  return qb.toSQL();
}

/** The terms of the outermost ORDER BY, e.g. ['[pricing].[priced_at] desc', '[pricing].[id] asc']. */
function orderTerms(sql: string): string[] {
  const m = /order by (.+?)(?: offset \? rows fetch next \? rows only)?$/.exec(sql);
  return m ? m[1]!.split(', ') : [];
}

function expectNoUserText(sql: Knex.Sql): void {
  expect(sql.sql).not.to.include('drop table');
  expect(sql.sql).not.to.include('[a]');
}

interface ListOperation<F extends string, Filters> {
  name: string;
  /** What the service itself pages over (its count and deep-page shapes included). */
  source: (f: Filters, sort: readonly SortKey<F>[]) => ListSource;
  columns: readonly Column[];
  sort: SortSpec<F>;
  everyFilter: Filters;
  idColumn: string;
  textFilterCount: number;
  /** Contains-filter scopes (a table each filter looks into) in everyFilter. */
  scopeCount: number;
}

const pricingOp: ListOperation<keyof typeof PRICING_SORT.columns, PricingFilters> = {
  name: 'POST /api/query/pricing',
  source: (f, sort) => pricingSource(deps, f, sort),
  columns: PRICING_COLUMNS,
  sort: PRICING_SORT,
  everyFilter: {
    keyword: HOSTILE,
    pricingNo: HOSTILE,
    partNo: HOSTILE,
    partName: HOSTILE,
    supplier: HOSTILE,
    status: ['approved', 'draft'],
    pricedFrom: '2026-03-16',
    pricedTo: '2026-03-31',
    minPrice: 1.5,
    maxPrice: 99.25,
  },
  idColumn: '[pricing].[id] asc',
  textFilterCount: 5 + 1 + 1 + 1 + 2,
  scopeCount: 2 + 1 + 1 + 1 + 1,
};

const processOp: ListOperation<keyof typeof SECONDARY_PROCESS_SORT.columns, SecondaryProcessFilters> = {
  name: 'POST /api/query/secondary-process',
  source: (f, sort) => secondaryProcessSource(deps, f, sort),
  columns: SECONDARY_PROCESS_COLUMNS,
  sort: SECONDARY_PROCESS_SORT,
  everyFilter: {
    keyword: HOSTILE,
    partNo: HOSTILE,
    processName: HOSTILE,
    supplier: HOSTILE,
    category: ['plating'],
    status: ['active'],
    minPrice: 0,
    maxPrice: 10,
    validOn: '2026-06-01',
  },
  idColumn: '[secondary_processes].[id] asc',
  textFilterCount: 5 + 1 + 1 + 2,
  scopeCount: 2 + 1 + 1 + 1,
};

describe('SQL Server: the compiled SQL of every operation (no connection)', () => {
  for (const op of [pricingOp, processOp] as ListOperation<string, object>[]) {
    describe(op.name, () => {
      const fields = Object.keys(op.sort.columns);
      const pages: PageRequest[] = [
        { current: 1, pageSize: 20, sort: [] },
        { current: 7, pageSize: 200, sort: [] },
        { current: 5000, pageSize: 20, sort: [] },
        ...fields.flatMap((field) =>
          (['ascend', 'descend'] as const).flatMap((order) => [
            { current: 1, pageSize: 20, sort: [{ field, order }] },
            { current: 3, pageSize: 20, sort: [{ field, order }] },
          ]),
        ),
        { current: 2, pageSize: 50, sort: fields.slice(0, 3).map((field, i) => ({ field, order: i % 2 ? 'descend' : 'ascend' }) as const) },
      ];

      it('pages with OFFSET … FETCH (or TOP on page 1) after an ORDER BY that ends in id', () => {
        for (const page of pages) {
          const { sql, bindings } = compile(buildPageQueries(op.source({}, page.sort), op.columns, op.sort, page).page);
          const terms = orderTerms(sql);
          expect(terms.at(-1), sql).to.equal(op.idColumn);
          expect(terms.length, sql).to.equal(Math.max(1, page.sort.length) + 1);
          if (page.current === 1) {
            expect(sql, sql).to.match(/^select top \(\?\) /);
            expect(bindings[0]).to.equal(page.pageSize);
          } else {
            expect(sql, sql).to.match(/ order by .+ offset \? rows fetch next \? rows only$/);
            expect(bindings.slice(-2)).to.deep.equal([(page.current - 1) * page.pageSize, page.pageSize]);
          }
        }
      });

      it('sorts by the requested keys in priority order', () => {
        const page: PageRequest = {
          current: 2,
          pageSize: 10,
          sort: [
            { field: fields[1]!, order: 'descend' },
            { field: fields[0]!, order: 'ascend' },
          ],
        };
        const { sql } = compile(buildPageQueries(op.source({}, page.sort), op.columns, op.sort, page).page);
        const col = (f: string) =>
          op.sort.columns[f]!.split('.')
            .map((p) => `[${p}]`)
            .join('.');
        expect(orderTerms(sql)).to.deep.equal([`${col(fields[1]!)} desc`, `${col(fields[0]!)} asc`, op.idColumn]);
      });

      it('binds every filter value and makes the LIKE wildcards, [ included, one-character classes', () => {
        const { page, count } = buildPageQueries(op.source(op.everyFilter, []), op.columns, op.sort, {
          current: 2,
          pageSize: 20,
          sort: [],
        });
        for (const q of [compile(page), compile(count())]) {
          expectNoUserText(q);
          const likes =
            q.sql.match(
              /translate\(\[[a-z_]+\]\.\[[a-z_]+\], 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'\) like \?(?! escape)/g,
            ) ?? [];
          expect(likes, q.sql).to.have.length(op.textFilterCount);
          expect(q.bindings.filter((b) => b === HOSTILE_PATTERN)).to.have.length(op.textFilterCount);
          expect(q.sql).not.to.match(/lower\(/);
        }
      });

      it('narrows each scope by its table of grams, its grams bound, intersected (MSSQL_SEARCH=grams)', () => {
        const { page, count } = buildPageQueries(op.source(op.everyFilter, []), op.columns, op.sort, {
          current: 2,
          pageSize: 20,
          sort: [],
        });
        const folded = HOSTILE.replace(/[A-Z]/g, (c) => c.toLowerCase());
        const textFilters = Object.values(op.everyFilter as Record<string, unknown>).filter((v) => v === HOSTILE);
        for (const [q, collected] of [
          [compile(page), true],
          [compile(count()), false],
        ] as const) {
          expectNoUserText(q);
          const narrowed =
            q.sql.match(
              /\] in \(select id from (\w+)_search_grams where gram = \?( intersect select id from \1_search_grams where gram = \?)+\)/g,
            ) ?? [];
          expect(narrowed, q.sql).to.have.length(op.scopeCount);
          // The page's default plan is 'collect': each filter's candidates first, as one IN over their
          // union (mssql-trigram.ts whereCandidateGate); counts go without.
          const gates = q.sql.match(/\] in \(select (id from \(select id from \w+_search_grams |gate_0\.id from )/g) ?? [];
          expect(gates, q.sql).to.have.length(collected ? textFilters.length : 0);
          expect(q.bindings, 'the first and last gram of the needle').to.include(folded.slice(0, 3)).and.include(folded.slice(-3));
        }
      });

      it('counts without ORDER BY or paging', () => {
        const { sql } = compile(
          buildPageQueries(op.source(op.everyFilter, []), op.columns, op.sort, { current: 3, pageSize: 20, sort: [] }).count(),
        );
        expect(sql).to.match(/^select count\(\*\) as \[total\] from /);
        expect(sql).not.to.match(/order by|offset|top/);
      });
    });
  }

  it('POST /api/query/pricing: the Shanghai calendar day is bound as a UTC instant', () => {
    const { sql, bindings } = compile(filteredPricing(deps, { pricedFrom: '2026-03-16', pricedTo: '2026-03-16' }).select('pricing.id'));
    expect(sql).to.include('[pricing].[priced_at] >= ? and [pricing].[priced_at] < ?');
    expect(bindings.map((b) => (b as Date).toISOString())).to.deep.equal(['2026-03-15T16:00:00.000Z', '2026-03-16T16:00:00.000Z']);
  });

  describe('POST /api/query/pricing-details', () => {
    it('by pricingId, pricingNo and partNo: one bound selector, TOP 1, newest approved for a part', () => {
      const byId = compile(buildPricingHeaderQuery(deps, { pricingId: 42 }));
      expect(byId.sql).to.match(/^select top \(\?\) .+ where \[pricing\]\.\[id\] = \?$/);
      expect(byId.bindings).to.deep.equal([1, 42]);

      const byNo = compile(buildPricingHeaderQuery(deps, { pricingNo: HOSTILE }));
      expectNoUserText(byNo);
      expect(byNo.sql).to.match(/where \[pricing\]\.\[pricing_no\] = \?$/);
      expect(byNo.bindings).to.deep.equal([1, HOSTILE]);

      const byPart = compile(buildPricingHeaderQuery(deps, { partNo: HOSTILE }));
      expectNoUserText(byPart);
      expect(byPart.sql).to.match(
        /where \[parts\]\.\[part_no\] = \? and \[pricing\]\.\[status\] = \? order by \[pricing\]\.\[priced_at\] desc, \[pricing\]\.\[id\] desc$/,
      );
      expect(byPart.bindings).to.deep.equal([1, HOSTILE, 'approved']);
    });

    it('the lines of one pricing in line order', () => {
      const { sql, bindings } = compile(buildDetailLinesQuery(deps, 42));
      expect(sql).to.match(
        /from \[pricing_details\] where \[pricing_details\]\.\[pricing_id\] = \? order by \[pricing_details\]\.\[line_no\] asc$/,
      );
      expect(bindings).to.deep.equal([42]);
    });
  });

  it('GET /api/stats/tables: count and max(updated_at) of each table', () => {
    for (const { table, hasUpdatedAt } of TABLES) {
      const { sql } = compile(buildTableStatQuery(deps, table, hasUpdatedAt));
      expect(sql).to.equal(`select count(*) as [rowCount]${hasUpdatedAt ? ', max([updated_at]) as [lastUpdatedAt]' : ''} from [${table}]`);
    }
  });

  it('GET /api/test-db: select 1', () => {
    expect(mssql.raw('select 1').toSQL().sql).to.equal('select 1');
  });
});

describe('SQL Server: the migration compiled to T-SQL', () => {
  const statements: string[] = [];
  const tables = new Map<string, string>();

  before(async () => {
    // The migration only calls knex.schema.createTable / dropTableIfExists and reads the client name:
    // a stand-in records each statement instead of sending it.
    const record = (builder: Knex.SchemaBuilder) => {
      statements.push(builder.toString());
      return Promise.resolve();
    };
    const recorder = {
      client: mssql.client,
      schema: {
        createTable: (name: string, cb: (t: Knex.CreateTableBuilder) => void) => record(mssql.schema.createTable(name, cb)),
        dropTableIfExists: (name: string) => record(mssql.schema.dropTableIfExists(name)),
      },
    } as unknown as Knex;
    await migration.up(recorder);
    for (const s of statements) {
      const m = /^CREATE TABLE \[(\w+)\] \((.+?)\);/s.exec(s);
      if (m) tables.set(m[1]!, m[2]!);
    }
  });

  function columnType(table: string, column: string): string {
    const body = tables.get(table);
    expect(body, table).to.be.a('string');
    const m = new RegExp(`\\[${column}\\] ([a-z0-9]+(?:\\([^)]*\\))?)`).exec(body!);
    expect(m, `${table}.${column}`).to.not.equal(null);
    return m![1]!;
  }

  it('creates the four tables', () => {
    expect([...tables.keys()]).to.deep.equal(['parts', 'pricing', 'pricing_details', 'secondary_processes']);
  });

  it('text columns are nvarchar with a code-point (BIN2) collation', () => {
    const text = {
      parts: ['part_no', 'part_name', 'spec', 'drawing_no', 'material', 'unit', 'category'],
      pricing: ['pricing_no', 'supplier_code', 'supplier_name', 'currency', 'status', 'priced_by', 'remark'],
      pricing_details: ['cost_type', 'item_name', 'spec', 'unit', 'remark'],
      secondary_processes: [
        'process_no',
        'process_name',
        'category',
        'supplier_code',
        'supplier_name',
        'price_basis',
        'currency',
        'status',
        'remark',
      ],
    };
    for (const [table, columns] of Object.entries(text)) {
      for (const column of columns) {
        expect(columnType(table, column), `${table}.${column}`).to.match(/^nvarchar\(\d+\)$/);
        expect(tables.get(table)).to.match(new RegExp(`\\[${column}\\] nvarchar\\(\\d+\\) collate Latin1_General_100_BIN2`));
      }
    }
    for (const body of tables.values()) expect(body).not.to.match(/\] (varchar|text|ntext)\b/);
  });

  it('money is decimal(18,4); timestamps are datetime2(3); dates are date', () => {
    const money = {
      pricing: [
        'material_cost',
        'process_cost',
        'secondary_process_cost',
        'other_cost',
        'management_fee',
        'profit',
        'unit_price',
        'unit_price_with_tax',
      ],
      pricing_details: ['quantity', 'unit_price', 'amount'],
      secondary_processes: ['unit_price'],
    };
    for (const [table, columns] of Object.entries(money)) {
      for (const column of columns) expect(columnType(table, column), `${table}.${column}`).to.equal('decimal(18, 4)');
    }
    const stamps = {
      parts: ['created_at', 'updated_at'],
      pricing: ['priced_at', 'created_at', 'updated_at'],
      secondary_processes: ['created_at', 'updated_at'],
    };
    for (const [table, columns] of Object.entries(stamps)) {
      for (const column of columns) expect(columnType(table, column), `${table}.${column}`).to.equal('datetime2(3)');
    }
    for (const table of ['pricing', 'secondary_processes']) {
      expect(columnType(table, 'valid_from')).to.equal('date');
      expect(columnType(table, 'valid_to')).to.equal('date');
    }
  });

  it('creates the indexes of the filter and sort columns', () => {
    const all = statements.join('\n');
    for (const index of [
      'pricing_priced_at_index',
      'pricing_unit_price_index',
      'pricing_updated_at_index',
      'secondary_processes_updated_at_index',
      'parts_part_no_unique',
    ]) {
      expect(all).to.include(`[${index}]`);
    }
  });
});

describe('SQL Server: connection settings reach tedious', () => {
  it('encrypt, trustServerCertificate, ApplicationIntent=ReadOnly, timeouts and UTC', () => {
    const config = loadConfig({
      DB_CLIENT: 'mssql',
      DATABASE_URL: 'mssql://reader:p%40ss@sql.example:14330/pricing',
      DB_ENCRYPT: 'true',
      DB_TRUST_SERVER_CERTIFICATE: 'true',
      DB_READ_ONLY_INTENT: 'true',
      QUERY_TIMEOUT_MS: '12000',
      DB_CONNECT_TIMEOUT_MS: '4000',
    });
    const db = knexFactory(knexConfig(config.db));
    try {
      const tedious = (
        db.client as unknown as {
          _generateConnection(): { server: string; options: Record<string, unknown>; authentication: { options: Record<string, unknown> } };
        }
      )._generateConnection();
      expect(tedious.server).to.equal('sql.example');
      expect(tedious.options).to.include({
        port: 14330,
        database: 'pricing',
        encrypt: true,
        trustServerCertificate: true,
        readOnlyIntent: true,
        requestTimeout: 12_000,
        connectTimeout: 4000,
        useUTC: true,
      });
      expect(tedious.authentication.options).to.include({ userName: 'reader', password: 'p@ss' });
    } finally {
      void db.destroy();
    }
  });
});

describe('SQL Server: tedious errors are classified', () => {
  it('a login time-out is 503 (unavailable), a request time-out 504, a socket error 503', async () => {
    const { classifyDbError } = await import('../src/db/errors.js');
    const tedious = await import('tedious');
    expect(classifyDbError(new tedious.ConnectionError('Failed to connect to sql:1433 in 15000ms', 'ETIMEOUT'))).to.equal('unavailable');
    expect(classifyDbError(new tedious.ConnectionError('Connection lost - read ECONNRESET', 'ESOCKET'))).to.equal('unavailable');
    expect(classifyDbError(new tedious.ConnectionError('Login failed for user', 'ELOGIN'))).to.equal('unavailable');
    expect(classifyDbError(new tedious.RequestError('Timeout: Request failed to complete in 15000ms', 'ETIMEOUT'))).to.equal('timeout');
    // The cancel sent at requestTimeout was never acknowledged: tedious drops the connection, but the query timed out.
    expect(classifyDbError(new tedious.ConnectionError('Failed to cancel request in 5000ms', 'ETIMEOUT'))).to.equal('timeout');
    expect(classifyDbError(new tedious.RequestError("Invalid column name 'x'.", 'EREQUEST'))).to.equal(undefined);
  });
});

describe('SQL Server: the export (keyset batches) through a knex whose connection only records', () => {
  it('batches are TOP (?) with ORDER BY … id; the cursor is a bound id read back by subqueries', async () => {
    const { keysetRows } = await import('../src/export/keyset.js');
    const { PRICING_EXPORT } = await import('../src/export/operations.js');
    // No server: the client hands out a dummy connection and answers each statement from a script.
    const recorder = knexFactory({ client: 'mssql' });
    const statements: Knex.Sql[] = [];
    const answers = [[{ id: 11 }, { id: 12 }], []];
    const client = recorder.client as unknown as Record<string, unknown>;
    client.acquireConnection = () => Promise.resolve({});
    client.releaseConnection = () => Promise.resolve(undefined);
    client.query = (_connection: unknown, sql: Knex.Sql) => {
      statements.push(sql);
      return Promise.resolve({ ...sql, response: answers.shift() ?? [] });
    };
    client.processResponse = (result: { response: unknown }) => result.response;

    const recordingDeps: QueryDeps = { db: recorder, timeZone: 'Asia/Shanghai', queryTimeoutMs: 15_000 };
    const rows = [];
    const filtered = PRICING_EXPORT.filtered(recordingDeps, { keyword: HOSTILE });
    for await (const row of keysetRows(recordingDeps, PRICING_EXPORT, filtered, [{ field: 'unitPrice', order: 'descend' }], {
      batchSize: 2,
      maxRows: 100,
    })) {
      rows.push(row);
    }
    expect(rows).to.have.length(2);
    expect(statements).to.have.length(2);
    for (const s of statements) {
      expectNoUserText(s);
      expect(s.sql).to.match(/^select top \(\?\) /);
      expect(orderTerms(s.sql)).to.deep.equal(['[pricing].[unit_price] desc', '[pricing].[id] asc']);
      expect(s.bindings).to.include(HOSTILE_PATTERN);
    }
    expect(statements[1]!.sql).to.include('(select [pricing].[unit_price] from [pricing] inner join [parts]');
    expect(statements[1]!.bindings.filter((b) => b === 12).length).to.be.at.least(2);
  });
});
