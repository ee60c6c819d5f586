import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import * as migration from '../migrations/20261122000000_create_pricing_tables.js';
import { loadConfig } from '../src/config.js';
import { dialectFor } from '../src/db/dialects/index.js';
import { describeDbError } from '../src/db/errors.js';
import { knexConfig } from '../src/db/knex-config.js';
import type { PageQueries, PageRequest } from '../src/queries/paging/page-queries.js';
import type { SortSpec } from '../src/queries/paging/sort.js';
import { buildDetailLinesQuery, buildPricingHeaderQuery } from '../src/queries/operations/pricing-details.js';
import {
  filteredPricing,
  PRICING_COLUMNS,
  PRICING_SORT,
  pricingPage,
  pricingTotal,
  type PricingFilters,
} from '../src/queries/operations/pricing.js';
import type { QueryDeps } from '../src/queries/deps.js';
import { approvedBefore } from '../src/queries/operations/pricing-change.js';
import { partsByNo, pricesInForce } from '../src/queries/operations/bom-price.js';
import {
  SECONDARY_PROCESS_COLUMNS,
  SECONDARY_PROCESS_SORT,
  secondaryProcessPage,
  secondaryProcessTotal,
  type SecondaryProcessFilters,
} from '../src/queries/operations/secondary-process.js';
import { buildTableStatQuery, TABLES } from '../src/queries/operations/table-stats.js';
import type { Column } from '../src/queries/values.js';

/**
 * SQL Server cannot run here, so this compiles the real query builders and the migration with
 * knex's mssql dialect (no connection is ever opened) and checks what SQL Server depends on.
 * docs/databases.md lists what is verified only this way.
 */

const mssql = knexFactory({ client: 'mssql' });
const deps: QueryDeps = { db: mssql, timeZone: 'Asia/Shanghai', queryTimeoutMs: 15_000 };

/** Text a user might send: every LIKE wildcard, the escape character, and an injection attempt. */
const HOSTILE = "x'; drop table pricing; --[a]%_!\\Z";
const HOSTILE_PATTERN = "%x'; drop table pricing; --[[]a][%][_]!\\z%";

function compile(qb: Knex.QueryBuilder): Knex.Sql {
  return qb.toSQL();
}

/** The SQL outside every parenthesis: the outermost statement, without its subqueries (OUTER APPLY's among them). */
function topLevel(sql: string): string {
  let depth = 0;
  let out = '';
  for (const c of sql) {
    if (c === '(') depth++;
    if (depth === 0) out += c;
    if (c === ')') depth--;
  }
  return out;
}

/** The terms of the outermost ORDER BY, e.g. ['[pricing].[priced_at] desc', '[pricing].[id] asc'], split at its own commas. */
function orderTerms(sql: string): string[] {
  const outer = topLevel(sql);
  const at = outer.lastIndexOf(' order by ');
  if (at < 0) return [];
  // The same place in the full text: count the characters of the top level up to it.
  let seen = 0;
  let depth = 0;
  let start = -1;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === '(') depth++;
    if (depth === 0 && seen++ === at) {
      start = i;
      break;
    }
    if (c === ')') depth--;
  }
  const clause = sql.slice(start + ' order by '.length).replace(/ offset \? rows fetch next \? rows only$/, '');
  const terms: string[] = [];
  let term = '';
  depth = 0;
  for (let i = 0; i < clause.length; i++) {
    const c = clause[i]!;
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (depth === 0 && clause.startsWith(', ', i)) {
      terms.push(term);
      term = '';
      i++;
    } else {
      term += c;
    }
  }
  return [...terms, term];
}

function expectNoUserText(sql: Knex.Sql): void {
  expect(sql.sql).not.to.include('drop table');
  expect(sql.sql).not.to.include('[a]');
}

interface ListOperation<F extends string, Filters> {
  name: string;
  /** The statements the service itself runs for a page, and for its count. */
  page: (f: Filters, page: PageRequest<F>) => PageQueries;
  count: (f: Filters) => Knex.QueryBuilder;
  columns: readonly Column[];
  sort: SortSpec<F>;
  everyFilter: Filters;
  idColumn: string;
  textFilterCount: number;
}

const pricingOp: ListOperation<keyof typeof PRICING_SORT.columns, PricingFilters> = {
  name: 'POST /api/query/pricing',
  page: (f, page) => pricingPage(deps, f, page),
  count: (f) => pricingTotal(deps, f),
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
    minChangeRate: 0.1,
    maxChangeRate: 0.5,
    partNos: [HOSTILE, 'P-100217'],
    inForceOn: '2026-11-20',
  },
  idColumn: '[pricing].[id] asc',
  textFilterCount: 5 + 1 + 1 + 1 + 2,
};

const processOp: ListOperation<keyof typeof SECONDARY_PROCESS_SORT.columns, SecondaryProcessFilters> = {
  name: 'POST /api/query/secondary-process',
  page: (f, page) => secondaryProcessPage(deps, f, page),
  count: (f) => secondaryProcessTotal(deps, f),
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
    partNos: [HOSTILE],
  },
  idColumn: '[secondary_processes].[id] asc',
  textFilterCount: 5 + 1 + 1 + 2,
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
          const { sql, bindings } = compile(op.page({}, page).page);
          const terms = orderTerms(sql);
          expect(terms.at(-1), sql).to.equal(op.idColumn);
          // A computed key (changeRate) is two terms: its null flag, then itself.
          const computed = page.sort.filter((k) => typeof op.sort.columns[k.field] !== 'string').length;
          expect(terms.length, sql).to.equal(Math.max(1, page.sort.length) + computed + 1);
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
        const { sql } = compile(op.page({}, page).page);
        const col = (f: string) =>
          (op.sort.columns[f] as string)
            .split('.')
            .map((p) => `[${p}]`)
            .join('.');
        expect(orderTerms(sql)).to.deep.equal([`${col(fields[1]!)} desc`, `${col(fields[0]!)} asc`, op.idColumn]);
      });

      it('binds every filter value and makes the LIKE wildcards, [ included, one-character classes', () => {
        const { page } = op.page(op.everyFilter, { current: 2, pageSize: 20, sort: [] });
        for (const q of [compile(page), compile(op.count(op.everyFilter))]) {
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

      it('counts without ORDER BY or paging', () => {
        const { sql } = compile(op.count(op.everyFilter));
        expect(sql).to.match(/^select count\(\*\) as \[total\] from /);
        // The OUTER APPLY of a rate filter has its own TOP (1) … ORDER BY; the count itself has none.
        expect(topLevel(sql)).not.to.match(/order by|offset|top/);
      });
    });
  }

  it('POST /api/query/pricing: the Shanghai calendar day is bound as a UTC instant', () => {
    const { sql, bindings } = compile(filteredPricing(deps, { pricedFrom: '2026-03-16', pricedTo: '2026-03-16' }).select('pricing.id'));
    expect(sql).to.include('[pricing].[priced_at] >= ? and [pricing].[priced_at] < ?');
    expect(bindings.map((b) => (b as Date).toISOString())).to.deep.equal(['2026-03-15T16:00:00.000Z', '2026-03-16T16:00:00.000Z']);
  });

  it('a needle with letters is first looked for by its longest run without letters, unfolded (binary columns)', () => {
    const like = (supplier: string) => compile(filteredPricing(deps, { supplier }).select('pricing.id'));
    const fold = (column: string) => `translate([pricing].[${column}], 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') like ?`;
    const s0036 = like('S0036');
    expect(s0036.sql).to.include(`([pricing].[supplier_code] like ? and ${fold('supplier_code')})`);
    expect(s0036.bindings.slice(0, 2)).to.deep.equal(['%0036%', '%s0036%']);
    // The run's wildcards literal, as the needle's.
    expect(like('M6%L20').bindings.slice(0, 2)).to.deep.equal(['%6[%]%', '%m6[%]l20%']);
    // All letters, or no run of two: the fold alone; no letter: the column alone.
    for (const needle of ['bracket', 'a-b']) expect(like(needle).sql).not.to.match(/\[supplier_code\] like \?/);
    expect(like('支架').sql).to.include('[pricing].[supplier_code] like ?').and.not.include('translate(');
  });

  it('money bounds are decimal(18, 4) text: a float parameter would convert the column (data type precedence)', () => {
    const bounds = (minPrice: number, maxPrice: number) => compile(filteredPricing(deps, { minPrice, maxPrice }).select('pricing.id'));
    const { sql, bindings } = bounds(1.5, 99.25);
    expect(sql).to.include('[pricing].[unit_price] >= cast(? as decimal(18, 4)) and [pricing].[unit_price] <= cast(? as decimal(18, 4))');
    expect(bindings).to.deep.equal(['1.5000', '99.2500']);
    // Past the fourth place: up for the lower bound, down for the upper, so the same 4-place prices match.
    expect(bounds(0.00005, 12.34569).bindings).to.deep.equal(['0.0001', '12.3456']);
    expect(bounds(1.1, 5e-324).bindings).to.deep.equal(['1.1000', '0.0000']);
    expect(bounds(0, 99_999_999_999_999.98).bindings).to.deep.equal(['0.0000', '99999999999999.9800']);
    // Beyond decimal(18, 4): a lower bound matches nothing, an upper bound is left out.
    const beyond = bounds(1e14, 1e14);
    expect(beyond.sql).to.match(/ where 1 = 0$/);
    expect(beyond.bindings).to.deep.equal([]);
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

describe('SQL Server: previousApprovedPrice and changeRate (no connection)', () => {
  const APPLY =
    "outer apply (select top (1) [q].[unit_price], [q].[pricing_no] from [pricing] as [q] where [q].[part_id] = [pricing].[part_id] and [q].[status] = 'approved' " +
    'and [q].[currency] = [pricing].[currency] ' +
    'and [q].[priced_at] <= [pricing].[priced_at] and ([q].[priced_at] < [pricing].[priced_at] or [q].[id] < [pricing].[id]) ' +
    'order by [q].[priced_at] desc, [q].[id] desc) as [previous_approved]';

  /** Rate ≥ 0.1 is 2N ≥ 1999·B, i.e. 20000·A ≥ 21999·B; rate ≤ 0.12345 (at most 0.1234) is 2N < 2469·B, i.e. 20000·A < 22469·B. */
  function expectBoundsWithoutDivision(q: { sql: string; bindings: readonly unknown[] }): void {
    // For B > 0, the operators turned round for B < 0; 20000 + 2k ± 1 bound, twice; decimals multiply exactly.
    expect(q.sql).to.include('> 0 and 20000 * [pricing].[unit_price] >= ? * [previous_approved].[unit_price]');
    expect(q.sql).to.include('< 0 and 20000 * [pricing].[unit_price] <= ? * [previous_approved].[unit_price]');
    expect(q.sql).to.include('> 0 and 20000 * [pricing].[unit_price] < ? * [previous_approved].[unit_price]');
    expect(q.bindings.filter((b) => b === 21999)).to.have.length(2);
    expect(q.bindings.filter((b) => b === 22469)).to.have.length(2);
    expect(topLevel(q.sql)).to.not.match(/\b(21999|22469)\b/);
  }

  it('a count or an order by the rate over whole statuses: one window pass over those statuses and the approved rows, the rate rounded with %', () => {
    const sort = [{ field: 'changeRate', order: 'descend' }] as const;
    const filters: PricingFilters = { status: ['pending'], minChangeRate: 0.1, maxChangeRate: 0.12345 };
    const { page } = pricingPage(deps, filters, { current: 1, pageSize: 20, sort: [...sort] });
    for (const q of [compile(page), compile(pricingTotal(deps, filters))]) {
      expect(q.sql).to.not.include('outer apply');
      // Each row's place in its part's order, then the max of place × 10^15 + (price + 10^14) over the approved rows before it.
      expect(q.sql).to.include(
        'row_number() over (partition by [pricing].[part_id], [pricing].[currency] order by [pricing].[priced_at], [pricing].[id]) as [place] from [pricing] where [pricing].[status] in (?, ?)',
      );
      expect(q.sql).to.include(
        'max(case when [ordered].[status] = ? then [ordered].[place] * cast(1000000000000000 as decimal(38, 4)) + [ordered].[unit_price] + cast(100000000000000 as decimal(38, 4)) end) ' +
          'over (partition by [ordered].[part_id], [ordered].[currency] order by [ordered].[priced_at], [ordered].[id] rows between unbounded preceding and 1 preceding) as [previous_packed]',
      );
      expect(q.sql).to.include(
        ') as [pricing] cross apply (select [pricing].[previous_packed] % cast(1000000000000000 as decimal(38, 4)) - cast(100000000000000 as decimal(38, 4)) as [unit_price]) as [previous_approved]',
      );
      // The approved rows' marker, the statuses read (the filter's and approved), then the filter itself.
      expect(q.bindings.filter((b) => typeof b === 'string')).to.deep.equal(['approved', 'pending', 'approved', 'pending']);
      expectBoundsWithoutDivision(q);
    }
    // The sort's key is the rounded rate itself: whole-number division, exact: (x - x % y) / y.
    expect(compile(page).sql).to.match(/\(\(\(2 \* abs\(.+\)\) - \(2 \* abs\(.+\)\) % \(2 \* abs\(/);
    // From the decimal prices themselves: no conversion per row.
    expect(compile(page).sql).to.include(
      'case when [previous_approved].[unit_price] = 0 then null else sign((([pricing].[unit_price] - [previous_approved].[unit_price]) * 10000)) * sign([previous_approved].[unit_price]) * ',
    );
    expect(compile(page).sql).to.not.include('decimal(38, 0)');
    // Ids first (a computed key), TOP on page 1, the null flag before the key (from the previous
    // price, so the rate is computed once per row), id last.
    const { sql } = compile(page);
    // The ids and, in the same statement, how many match (every match is computed for the sort anyway).
    expect(sql).to.match(/^select top \(\?\) \[pricing\]\.\[id\] as \[id\], count\(\*\) over \(\) as \[total_matches\] from \(select /);
    const terms = orderTerms(sql);
    expect(terms).to.have.length(3);
    expect(terms[0]).to.equal(
      'case when ([previous_approved].[unit_price] is null or [previous_approved].[unit_price] = 0) then 1 else 0 end',
    );
    expect(terms[1]).to.match(/^case when .+ end desc$/);
    expect(terms[2]).to.equal('[pricing].[id] asc');
  });

  it('each row applies the latest approved pricing before it (TOP (1) by priced_at, id, descending) where another filter narrows the rows, or for a page in another order', () => {
    const filters: PricingFilters = { status: ['pending'], supplier: 'S0036', minChangeRate: 0.1, maxChangeRate: 0.12345 };
    const narrowed = pricingPage(deps, filters, { current: 1, pageSize: 20, sort: [] });
    const inOrder = pricingPage(
      deps,
      { status: ['pending'], minChangeRate: 0.1, maxChangeRate: 0.12345 },
      { current: 1, pageSize: 20, sort: [] },
    );
    for (const q of [compile(narrowed.page), compile(pricingTotal(deps, filters)), compile(inOrder.page)]) {
      expect(q.sql).to.include(APPLY);
      expect(q.sql).to.not.include('row_number()');
      expectBoundsWithoutDivision(q);
    }
  });

  it('the rows of the list, details and review read the price and its number through the same apply; no rate filter or sort, no apply in the count', () => {
    const header = compile(buildPricingHeaderQuery(deps, { pricingId: 42 }));
    expect(header.sql).to.include(APPLY);
    expect(header.sql).to.include('nullif([previous_approved].[unit_price], 0) as [previousApprovedPrice]');
    // Its number from the same applied row: no second seek.
    expect(header.sql).to.include('[previous_approved].[pricing_no] as [previousApprovedPricingNo]');
    const { page } = pricingPage(deps, {}, { current: 1, pageSize: 20, sort: [] });
    expect(compile(page).sql).to.include(APPLY);
    expect(compile(pricingTotal(deps, {})).sql).to.not.include('outer apply');
  });

  it('the compare base: the approved pricings before pricing ? of its part, latest first', () => {
    const q = compile(approvedBefore(mssql, 42).select('q.id').orderBy('q.priced_at', 'desc').orderBy('q.id', 'desc').limit(1));
    expect(q.sql).to.match(
      /^select top \(\?\) \[q\]\.\[id\] from \[pricing\] as \[q\] inner join \[pricing\] on \[pricing\]\.\[id\] = \? where /,
    );
    expect(q.bindings).to.deep.equal([1, 42, 'approved']);
  });
});

describe('SQL Server: long lists as one OPENJSON parameter (no connection; at most 2,100 parameters a statement)', () => {
  const codes = Array.from({ length: 2000 }, (_, i) => `P-${100000 + i}`);

  it('the BOM: 2,000 part numbers, then their ids, each one JSON array; a code JSON escapes is bound beside it', () => {
    const parts = compile(partsByNo(mssql, [...codes, 'A"B', 'C\\D']));
    expect(parts.sql).to.equal(
      'select [parts].[id], [parts].[part_no] from [parts] where ([parts].[part_no] in (select [value] from openjson(?)) or [parts].[part_no] in (?, ?))',
    );
    expect(parts.bindings).to.deep.equal([JSON.stringify(codes), 'A"B', 'C\\D']);
    const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
    const rows = compile(pricesInForce(mssql, ids, '2026-06-01'));
    expect(rows.sql).to.include('in (select cast([value] as int) from openjson(?))');
    expect(rows.bindings).to.have.length.below(10);
    expect(rows.bindings).to.include(JSON.stringify(ids));
  });

  it('the partNos filter: 1,000 codes as one JSON array', () => {
    const q = compile(filteredPricing(deps, { partNos: codes.slice(0, 1000) }));
    expect(q.sql).to.include('[parts].[part_no] in (select [value] from openjson(?))');
    expect(q.bindings).to.deep.equal([JSON.stringify(codes.slice(0, 1000))]);
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

describe("SQL Server: the read replica's lag check (an availability group's secondary), read from scripted rows", () => {
  const facts = dialectFor('mssql').replica!;
  /** A server answering the lag check's one statement with `rows` (or failing with `err`); the SQL is kept. */
  const server = (rows: Record<string, unknown>[], err?: Error) => {
    const sent: string[] = [];
    const query = (sql: string) => {
      sent.push(sql);
      return err ? Promise.reject(err) : Promise.resolve(rows);
    };
    return { query, sent };
  };
  const at = (iso: string) => new Date(iso);
  const primaryRow = {
    is_primary: 1,
    sync_state: 'SYNCHRONIZED',
    suspended: 0,
    commit_lsn: '39000000123400001',
    commit_time: at('2026-11-25T10:00:05.000Z'),
  };

  it("asks each server for its own row of sys.dm_hadr_database_replica_states for the connection's database", async () => {
    const primary = server([primaryRow]);
    const replica = server([{ ...primaryRow, is_primary: 0 }]);
    await facts.observe({ primary: primary.query, replica: replica.query });
    for (const sql of [...primary.sent, ...replica.sent]) {
      expect(sql).to.match(/from sys\.dm_hadr_database_replica_states where is_local = 1 and database_id = db_id\(\)/);
      expect(sql).to.include('cast(last_commit_lsn as varchar(40)) as commit_lsn').and.include('last_commit_time as commit_time');
      expect(sql).to.include('cast(is_primary_replica as int) as is_primary');
    }
  });

  it("a secondary behind: positions are the commit LSNs (the secondary's last redone commit), the first estimate the commit times' difference", async () => {
    const reading = await facts.observe({
      primary: server([primaryRow]).query,
      replica: server([
        {
          ...primaryRow,
          is_primary: 0,
          sync_state: 'SYNCHRONIZING',
          commit_lsn: '39000000120000001',
          commit_time: at('2026-11-25T10:00:01.500Z'),
        },
      ]).query,
    });
    expect(reading).to.include({
      following: true,
      appliedPosition: 39000000120000001n,
      primaryPosition: 39000000123400001n,
      behindMs: 3500,
    });
    expect(reading.lagUnknown).to.equal(undefined);
    const caughtUp = await facts.observe({
      primary: server([primaryRow]).query,
      replica: server([{ ...primaryRow, is_primary: 0 }]).query,
    });
    expect(caughtUp).to.include({ appliedPosition: 39000000123400001n, primaryPosition: 39000000123400001n, behindMs: 0 });
  });

  it("the primary's row unreadable (no permission there): the secondary's own position, without the primary's", async () => {
    const refused = Object.assign(new Error('VIEW SERVER STATE permission was denied on object server'), { number: 300, code: 'EREQUEST' });
    const reading = await facts.observe({ primary: server([], refused).query, replica: server([{ ...primaryRow, is_primary: 0 }]).query });
    expect(reading).to.include({ following: true, primaryPosition: undefined, behindMs: null });
  });

  it('the read server is the primary replica (read-only routing not configured): it does not follow, reads go to DATABASE_URL', async () => {
    const reading = await facts.observe({ primary: server([primaryRow]).query, replica: server([primaryRow]).query });
    expect(reading.following).to.equal(false);
    expect(reading.detail).to.match(/primary replica/);
  });

  it('no row (the database in no availability group, or Babelfish): the lag is unknown and the server is read', async () => {
    const reading = await facts.observe({ primary: server([]).query, replica: server([]).query });
    expect(reading).to.include({ following: true });
    expect(reading.lagUnknown).to.match(/no availability group/);
  });

  it("the secondary refuses the view (no VIEW SERVER STATE): the reading fails with an error that is not the server's absence", async () => {
    const refused = Object.assign(new Error('The user does not have permission to perform this action.'), {
      number: 297,
      code: 'EREQUEST',
    });
    let thrown: unknown;
    await facts
      .observe({ primary: server([primaryRow]).query, replica: server([], refused).query })
      .catch((err: unknown) => (thrown = err));
    expect(thrown).to.equal(refused);
    // The monitor reads the replica with the lag unknown unless the error says it is unreachable.
    expect(describeDbError(thrown)).to.equal(undefined);
  });

  it("error 3948 (a snapshot read ended by the primary's ghost cleanup or a role change) is a replay conflict: retried on the primary", () => {
    expect(facts.isReplayConflict({ number: 3948 })).to.equal(true);
    expect(facts.isReplayConflict({ number: 208 })).to.equal(false);
    // 976: the secondary database not open for queries (not readable): the connection's failure.
    expect(
      describeDbError(
        Object.assign(
          new Error('The target database, pricing, is participating in an availability group and is currently not accessible for queries.'),
          { number: 976 },
        ),
      ),
    ).to.deep.equal({
      failure: 'unavailable',
      cause: 'server-unavailable',
    });
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
