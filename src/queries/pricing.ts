import type { Knex } from 'knex';
import type { PricingStatus } from '../domain.js';
import { whereContains, whereDayRange, whereIn, whereRange } from './filters.js';
import { fetchPage, type Page, type PageRequest, type SortSpec } from './paging.js';
import type { QueryDeps } from './query-deps.js';
import type { Column } from './values.js';

/** The pricing row of the contract, in its field order. */
export const PRICING_COLUMNS = [
  { field: 'id', sql: 'pricing.id', kind: 'int' },
  { field: 'pricingNo', sql: 'pricing.pricing_no', kind: 'text' },
  { field: 'partNo', sql: 'parts.part_no', kind: 'text' },
  { field: 'partName', sql: 'parts.part_name', kind: 'text' },
  { field: 'spec', sql: 'parts.spec', kind: 'text' },
  { field: 'material', sql: 'parts.material', kind: 'text' },
  { field: 'unit', sql: 'parts.unit', kind: 'text' },
  { field: 'supplierCode', sql: 'pricing.supplier_code', kind: 'text' },
  { field: 'supplierName', sql: 'pricing.supplier_name', kind: 'text' },
  { field: 'currency', sql: 'pricing.currency', kind: 'text' },
  { field: 'materialCost', sql: 'pricing.material_cost', kind: 'money' },
  { field: 'processCost', sql: 'pricing.process_cost', kind: 'money' },
  { field: 'secondaryProcessCost', sql: 'pricing.secondary_process_cost', kind: 'money' },
  { field: 'otherCost', sql: 'pricing.other_cost', kind: 'money' },
  { field: 'managementFee', sql: 'pricing.management_fee', kind: 'money' },
  { field: 'profit', sql: 'pricing.profit', kind: 'money' },
  { field: 'unitPrice', sql: 'pricing.unit_price', kind: 'money' },
  { field: 'taxRate', sql: 'pricing.tax_rate', kind: 'money' },
  { field: 'unitPriceWithTax', sql: 'pricing.unit_price_with_tax', kind: 'money' },
  { field: 'status', sql: 'pricing.status', kind: 'text' },
  { field: 'pricedBy', sql: 'pricing.priced_by', kind: 'text' },
  { field: 'pricedAt', sql: 'pricing.priced_at', kind: 'datetime' },
  { field: 'validFrom', sql: 'pricing.valid_from', kind: 'date' },
  { field: 'validTo', sql: 'pricing.valid_to', kind: 'date' },
  { field: 'remark', sql: 'pricing.remark', kind: 'text' },
  { field: 'updatedAt', sql: 'pricing.updated_at', kind: 'datetime' },
] as const satisfies readonly Column[];

export interface PricingRow {
  id: number;
  pricingNo: string;
  partNo: string;
  partName: string;
  spec: string | null;
  material: string;
  unit: string;
  supplierCode: string;
  supplierName: string;
  currency: string;
  materialCost: number;
  processCost: number;
  secondaryProcessCost: number;
  otherCost: number;
  managementFee: number;
  profit: number;
  unitPrice: number;
  taxRate: number;
  unitPriceWithTax: number;
  status: PricingStatus;
  pricedBy: string;
  pricedAt: string;
  validFrom: string;
  validTo: string | null;
  remark: string | null;
  updatedAt: string;
}

export const PRICING_SORT = {
  columns: {
    pricedAt: 'pricing.priced_at',
    unitPrice: 'pricing.unit_price',
    pricingNo: 'pricing.pricing_no',
    partNo: 'parts.part_no',
    updatedAt: 'pricing.updated_at',
  },
  defaultSort: { field: 'pricedAt', order: 'descend' },
  idColumn: 'pricing.id',
} as const satisfies SortSpec<string>;

export type PricingSortField = keyof typeof PRICING_SORT.columns;

export interface PricingFilters {
  keyword?: string;
  pricingNo?: string;
  partNo?: string;
  partName?: string;
  supplier?: string;
  status?: PricingStatus[];
  pricedFrom?: string;
  pricedTo?: string;
  minPrice?: number;
  maxPrice?: number;
}

/** FROM pricing JOIN parts WHERE <filters>: shared by the page, its count and the export. */
export function filteredPricing(deps: QueryDeps, f: PricingFilters): Knex.QueryBuilder {
  const qb = deps.db('pricing').join('parts', 'parts.id', 'pricing.part_id');
  whereContains(qb, ['pricing.pricing_no', 'parts.part_no', 'parts.part_name', 'parts.spec', 'pricing.supplier_name'], f.keyword);
  whereContains(qb, ['pricing.pricing_no'], f.pricingNo);
  whereContains(qb, ['parts.part_no'], f.partNo);
  whereContains(qb, ['parts.part_name'], f.partName);
  whereContains(qb, ['pricing.supplier_code', 'pricing.supplier_name'], f.supplier);
  whereIn(qb, 'pricing.status', f.status);
  whereDayRange(qb, 'pricing.priced_at', f.pricedFrom, f.pricedTo, deps.timeZone);
  whereRange(qb, 'pricing.unit_price', f.minPrice, f.maxPrice);
  return qb;
}

export function queryPricing(
  deps: QueryDeps,
  filters: PricingFilters,
  page: PageRequest<PricingSortField>,
): Promise<Page<PricingRow>> {
  return fetchPage<PricingRow, PricingSortField>(deps, filteredPricing(deps, filters), PRICING_COLUMNS, PRICING_SORT, page);
}
