/**
 * The floor of `npm run bench -- --floor plain`: the same routes written as a plain Koa + knex
 * developer would, on the same stack (Koa, @koa/router, koa-bodyparser, knex), with none of the
 * service's validation, logging, security, exports or kept counts. A list runs a count and a page
 * whose previous approved price and number are two correlated subqueries (the change rate from them
 * in JavaScript); keyword filters are ORs of LIKEs. Its answers carry the same rows and totals as
 * the service's (bench/run.ts checks the ids and totals before measuring), not the same bytes.
 */
import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import type { Knex } from 'knex';

const PRICING_SELECT = [
  'pricing.id',
  'pricing.pricing_no as pricingNo',
  'parts.part_no as partNo',
  'parts.part_name as partName',
  'parts.spec',
  'parts.material',
  'parts.unit',
  'pricing.supplier_code as supplierCode',
  'pricing.supplier_name as supplierName',
  'pricing.currency',
  'pricing.material_cost as materialCost',
  'pricing.process_cost as processCost',
  'pricing.secondary_process_cost as secondaryProcessCost',
  'pricing.other_cost as otherCost',
  'pricing.management_fee as managementFee',
  'pricing.profit',
  'pricing.unit_price as unitPrice',
  'pricing.tax_rate as taxRate',
  'pricing.unit_price_with_tax as unitPriceWithTax',
  'pricing.status',
  'pricing.priced_by as pricedBy',
  'pricing.priced_at as pricedAt',
  'pricing.valid_from as validFrom',
  'pricing.valid_to as validTo',
  'pricing.remark',
  'pricing.updated_at as updatedAt',
];

const PROCESS_SELECT = [
  'secondary_processes.id',
  'secondary_processes.process_no as processNo',
  'parts.part_no as partNo',
  'parts.part_name as partName',
  'secondary_processes.process_name as processName',
  'secondary_processes.category',
  'secondary_processes.supplier_code as supplierCode',
  'secondary_processes.supplier_name as supplierName',
  'secondary_processes.price_basis as priceBasis',
  'secondary_processes.unit_price as unitPrice',
  'secondary_processes.currency',
  'secondary_processes.lead_time_days as leadTimeDays',
  'secondary_processes.status',
  'secondary_processes.valid_from as validFrom',
  'secondary_processes.valid_to as validTo',
  'secondary_processes.remark',
  'secondary_processes.updated_at as updatedAt',
];

const PRICING_SORT: Record<string, string> = {
  pricedAt: 'pricing.priced_at',
  unitPrice: 'pricing.unit_price',
  pricingNo: 'pricing.pricing_no',
  partNo: 'parts.part_no',
  updatedAt: 'pricing.updated_at',
};
const PROCESS_SORT: Record<string, string> = {
  updatedAt: 'secondary_processes.updated_at',
  unitPrice: 'secondary_processes.unit_price',
  processName: 'secondary_processes.process_name',
  partNo: 'parts.part_no',
  validFrom: 'secondary_processes.valid_from',
};

type Body = Record<string, unknown>;

/** Shanghai's day D as UTC bounds: the demo seed's zone, fixed here as a plain service would. */
const dayStart = (d: string) => new Date(Date.parse(`${d}T00:00:00+08:00`));
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00+08:00`) + 86_400_000);

function like(qb: Knex.QueryBuilder, columns: string[], text: unknown): void {
  if (typeof text !== 'string' || text === '') return;
  const pattern = `%${text.replace(/[!%_]/g, '!$&')}%`;
  void qb.where((w) => {
    for (const c of columns) void w.orWhereRaw('?? like ? escape ?', [c, pattern, '!']);
  });
}

function sorted(qb: Knex.QueryBuilder, sort: unknown, columns: Record<string, string>, fallback: string): void {
  const keys = Object.entries((sort ?? {}) as Record<string, string | null>).filter(([k, v]) => columns[k] && v);
  if (keys.length === 0) void qb.orderBy(fallback, 'desc');
  for (const [k, v] of keys) void qb.orderBy(columns[k]!, v === 'ascend' ? 'asc' : 'desc');
  void qb.orderBy(fallback.split('.')[0] + '.id', 'asc');
}

function pricingFilters(qb: Knex.QueryBuilder, b: Body): Knex.QueryBuilder {
  like(qb, ['pricing.pricing_no', 'parts.part_no', 'parts.part_name', 'parts.spec', 'pricing.supplier_name'], b.keyword);
  like(qb, ['pricing.pricing_no'], b.pricingNo);
  like(qb, ['parts.part_no'], b.partNo);
  like(qb, ['parts.part_name'], b.partName);
  like(qb, ['pricing.supplier_code', 'pricing.supplier_name'], b.supplier);
  if (Array.isArray(b.status) && b.status.length > 0) void qb.whereIn('pricing.status', b.status as string[]);
  if (typeof b.pricedFrom === 'string') void qb.where('pricing.priced_at', '>=', dayStart(b.pricedFrom));
  if (typeof b.pricedTo === 'string') void qb.where('pricing.priced_at', '<', dayAfter(b.pricedTo));
  if (typeof b.minPrice === 'number') void qb.where('pricing.unit_price', '>=', b.minPrice);
  if (typeof b.maxPrice === 'number') void qb.where('pricing.unit_price', '<=', b.maxPrice);
  return qb;
}

function processFilters(qb: Knex.QueryBuilder, b: Body): Knex.QueryBuilder {
  const sp = 'secondary_processes';
  like(qb, [`${sp}.process_no`, `${sp}.process_name`, 'parts.part_no', 'parts.part_name', `${sp}.supplier_name`], b.keyword);
  like(qb, ['parts.part_no'], b.partNo);
  like(qb, [`${sp}.process_name`], b.processName);
  like(qb, [`${sp}.supplier_code`, `${sp}.supplier_name`], b.supplier);
  if (Array.isArray(b.category) && b.category.length > 0) void qb.whereIn(`${sp}.category`, b.category as string[]);
  if (Array.isArray(b.status) && b.status.length > 0) void qb.whereIn(`${sp}.status`, b.status as string[]);
  if (typeof b.minPrice === 'number') void qb.where(`${sp}.unit_price`, '>=', b.minPrice);
  if (typeof b.maxPrice === 'number') void qb.where(`${sp}.unit_price`, '<=', b.maxPrice);
  const validOn = b.validOn;
  if (typeof validOn === 'string') {
    void qb
      .where(`${sp}.valid_from`, '<=', validOn)
      .where((w) => void w.whereNull(`${sp}.valid_to`).orWhere(`${sp}.valid_to`, '>=', validOn));
  }
  return qb;
}

/** The two correlated subqueries: the same part's latest approved pricing in the same currency before this one. */
function previous(db: Knex, column: string, alias: string): Knex.QueryBuilder {
  return db('pricing as q')
    .select(`q.${column}`)
    .whereRaw('q.part_id = pricing.part_id')
    .whereRaw('q.currency = pricing.currency')
    .where('q.status', 'approved')
    .whereRaw('(q.priced_at < pricing.priced_at or (q.priced_at = pricing.priced_at and q.id < pricing.id))')
    .orderBy('q.priced_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(1)
    .as(alias);
}

function withChange(db: Knex, qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return qb.select(previous(db, 'unit_price', 'previousApprovedPrice'), previous(db, 'pricing_no', 'previousApprovedPricingNo'));
}

function changeRate<R extends { id: number; unitPrice: number; previousApprovedPrice: number | null }>(
  row: R,
): R & { changeRate: number | null } {
  const base = row.previousApprovedPrice === null ? 0 : Number(row.previousApprovedPrice);
  const rate = base === 0 ? null : Math.round(((Number(row.unitPrice) - base) / base) * 10_000) / 10_000;
  return { ...row, previousApprovedPrice: base === 0 ? null : base, changeRate: rate };
}

function page(b: Body): { current: number; pageSize: number } {
  return { current: Number(b.current ?? 1), pageSize: Number(b.pageSize ?? 20) };
}

export function plainFloorApp(db: Knex): Koa {
  const router = new Router({ prefix: '/api' });
  router.get('/info', (ctx) => {
    ctx.body = { success: true, data: { name: 'pricing' } };
  });
  router.get('/test-db', async (ctx) => {
    await db.raw('select 1');
    ctx.body = { success: true, message: '数据库连接成功' };
  });
  router.get('/stats/tables', async (ctx) => {
    const data = [];
    for (const table of ['parts', 'pricing', 'pricing_details', 'secondary_processes']) {
      const q = db(table).count({ n: '*' });
      if (table !== 'pricing_details') void q.max({ updatedAt: 'updated_at' });
      const [row] = (await q) as { n?: string | number; updatedAt?: unknown }[];
      data.push({ table, rowCount: Number(row!.n), lastUpdatedAt: row!.updatedAt ?? null });
    }
    ctx.body = { success: true, data, total: data.length };
  });
  router.post('/query/pricing', async (ctx) => {
    const b = ctx.request.body as Body;
    const { current, pageSize } = page(b);
    const base = () => pricingFilters(db('pricing').join('parts', 'parts.id', 'pricing.part_id'), b);
    const [counted]: { n: number }[] = await base().count({ n: '*' });
    const rows = base().select(PRICING_SELECT);
    withChange(db, rows);
    sorted(rows, b.sort, PRICING_SORT, 'pricing.priced_at');
    const found: Parameters<typeof changeRate>[0][] = await rows.limit(pageSize).offset((current - 1) * pageSize);
    const data = found.map(changeRate);
    ctx.body = { success: true, data, total: Number(counted!.n), current, pageSize };
  });
  router.post('/query/secondary-process', async (ctx) => {
    const b = ctx.request.body as Body;
    const { current, pageSize } = page(b);
    const base = () => processFilters(db('secondary_processes').join('parts', 'parts.id', 'secondary_processes.part_id'), b);
    const [counted]: { n: number }[] = await base().count({ n: '*' });
    const rows = base().select(PROCESS_SELECT);
    sorted(rows, b.sort, PROCESS_SORT, 'secondary_processes.updated_at');
    const data = await rows.limit(pageSize).offset((current - 1) * pageSize);
    ctx.body = { success: true, data, total: Number(counted!.n), current, pageSize };
  });
  router.post('/query/pricing-details', async (ctx) => {
    const b = ctx.request.body as Body;
    const header = db('pricing').join('parts', 'parts.id', 'pricing.part_id').select(PRICING_SELECT).first();
    withChange(db, header);
    if (typeof b.pricingId === 'number') void header.where('pricing.id', b.pricingId);
    else if (typeof b.pricingNo === 'string') void header.where('pricing.pricing_no', b.pricingNo);
    else
      void header
        .where('parts.part_no', String(b.partNo))
        .where('pricing.status', 'approved')
        .orderBy('pricing.priced_at', 'desc')
        .orderBy('pricing.id', 'desc');
    const pricing = (await header) as Parameters<typeof changeRate>[0] | undefined;
    if (!pricing) {
      ctx.status = 404;
      ctx.body = { success: false, code: 'NOT_FOUND', message: '核价记录不存在' };
      return;
    }
    const details = await db('pricing_details')
      .select(
        'line_no as lineNo',
        'cost_type as costType',
        'item_name as itemName',
        'spec',
        'quantity',
        'unit',
        'unit_price as unitPrice',
        'amount',
        'remark',
      )
      .where('pricing_id', pricing.id)
      .orderBy('line_no');
    const byCostType: Record<string, number> = {};
    for (const d of details as { costType: string; amount: number }[])
      byCostType[d.costType] = (byCostType[d.costType] ?? 0) + Number(d.amount);
    ctx.body = { success: true, data: { pricing: changeRate(pricing), details, summary: { byCostType } } };
  });
  const app = new Koa();
  app.use(bodyParser());
  app.use(router.routes());
  return app;
}
